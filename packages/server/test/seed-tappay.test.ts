// The demo's TapPay shops (seed/qrpay.ts): their card form is configured with the sandbox app id and key,
// online payment is on, so a new user pays by card in the demo (docs/decisions/payments.md "TapPay card form").
import { TAPPAY_TEST_CARDS } from '@shopdesk/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderPayments, orders } from '../src/db/schema';
import { DEMO_TAPPAY_APP, seedQrpay, seedQrpayReport } from '../src/seed/qrpay';
import { build, scopedCast } from './helpers';
import { startPaymentSims } from './payment-sims';
import { openShop, orderBody, postOrder, storefrontUrl } from './storefront-fixtures';

const { urls, gateway } = await startPaymentSims();
const t = await build({ payments: gateway });
const cast = await scopedCast(t, { name: '示範刷卡' });

/** What the customer app does with the seeded shop: read its card form, get a prime from TapPay, order. */
const payByCardAsCustomer = async (sid: number, productId: number) => {
  const profile = (await t.app.inject({ method: 'GET', url: storefrontUrl(sid, '/profile') })).json();
  expect(profile.paymentServices).toContain('tappay');
  expect(profile.tappay).toMatchObject({
    appId: Number(DEMO_TAPPAY_APP.tappayAppId),
    appKey: DEMO_TAPPAY_APP.tappayAppKey,
    serverType: 'sandbox',
  });
  const prime = (await (
    await fetch(`${urls.tappay}/sdk/get-prime`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        app_id: profile.tappay.appId,
        app_key: profile.tappay.appKey,
        card: { number: TAPPAY_TEST_CARDS.approves, expiry: '12 / 39', ccv: '123' },
      }),
    })
  ).json()) as { status: number; card?: { prime: string } };
  expect(prime.status).toBe(0);
  const res = await postOrder(
    t,
    sid,
    orderBody(productId, {
      paymentMethod: 'online',
      paymentService: 'tappay',
      paymentPrime: prime.card!.prime,
    }),
  );
  expect(res.statusCode, res.body).toBe(201);
  await t.app.outbox.drain();
  // a service with 3D 驗證 on waits for the card holder at the bank's page: verify there, come back
  const [pay] = await t.db
    .select()
    .from(orderPayments)
    .where(eq(orderPayments.orderId, res.json().order.id as number));
  if (pay?.paymentUrl) {
    const bank = await fetch(`${pay.paymentUrl}/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'ok=1',
      redirect: 'manual',
    });
    const back = new URL(bank.headers.get('location')!);
    expect((await t.app.inject({ method: 'GET', url: back.pathname + back.search })).statusCode).toBe(302);
  }
  const [o] = await t.db
    .select({ s: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.id, res.json().order.id as number));
  return o!.s;
};

describe('seeded TapPay shops take cards', () => {
  it('the first demo shop (seedQrpay): card form set up, online payment on, the card payment goes through', async () => {
    // a shop as the demo's first one is before its payment seed: cash only
    const shop = await openShop(t, cast.eaa, { isMobilePayment: false, isToGoPay: false });
    const before = (
      await t.app.inject({ method: 'GET', url: storefrontUrl(shop.accountId, '/profile') })
    ).json();
    expect(before.tappay).toBeNull();
    await seedQrpay(t.db, t.app.secretBox, shop.accountId);
    expect(await payByCardAsCustomer(shop.accountId, shop.productId)).toBe('paid');
  });

  it('the report’s TapPay merchant (seedQrpayReport, shop 21 of the demo; 3D 驗證 on) takes cards too', async () => {
    const ok = await openShop(t, cast.eaa, { isMobilePayment: false, isToGoPay: false });
    const failing = await openShop(t, cast.eaa);
    const bare = await openShop(t, cast.eaa);
    await seedQrpayReport(t.db, t.app.secretBox, [ok.accountId, failing.accountId, bare.accountId]);
    expect(await payByCardAsCustomer(ok.accountId, ok.productId)).toBe('paid');
  });
});
