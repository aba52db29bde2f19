// TapPay card form in the customer app (docs/decisions/payments.md "TapPay card form"; spec 001 §2.6 Qrpay tab, §3
// "Payment config" TapPay fields): approve, decline, reused prime, lost answer, and the retry with another card.
import { randomUUID } from 'node:crypto';
import { TAPPAY_CARD_MESSAGES, TAPPAY_SDK_PATH, TAPPAY_TEST_CARDS } from '@shopdesk/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderPayments, orders } from '../src/db/schema';
import { build, scopedCast } from './helpers';
import { startPaymentSims } from './payment-sims';
import { openShop, orderBody, postOrder, storefrontUrl } from './storefront-fixtures';

const { sims, urls, gateway } = await startPaymentSims();
const t = await build({ payments: gateway });
const cast = await scopedCast(t, { name: '刷卡小館' });
const { gaa } = cast;

const api = (method: string, url: string, payload?: object) =>
  t.app.inject({ method: method as 'GET', url: `/console/apis${url}`, headers: gaa.headers, payload });
const APP_ID = '12348';
const APP_KEY = `app_${randomUUID().replace(/-/g, '')}`;

/** A to-go shop with a QRPay merchant and TapPay (cards), configured with or without the card form's app id. */
const tappayShop = async (opts: { app?: boolean; on?: boolean } = {}) => {
  const shop = await openShop(t, cast.eaa, { isMobilePayment: true, isToGoPay: true }, {}, { manual: true });
  const sid = shop.accountId;
  const m = await api('POST', '/gaa/qrpm/merchants', {
    name: '刷卡小館',
    email: 'shop@example.com',
    phone: '0223456789',
    address: '台北市中正區重慶南路一段 1 號',
    merchantId: sid,
  });
  expect(m.statusCode, m.body).toBe(201);
  const tp = await api('POST', `/gaa/qrpm/merchants/${sid}/payment-services`, {
    service: 'tappay',
    merchantId: sid,
    tappayMerchantId: `shop_${sid}`,
    contactName: '王小明',
    contactPhone: '0912345678',
    contactAddress: '台北市中正區',
    types: ['direct'],
    partnerKey: `partner_${randomUUID().replace(/-/g, '')}`,
    ...(opts.app === false ? {} : { tappayAppId: APP_ID, tappayAppKey: APP_KEY }),
  });
  expect(tp.statusCode, tp.body).toBe(201);
  if (opts.on !== false) {
    const on = await api('PUT', `/gaa/qrpm/merchants/${sid}/payment-configs`, {
      service: 'tappay',
      type: 'direct',
      enable: true,
    });
    expect(on.statusCode, on.body).toBe(200);
  }
  return { ...shop, sid };
};

/** What TapPay's card form does in the browser: post the card to TapPay (here its simulator) for a prime. */
const cardPrime = async (number: string, appKey = APP_KEY) => {
  const res = await fetch(`${urls.tappay}/sdk/get-prime`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      app_id: Number(APP_ID),
      app_key: appKey,
      card: { number, expiry: '12 / 39', ccv: '123' },
    }),
  });
  return (await res.json()) as { status: number; msg: string; card?: { prime: string; lastfour: string } };
};
const approves = async () => (await cardPrime(TAPPAY_TEST_CARDS.approves)).card!.prime;

const payByCard = (sid: number, productId: number, prime?: string) =>
  postOrder(
    t,
    sid,
    orderBody(productId, {
      paymentMethod: 'online',
      paymentService: 'tappay',
      ...(prime ? { paymentPrime: prime } : {}),
    }),
  );
