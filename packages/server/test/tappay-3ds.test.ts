// TapPay with 3-D Secure (the 3D 驗證 switch of the TapPay service, spec 001 §3 "Payment config"): the charge
// waits for the card holder at the bank's page; our return and notify routes settle it by TapPay's record
// query, never by what the browser or the post says (docs/decisions/payments.md "TapPay 3-D Secure").
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderPayments, orders } from '../src/db/schema';
import { build, scopedCast } from './helpers';
import { startPaymentSims } from './payment-sims';
import { openShop, orderBody, postOrder } from './storefront-fixtures';

const { sims, gateway } = await startPaymentSims();
const t = await build({ payments: gateway });
const cast = await scopedCast(t, { name: '三點水豆花' });
const api = (method: string, url: string, payload?: object) =>
  t.app.inject({ method: method as 'GET', url: `/console/apis${url}`, headers: cast.gaa.headers, payload });
const PARTNER = `partner_${randomUUID().replace(/-/g, '')}`;

/** A shop taking online to-go payments through TapPay (direct) with 3-D Secure on or off. */
const tappayShop = async (useTds: boolean) => {
  const shop = await openShop(t, cast.eaa, { isMobilePayment: true, isToGoPay: true }, {}, { manual: true });
  const sid = shop.accountId;
  const m = await api('POST', '/gaa/qrpm/merchants', {
    name: '三點水豆花',
    email: 'shop@example.com',
    phone: '0223456789',
    address: '台北市中正區重慶南路一段 1 號',
    merchantId: sid,
  });
  expect(m.statusCode, m.body).toBe(201);
  const tp = await api('POST', `/gaa/qrpm/merchants/${sid}/payment-services`, {
    service: 'tappay',
    merchantId: sid,
    tappayMerchantId: `tds_${sid}`,
    contactName: '王小明',
    contactPhone: '0912345678',
    contactAddress: '台北市中正區',
    types: ['direct'],
    partnerKey: PARTNER,
    tappayAppId: '12348',
    tappayAppKey: 'app_pa1pQcKoY22IlnSXq5m5WP5jFKzoRG58',
    useTds,
  });
  expect(tp.statusCode, tp.body).toBe(201);
  await api('PUT', `/gaa/qrpm/merchants/${sid}/payment-configs`, {
    service: 'tappay',
    type: 'direct',
    enable: true,
  });
  const placed = await postOrder(
    t,
    sid,
    orderBody(shop.productId, {
      paymentMethod: 'online',
      paymentService: 'tappay',
      paymentPrime: sims.control.issuePrime(),
    }),
  );
  expect(placed.statusCode, placed.body).toBe(201);
  await t.app.outbox.drain();
  const orderId = placed.json().order.id as number;
  const token = placed.json().orderToken as string;
  const payment = async () =>
    (await t.db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId)))[0]!;
  const seen = async () =>
    (await t.app.inject({ method: 'GET', url: `/console/apis/storefront/v1/orders/${token}` })).json().order;
  return { sid, orderId, payment, seen };
};

/** The card holder at the bank's page: verifies (ok) or gives up; the page sends the browser back to us. */
const atTheBank = async (paymentUrl: string, ok: boolean) => {
  const page = await fetch(paymentUrl);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('3-D Secure');
  const answer = await fetch(`${paymentUrl}/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `ok=${ok ? 1 : 0}`,
    redirect: 'manual',
  });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location')!);
};

describe('TapPay with 3-D Secure', () => {
  it('off: the charge is paid at once, with no bank page', async () => {
    const { payment, seen } = await tappayShop(false);
    expect(await payment()).toMatchObject({ status: 'paid', paymentUrl: null });
    expect((await seen()).payment.paymentUrl).toBeNull();
  });

  it('on: waits for the card holder; a forged notify changes nothing; the return after verifying pays', async () => {
    const { sid, orderId, payment, seen } = await tappayShop(true);
    const waiting = await payment();
    // not paid: TapPay took the trade for 3-D Secure and answered the bank's page
    expect(waiting).toMatchObject({ status: 'requested' });
    expect(waiting.transactionId).toMatch(/^D\d+/);
    expect(waiting.paymentUrl).toMatch(/\/sim\/3ds\/D\d+$/);
    expect((await seen()).payment).toMatchObject({ status: 'requested', paymentUrl: waiting.paymentUrl });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.paymentStatus).not.toBe('paid');

    // TapPay's charge request carried our result_url (the simulator refuses 3-D Secure without one)
    const back = await atTheBank(waiting.paymentUrl!, true);
    expect(back.pathname).toBe('/console/apis/storefront/v1/payments/tappay/return');
    expect(back.searchParams.get('status')).toBe('0');

    // a notify that says "paid" for a trade the card holder has not verified is not believed
    const other = await tappayShop(true);
    const otherReturn = resultUrlOf((await other.payment()).paymentUrl!);
    const forged = await t.app.inject({
      method: 'POST',
      url: `/console/apis/storefront/v1/payments/tappay/notify?p=${encodeURIComponent(otherReturn.searchParams.get('p')!)}`,
      payload: { rec_trade_id: 'D1', order_number: 'x', status: 0 },
    });
    expect(forged.statusCode, forged.body).toBe(200);
    expect(forged.json()).toEqual({ status: 'requested' });
    expect((await other.payment()).status).toBe('requested');

    // the browser comes back: the record query says captured → paid, then the customer's order page
    const returned = await t.app.inject({ method: 'GET', url: back.pathname + back.search });
    expect(returned.statusCode, returned.body).toBe(302);
    expect(returned.headers.location).toMatch(new RegExp(`/shop/${sid}/orders/`));
    expect(await payment()).toMatchObject({ status: 'paid', transactionId: waiting.transactionId });
    expect((await seen()).payment).toMatchObject({ status: 'paid', paymentUrl: null });
    // again (a reload, or TapPay's notify after it): nothing moves
    const notify = await t.app.inject({
      method: 'POST',
      url: `/console/apis/storefront/v1/payments/tappay/notify?${back.searchParams.toString().replace(/&.*$/, '')}`,
      payload: { status: 0 },
    });
    expect(notify.json()).toEqual({ status: 'unchanged' });
    expect(sims.control.payments().filter((p) => p.id === waiting.transactionId)).toHaveLength(1);
  });

  it('on: a card holder who does not verify leaves a failed payment the order page offers to pay again', async () => {
    const { payment, seen } = await tappayShop(true);
    const back = await atTheBank((await payment()).paymentUrl!, false);
    expect(back.searchParams.get('status')).not.toBe('0');
    expect((await t.app.inject({ method: 'GET', url: back.pathname + back.search })).statusCode).toBe(302);
    expect(await payment()).toMatchObject({ status: 'failed' });
    expect((await seen()).payment).toMatchObject({ status: 'failed', failure: { code: '10009' } });
  });

  it('a reference that is not a TapPay payment of ours is a 404', async () => {
    const bad = await t.app.inject({
      method: 'GET',
      url: '/console/apis/storefront/v1/payments/tappay/return?p=x.y',
    });
    expect(bad.statusCode).toBe(404);
  });
});

/** The frontend_redirect_url our charge request gave TapPay for this bank page's trade. */
const resultUrlOf = (paymentUrl: string) => {
  const id = paymentUrl.split('/').pop()!;
  const trade = sims.control.payments().find((p) => p.id === id);
  expect(trade?.tds?.frontend).toBeTruthy();
  return new URL(trade!.tds!.frontend);
};
