// 團購 (is_groupbuy): the shared cart's rules in the contract (storefront/group-cart.ts, participants.ts) and
// the ticket template printing the items under each name.
import { describe, expect, it } from 'vitest';
import {
  addGroupLineOp,
  DEFAULT_TEMPLATE_MASTER,
  DEFAULT_TEMPLATE_OPTIONS,
  GROUP_CART,
  groupCartClosed,
  participantGroups,
  renderTemplateLines,
  SAMPLE_TICKET,
  ZGroupCheckout,
  ZGroupKey,
} from '../src';

describe('participantGroups', () => {
  it('groups items under each name in the order the names first appear', () => {
    const items = [
      { id: 1, participant: 'Amy' },
      { id: 2, participant: 'Ben' },
      { id: 3, participant: 'Amy' },
    ];
    expect(participantGroups(items)).toEqual([
      { participant: 'Amy', items: [items[0], items[2]] },
      { participant: 'Ben', items: [items[1]] },
    ]);
  });
  it('an ordinary order is one group without a name', () => {
    const items = [{ id: 1, participant: null }, { id: 2 }];
    expect(participantGroups(items)).toEqual([{ participant: null, items }]);
  });
});

describe('groupCartClosed', () => {
  const now = new Date('2026-05-01T12:00:00Z');
  const later = new Date(now.getTime() + 60_000);
  it('open and not expired: nothing blocks a change', () => {
    expect(groupCartClosed({ status: 'open', expiresAt: later }, now)).toBeNull();
  });
  it('checked out, cancelled and expired carts take no change', () => {
    expect(groupCartClosed({ status: 'checked_out', expiresAt: later }, now)).toBe('checkedOut');
    expect(groupCartClosed({ status: 'cancelled', expiresAt: later }, now)).toBe('cancelled');
    expect(groupCartClosed({ status: 'open', expiresAt: now }, now)).toBe('expired');
  });
});

describe('group cart bounds', () => {
  it('a participant key is a random id of 16–64 safe characters', () => {
    expect(ZGroupKey.safeParse('0b0c6f1e-6a0b-4c7e-9d55-8f3b1b2a7c11').success).toBe(true);
    expect(ZGroupKey.safeParse('short').success).toBe(false);
    expect(ZGroupKey.safeParse('x'.repeat(65)).success).toBe(false);
    expect(ZGroupKey.safeParse('has spaces in it, sixteen+').success).toBe(false);
  });
  it('a name is required and at most nameMax characters', () => {
    const body = addGroupLineOp.body!;
    expect(body.safeParse({ name: '  ', productId: 1, quantity: 1 }).success).toBe(false);
    expect(
      body.safeParse({ name: 'x'.repeat(GROUP_CART.nameMax + 1), productId: 1, quantity: 1 }).success,
    ).toBe(false);
    expect(body.parse({ name: ' Amy ', productId: 1, quantity: 2 })).toMatchObject({
      name: 'Amy',
      optionIds: [],
    });
  });
  it('the checkout takes the order fields without items (the items are the cart lines)', () => {
    const parsed = ZGroupCheckout.parse({
      mealType: 'to_go',
      customer: { name: '阿明', phone: '0912345678' },
      paymentMethod: 'cash',
      items: [{ productId: 1, quantity: 1 }],
    });
    expect('items' in parsed).toBe(false);
  });
});

describe('the ticket template prints the items under each name', () => {
  const template = { master: DEFAULT_TEMPLATE_MASTER, options: DEFAULT_TEMPLATE_OPTIONS };
  const item = (name: string, participant?: string) => ({
    name,
    quantity: 1,
    lineTotal: 50,
    options: [],
    participant,
  });
  const texts = (items: ReturnType<typeof item>[]) =>
    renderTemplateLines(template, { ...SAMPLE_TICKET, items }).flatMap((l) => ('text' in l ? [l.text] : []));

  it('a group order: a heading per name, then that name’s items', () => {
    const out = texts([item('紅茶', 'Amy'), item('綠茶', 'Ben'), item('奶茶', 'Amy')]);
    const at = (s: string) => out.findIndex((x) => x.includes(s));
    expect(at('【Amy】')).toBeLessThan(at('紅茶'));
    expect(at('奶茶')).toBeLessThan(at('【Ben】'));
    expect(at('【Ben】')).toBeLessThan(at('綠茶'));
  });
  it('an ordinary order prints no name heading', () => {
    expect(texts([item('紅茶')]).some((x) => x.startsWith('【'))).toBe(false);
  });
});