const customerOrder = async (token: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/console/apis/storefront/v1/orders/${encodeURIComponent(token)}`,
    })
  ).json().order;
const retry = (token: string, prime: string) =>
  t.app.inject({
    method: 'POST',
    url: `/console/apis/storefront/v1/orders/${encodeURIComponent(token)}/payment/tappay`,
    payload: { prime },
  });
const paymentOf = async (orderId: number) =>
  (await t.db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId)))[0]!;
const orderPaid = async (orderId: number) =>
  (await t.db.select({ s: orders.paymentStatus }).from(orders).where(eq(orders.id, orderId)))[0]!.s;

describe('TapPay is offered only when switched on and its card form is configured', () => {
  it('the profile names the card form (simulator script at TapPay’s SDK path) and the CSP allows exactly it', async () => {
    const bare = await tappayShop({ app: false });
    const p0 = (await t.app.inject({ method: 'GET', url: storefrontUrl(bare.sid, '/profile') })).json();
    expect(p0.paymentServices).toEqual([]);
    expect(p0.tappay).toBeNull();
    // no app id: intake refuses TapPay as a service that is off
    const refused = await payByCard(bare.sid, bare.productId, await approves());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('PAYMENT_SERVICE_OFF');

    const off = await tappayShop({ on: false });
    expect(
      (await t.app.inject({ method: 'GET', url: storefrontUrl(off.sid, '/profile') })).json().paymentServices,
    ).toEqual([]);

    const s = await tappayShop();
    const p = (await t.app.inject({ method: 'GET', url: storefrontUrl(s.sid, '/profile') })).json();
    expect(p.paymentServices).toEqual(['tappay']);
    expect(p.tappay).toEqual({
      appId: Number(APP_ID),
      appKey: APP_KEY,
      serverType: 'sandbox',
      sdkUrl: `${urls.tappay}${TAPPAY_SDK_PATH}`,
    });
    const script = await fetch(p.tappay.sdkUrl);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(await script.text()).toContain('window.TPDirect');
    const page = await t.app.inject({ method: 'GET', url: `/shop/${s.sid}/` });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self'`);
    expect(csp).toMatch(new RegExp(`script-src [^;]*${p.tappay.sdkUrl.replace(/[./]/g, '\\$&')}(;| )`));
    // the console's pages do not load it
    const consolePage = await t.app.inject({ method: 'GET', url: '/console/' });
    expect(String(consolePage.headers['content-security-policy'])).not.toContain(urls.tappay);
  });

  it('a TapPay order without a prime is refused (400), never paid with a made-up one', async () => {
    const s = await tappayShop();
    const res = await payByCard(s.sid, s.productId);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(TAPPAY_CARD_MESSAGES.primeRequired.zh);
  });

  it('the card form refuses a wrong app key and a malformed card in TapPay’s shape', async () => {
    expect(await cardPrime(TAPPAY_TEST_CARDS.approves, 'app_someoneelseskey1')).toEqual({
      status: 80,
      msg: 'Invaild x-api-key or app key',
    });
    expect((await cardPrime('1234')).status).toBe(41);
    const ok = await cardPrime(TAPPAY_TEST_CARDS.approves);
    expect(ok).toMatchObject({ status: 0, card: { lastfour: '4242' } });
    expect(ok.card!.prime).toMatch(/^test_/);
  });
});

