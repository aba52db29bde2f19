import { describe, expect, it } from 'vitest';
import {
  checkOrderQueryDates,
  DATE_RULE_MESSAGES,
  normalizePhone,
  ZAddBannedRequest,
  ZSummaryOrdersQuery,
  ZTaiwanPhone,
} from '../src';

const TODAY = '2026-11-23';

describe('order query date rules (spec 000 §5)', () => {
  it('passes today and a 31-day range', () => {
    expect(checkOrderQueryDates({ from: TODAY, to: TODAY }, TODAY)).toBeNull();
    expect(checkOrderQueryDates({ from: '2026-10-24', to: TODAY }, TODAY)).toBeNull();
  });

  it('refuses 32 days on the end field', () => {
    expect(checkOrderQueryDates({ from: '2026-10-23', to: TODAY }, TODAY)).toEqual({
      field: 'to',
      message: DATE_RULE_MESSAGES.queryRange,
    });
  });

  it('refuses a start after today or after the end', () => {
    expect(checkOrderQueryDates({ from: '2026-11-24', to: '2026-11-24' }, TODAY)?.message).toBe(
      DATE_RULE_MESSAGES.startAfterToday,
    );
    expect(checkOrderQueryDates({ from: '2026-11-20', to: '2026-11-19' }, TODAY)?.message).toBe(
      DATE_RULE_MESSAGES.startAfterEnd,
    );
  });

  it('applies the 3-month window only when a phone is searched', () => {
    const old = { from: '2026-08-01', to: '2026-08-20' };
    expect(checkOrderQueryDates(old, TODAY)).toBeNull();
    expect(checkOrderQueryDates({ ...old, phone: '   ' }, TODAY)).toBeNull();
    expect(checkOrderQueryDates({ ...old, phone: '0912345678' }, TODAY)).toEqual({
      field: 'from',
      message: DATE_RULE_MESSAGES.phoneRange,
    });
    expect(checkOrderQueryDates({ from: '2026-08-23', to: '2026-08-23', phone: '09' }, TODAY)).toBeNull();
  });
});

describe('phone rule of the banned list (ours, docs/decisions/orders.md)', () => {
  it('drops spaces and dashes', () => {
    expect(normalizePhone(' 0912-345 678 ')).toBe('0912345678');
    expect(ZSummaryOrdersQuery.parse({ phone: '0912-345-678' }).phone).toBe('0912345678');
  });

  // the shared Taiwan phone rule (common/tw-numbers.ts)
  it('takes a mobile (09 + 8 digits) or a landline with its area code, 0 or +886, common separators', () => {
    for (const ok of [
      '0912345678',
      '02-2345-6789',
      '+886 912 345 678',
      '037-123456',
      '(02) 2345.6789',
      '0800-123-456',
    ])
      expect(ZTaiwanPhone.safeParse(ok).success, ok).toBe(true);
    for (const bad of [
      '',
      '912345678',
      '0123456',
      '0123456789012345',
      '+1 415 555 0100',
      '09123abc78',
      '+886',
      '01234567',
      '012345678901234',
      '0912-345-67',
    ])
      expect(ZTaiwanPhone.safeParse(bad).success, bad).toBe(false);
  });

  it('a manual entry needs a shop, a phone and a reason', () => {
    const r = ZAddBannedRequest.safeParse({ phone: '0912345678', reason: '' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path[0]).sort()).toEqual(['accountId', 'reason']);
  });
});
