// "every shop setting changes what the app shows or accepts": the e-invoice fields (spec 001 §2.2
// is_invoice "tax-id field", is_carrier "mobile e-invoice carrier field") are kept by order intake only when
// the shop asks for them, each by its own switch; and the bookable times count an order limit's slot as intake
// counts it (spec 001 §3 Order limit), also the orders placed earlier in the slot running now.
import { randomUUID } from 'node:crypto';
import { keptInvoice, localTime, zonedInstant } from '@shopdesk/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { businesses, orderLimits, orders } from '../src/db/schema';
import { placeOrder } from '../src/features/orders/storefront/place-order';
import { loadOrderShop } from '../src/features/orders/storefront/shop-context';
import { bookableSlots } from '../src/features/orders/storefront/slot-counts';
import { build } from './helpers';
import { openShop, orderBody, postOrder } from './storefront-fixtures';

describe('keptInvoice (spec 001 §2.2: is_invoice tax-id field, is_carrier carrier field)', () => {
  const both = { buyerTaxId: '04595257', carrier: '/ABC1234' };
  it('keeps each field by its own switch', () => {
    expect(keptInvoice({ taxId: true, carrier: true }, both)).toEqual(both);
    expect(keptInvoice({ taxId: false, carrier: true }, both)).toEqual({ carrier: '/ABC1234' });
    expect(keptInvoice({ taxId: true, carrier: false }, both)).toEqual({ buyerTaxId: '04595257' });
    expect(keptInvoice({ taxId: false, carrier: false }, both)).toBeNull();
  });
  it('answers null for nothing given; a shop without the switches known keeps what is given', () => {
    expect(keptInvoice({ taxId: true, carrier: true }, { buyerTaxId: '', carrier: '' })).toBeNull();
    expect(keptInvoice({ taxId: true, carrier: true }, null)).toBeNull();
    expect(keptInvoice(undefined, both)).toEqual(both);
  });
});

describe('order intake keeps the e-invoice fields the shop asks for', async () => {
  const t = await build();
  const eaa = await t.signedIn('eaa');
  const shop = await openShop(t, eaa);
  const sid = shop.accountId;
  const set = (v: Partial<typeof businesses.$inferInsert>) =>
    t.db.update(businesses).set(v).where(eq(businesses.accountId, sid));
  const place = async () => {
    const res = await postOrder(
      t,
      sid,
      orderBody(shop.productId, { invoice: { buyerTaxId: '04595257', carrier: '/ABC1234' } }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db
      .select({ taxId: orders.buyerTaxId, carrier: orders.carrier })
      .from(orders)
      .where(eq(orders.id, res.json().order.id));
    return row;
  };

  it('is_carrier on keeps the carrier, off drops it; is_invoice does the same for the tax id', async () => {
    await set({ isInvoice: true, isCarrier: true });
    expect(await place()).toEqual({ taxId: '04595257', carrier: '/ABC1234' });
    await set({ isInvoice: true, isCarrier: false });
    expect(await place()).toEqual({ taxId: '04595257', carrier: null });
    await set({ isInvoice: false, isCarrier: true });
    expect(await place()).toEqual({ taxId: null, carrier: '/ABC1234' });
    await set({ isInvoice: false, isCarrier: false });
    expect(await place()).toEqual({ taxId: null, carrier: null });
  });

  it('the customer app is told both switches apart', async () => {
    await set({ isInvoice: false, isCarrier: true });
    const res = await t.app.inject({
      method: 'GET',
      url: `/console/apis/storefront/v1/shops/${sid}/profile`,
    });
    expect(res.json().form).toMatchObject({ invoice: false, carrier: true });
  });
});

describe('bookable times and an order limit (spec 001 §3 max_num_of_order per session_time)', async () => {
  const t = await build();
  const eaa = await t.signedIn('eaa');
  const shop = await openShop(t, eaa, { timeSectorDays: 2, timeSectorLength: 15 });
  const sid = shop.accountId;
  await t.db.insert(orderLimits).values({
    accountId: sid,
    mealType: 'to_go',
    periodSession: [0, 1, 2, 3, 4, 5, 6],
    timeSession: { start: '00:00', end: '23:59' },
    sessionTime: 60,
    maxNumOfOrder: 1,
  });
  // a day to come, on the shop's clock: the order at 10:05, the customer looking at 10:20
  const day = localTime(new Date(Date.now() + 7 * 86_400_000)).date;
  const at = (hhmm: string) => {
    const [h, m] = hhmm.split(':').map(Number) as [number, number];
    return zonedInstant(day, h * 60 + m);
  };

  it('a slot filled by an order placed earlier in it offers no more times; the next slot does', async () => {
    const o = await loadOrderShop(t.db, sid);
    const before = (await bookableSlots(t.db, o, 'to_go', at('10:20'))).map((d) => d.toISOString());
    expect(before).toContain(at('10:30').toISOString());
    const placed = await placeOrder(
      t.db,
      sid,
      { ...orderBody(shop.productId), wantedAt: null } as Parameters<typeof placeOrder>[2],
      randomUUID(),
      at('10:05'),
    );
    expect(placed.created).toBe(true);
    const after = (await bookableSlots(t.db, o, 'to_go', at('10:20'))).map((d) => d.toISOString());
    expect(after).not.toContain(at('10:30').toISOString());
    expect(after).not.toContain(at('10:45').toISOString());
    expect(after).toContain(at('11:00').toISOString());
  });
});