describe('pay by prime from the card form', () => {
  it('approve: 4242… pays; the order is paid with TapPay’s trade id', async () => {
    const s = await tappayShop();
    const res = await payByCard(s.sid, s.productId, await approves());
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json().order.id as number;
    expect((await customerOrder(res.json().orderToken)).payment).toMatchObject({ status: 'requested' });
    await t.app.outbox.drain();
    const p = await paymentOf(orderId);
    expect(p).toMatchObject({ status: 'paid', answer: '0 Success' });
    expect(p.transactionId).toMatch(/^D\d+/);
    expect(await orderPaid(orderId)).toBe('paid');
    expect((await customerOrder(res.json().orderToken)).payment).toMatchObject({
      status: 'paid',
      failure: null,
    });
  });

  it('decline: the order is not paid, the customer sees why, and pays again with another card', async () => {
    const s = await tappayShop();
    const declining = (await cardPrime(TAPPAY_TEST_CARDS.declines)).card!.prime;
    const res = await payByCard(s.sid, s.productId, declining);
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json().order.id as number;
    const token = res.json().orderToken as string;
    await t.app.outbox.drain();
    expect(await paymentOf(orderId)).toMatchObject({
      status: 'failed',
      answer: '10003 Card Error',
      transactionId: null,
    });
    expect(await orderPaid(orderId)).not.toBe('paid');
    expect(sims.control.payments().filter((x) => x.orderRef === `SD${s.sid}-${orderId}`)).toHaveLength(0);
    expect((await customerOrder(token)).payment).toMatchObject({
      status: 'failed',
      failure: { code: '10003', text: 'Card Error' },
    });

    // another card: the payment is asked again, then paid; one charge
    const again = await retry(token, await approves());
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().order.payment).toMatchObject({ status: 'requested', failure: null });
    await t.app.outbox.drain();
    expect(await paymentOf(orderId)).toMatchObject({ status: 'paid' });
    expect(await orderPaid(orderId)).toBe('paid');
    expect(sims.control.payments().filter((x) => x.orderRef === `SD${s.sid}-${orderId}`)).toHaveLength(1);
    // a paid order is never paid again
    const twice = await retry(token, await approves());
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(TAPPAY_CARD_MESSAGES.notRetryable.zh);
    // a forged link is not found
    expect((await retry(`${token}x`, await approves())).statusCode).toBe(404);
  });

  it('reused prime: TapPay’s 91 Expired prime fails the second order; a fresh prime pays it', async () => {
    const s = await tappayShop();
    const prime = await approves();
    const first = await payByCard(s.sid, s.productId, prime);
    await t.app.outbox.drain();
    expect(await paymentOf(first.json().order.id)).toMatchObject({ status: 'paid' });
    const second = await payByCard(s.sid, s.productId, prime);
    expect(second.statusCode, second.body).toBe(201);
    const orderId = second.json().order.id as number;
    await t.app.outbox.drain();
    expect(await paymentOf(orderId)).toMatchObject({ status: 'failed', answer: '91 Expired prime' });
    expect(await orderPaid(orderId)).not.toBe('paid');
    const token = second.json().orderToken as string;
    expect((await customerOrder(token)).payment.failure).toEqual({ code: '91', text: 'Expired prime' });
    // the spent prime again: still refused by TapPay, still not paid
    expect((await retry(token, prime)).statusCode).toBe(200);
    await t.app.outbox.drain();
    expect(await paymentOf(orderId)).toMatchObject({ status: 'failed', answer: '91 Expired prime' });
    expect((await retry(token, await approves())).statusCode).toBe(200);
    await t.app.outbox.drain();
    expect(await paymentOf(orderId)).toMatchObject({ status: 'paid' });
  });

  it('lost answer: pending (no retry by the customer), reconciled by TapPay’s record query, charged once', async () => {
    const s = await tappayShop();
    sims.control.loseNextAnswer();
    const res = await payByCard(s.sid, s.productId, await approves());
    const orderId = res.json().order.id as number;
    const token = res.json().orderToken as string;
    const orderRef = `SD${s.sid}-${orderId}`;
    await t.app.outbox.drain();
    expect(await paymentOf(orderId)).toMatchObject({ status: 'requested', transactionId: null });
    expect(await orderPaid(orderId)).not.toBe('paid');
    expect((await customerOrder(token)).payment).toMatchObject({ status: 'requested', failure: null });
    // while TapPay's answer is unknown the customer cannot pay again (that could charge twice)
    expect((await retry(token, await approves())).statusCode).toBe(409);
    await t.app.outbox.drain({ now: new Date(Date.now() + 3_600_000) });
    const charges = sims.control.payments().filter((x) => x.orderRef === orderRef);
    expect(charges).toHaveLength(1);
    expect(await paymentOf(orderId)).toMatchObject({ status: 'paid', transactionId: charges[0]!.id });
    expect(await orderPaid(orderId)).toBe('paid');
  });
});
