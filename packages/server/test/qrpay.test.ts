// Qrpay tab (spec 001 §2.6, §3 "QR merchant" / "Payment config", §4 "Payment toggles", §5 "QR payment", §7
// /gaa/qrpm/…, §9 TapPay type options) and the payment adapters with their simulators.
import { randomUUID } from 'node:crypto';
import { QRPAY_MESSAGES as M } from '@shopdesk/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  createPaymentGateway,
  easyWalletSignature,
  linePaySignature,
  parseKeepingIds,
} from '../src/adapters/payment/clients';
import { orderEvents, orderPayments, orders, outboxJobs, paymentServices } from '../src/db/schema';
import { transitionOrder } from '../src/features/orders/order-flow/transition';
import { paymentReturnRef } from '../src/features/payments/qrpay/payment-jobs';
import { build, scopedCast } from './helpers';
import { startPaymentSims } from './payment-sims';
import { openShop, orderBody, postOrder, storefrontUrl } from './storefront-fixtures';

const { sims, urls, gateway } = await startPaymentSims();
const logs: string[] = [];
const t = await build({
  payments: gateway,
  logger: { level: 'debug', stream: { write: (line: string) => void logs.push(line) } },
});
const cast = await scopedCast(t, { name: '阿嬤牛肉麵' });
const { gaa, id } = cast;
const other = await scopedCast(t, { name: '別家小吃' });

const api = (method: string, url: string, payload?: object, headers: Record<string, string> = gaa.headers) =>
  t.app.inject({ method: method as 'GET', url: `/console/apis${url}`, headers, payload });
const merchant = (merchantId = id) => ({
  name: '阿嬤牛肉麵',
  email: 'shop@example.com',
  phone: '0223456789',
  address: '台北市中正區重慶南路一段 1 號',
  merchantId,
});
const PARTNER = `partner_${randomUUID().replace(/-/g, '')}`;
const LINE_SECRET = `line-secret-${randomUUID()}`;
const EW_CODE = `ew-code-${randomUUID()}`;
const tappay = (extra: Record<string, unknown> = {}) => ({
  service: 'tappay',
  merchantId: id,
  tappayMerchantId: 'shopdesk_CTBC',
  contactName: '王小明',
  contactPhone: '0912345678',
  contactAddress: '台北市中正區',
  types: ['apple', 'google', 'direct'],
  partnerKey: PARTNER,
  // the card form's public app id and key: TapPay is offered to customers only with them
  tappayAppId: '12348',
  tappayAppKey: 'app_pa1pQcKoY22IlnSXq5m5WP5jFKzoRG58',
  ...extra,
});
const linepay = {
  service: 'linepay',
  merchantId: id,
  name: 'LINE Pay 本店',
  channelId: '1650000001',
  channelSecret: LINE_SECRET,
};
const easywallet = {
  service: 'easywallet',
  merchantId: id,
  name: '悠遊付',
  sellerMemberUid: 'SM0001',
  securityCode: EW_CODE,
  contractNo: 'C-2026-01',
  executorId: 'EX01',
};

describe('merchant (spec 001 §5 "QR payment", §7)', () => {
  it('a shop without a merchant answers 404 with the prompt text', async () => {
    const res = await api('GET', `/gaa/qrpm/merchants/${id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(M.noMerchant.zh);
  });

  it('other types and other tenants are refused', async () => {
    for (const who of [cast.si, cast.eaa]) {
      expect((await api('GET', `/gaa/qrpm/merchants/${id}`, undefined, who.headers)).statusCode).toBe(403);
      expect((await api('POST', '/gaa/qrpm/merchants', merchant(), who.headers)).statusCode).toBe(403);
    }
    expect((await api('GET', `/gaa/qrpm/merchants/${id}`, undefined, {})).statusCode).toBe(401);
  });

  it('bad input is a 400 and writes nothing', async () => {
    const res = await api('POST', '/gaa/qrpm/merchants', { ...merchant(), email: 'nope' });
    expect(res.statusCode).toBe(400);
    expect((await api('POST', '/gaa/qrpm/merchants', { ...merchant(), name: '' })).statusCode).toBe(400);
    expect((await api('GET', `/gaa/qrpm/merchants/${id}`)).statusCode).toBe(404);
  });

  it('creates the merchant once', async () => {
    const res = await api('POST', '/gaa/qrpm/merchants', merchant());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().merchant.merchantId).toBe(id);
    expect((await api('POST', '/gaa/qrpm/merchants', merchant())).statusCode).toBe(409);
    expect((await api('GET', `/gaa/qrpm/merchants/${id}`)).json().merchant.name).toBe('阿嬤牛肉麵');
  });
});

describe('payment services (spec 001 §3, §5, §9)', () => {
  it('refuses services before the merchant exists and for a merchant id of another shop', async () => {
    const res = await api('POST', `/gaa/qrpm/merchants/${other.id}/payment-services`, {
      ...linepay,
      merchantId: other.id,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(M.noMerchant.zh);
    expect(
      (await api('POST', `/gaa/qrpm/merchants/${id}/payment-services`, { ...linepay, merchantId: other.id }))
        .statusCode,
    ).toBe(400);
  });

  it('TapPay types must be one of the §9 options', async () => {
    const res = await api(
      'POST',
      `/gaa/qrpm/merchants/${id}/payment-services`,
      tappay({ types: ['apple', 'jko'] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(M.typesRequired.zh);
  });

  it('an unconfigured service cannot be turned on; off is always accepted', async () => {
    const on = await api('PUT', `/gaa/qrpm/merchants/${id}/payment-configs`, {
      service: 'linepay',
      type: 'linepay',
      enable: true,
    });
    expect(on.statusCode).toBe(409);
    expect(on.json().error.message).toBe(M.notConfigured.zh);
    const off = await api('PUT', `/gaa/qrpm/merchants/${id}/payment-configs`, {
      service: 'linepay',
      type: 'linepay',
      enable: false,
    });
    expect(off.statusCode).toBe(200);
  });

  it('configures TapPay (3DS off by default, one row per type) and refuses it again (TapPay已設定)', async () => {
    const res = await api('POST', `/gaa/qrpm/merchants/${id}/payment-services`, tappay());
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(
      body.configs
        .filter((c: { service: string }) => c.service === 'tappay')
        .map((c: { type: string }) => c.type)
        .sort(),
    ).toEqual(['apple', 'direct', 'google']);
    expect(body.configs.every((c: { is_enabled: boolean }) => !c.is_enabled)).toBe(true);
    expect(body.services[0].fields.useTds).toBe(false);
    const again = await api('POST', `/gaa/qrpm/merchants/${id}/payment-services`, tappay({ types: ['jko'] }));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(M.tappayAlreadySet.zh);
  });

  it('configures LINE Pay and easy-wallet; secrets are sealed at rest and never sent back', async () => {
    expect((await api('POST', `/gaa/qrpm/merchants/${id}/payment-services`, linepay)).statusCode).toBe(201);
    const res = await api('POST', `/gaa/qrpm/merchants/${id}/payment-services`, easywallet);
    expect(res.statusCode).toBe(201);
    const list = await api('GET', `/gaa/qrpm/merchants/${id}/payment-configs`);
    for (const secret of [PARTNER, LINE_SECRET, EW_CODE]) {
      expect(res.body).not.toContain(secret);
      expect(list.body).not.toContain(secret);
      expect(logs.join('\n')).not.toContain(secret);
    }
    expect(list.json().services.find((s: { service: string }) => s.service === 'linepay').maskedSecret).toBe(
      `••••${LINE_SECRET.slice(-4)}`,
    );
    const rows = await t.db.select().from(paymentServices).where(eq(paymentServices.accountId, id));
    expect(rows).toHaveLength(3);
    for (const r of rows) {
      expect(JSON.stringify(r)).not.toContain(PARTNER);
      expect(JSON.stringify(r)).not.toContain(LINE_SECRET);
      expect(t.app.secretBox.open(r.secretSealed).length).toBeGreaterThan(10);
    }
  });

  it('update keeps the secret when left empty and keeps switches of kept types', async () => {
    const { services } = (await api('GET', `/gaa/qrpm/merchants/${id}/payment-configs`)).json();
    const tp = services.find((s: { service: string }) => s.service === 'tappay');
    expect(
      (
        await api('PUT', `/gaa/qrpm/merchants/${id}/payment-configs`, {
          service: 'tappay',
          type: 'direct',
          enable: true,
        })
      ).statusCode,
    ).toBe(200);
    const { merchantId: _m, ...form } = tappay({ types: ['direct'], partnerKey: '', useTds: true });
    const res = await api('PUT', `/gaa/qrpm/merchants/${id}/payment-services/${tp.id}`, form);
    expect(res.statusCode, res.body).toBe(200);
    const tpc = res.json().configs.filter((c: { service: string }) => c.service === 'tappay');
    expect(tpc).toEqual([expect.objectContaining({ type: 'direct', is_enabled: true })]);
    const [row] = await t.db.select().from(paymentServices).where(eq(paymentServices.id, tp.id));
    expect(t.app.secretBox.open(row!.secretSealed)).toBe(PARTNER);
    // a service id of another shop, or of another service, is refused
    const lp = services.find((s: { service: string }) => s.service === 'linepay');
    expect((await api('PUT', `/gaa/qrpm/merchants/${id}/payment-services/${lp.id}`, form)).statusCode).toBe(
      400,
    );
    expect(
      (await api('PUT', `/gaa/qrpm/merchants/${other.id}/payment-services/${tp.id}`, form)).statusCode,
    ).toBe(404);
  });

  it('test connection goes through each adapter and shows the answer', async () => {
    const { services } = (await api('GET', `/gaa/qrpm/merchants/${id}/payment-configs`)).json();
    for (const s of services) {
      const res = await api('POST', `/gaa/qrpm/merchants/${id}/payment-services/${s.id}/test`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain(PARTNER);
      // TapPay's record query answers "no record" (status 2) for a fresh merchant: the key was accepted
      if (s.service === 'tappay') expect(res.json()).toEqual({ ok: true, answer: '2 No record found' });
      else expect(res.json()).toEqual({ ok: true, answer: expect.stringMatching(/^(0000|0) /) });
    }
  });
});

describe('simulator signatures', () => {
  const lineCall = async (
    secret: string,
    nonce: string,
    body = '{"amount":100,"currency":"TWD","orderId":"X1","packages":[],"redirectUrls":{"confirmUrl":"https://shop.example/confirm","cancelUrl":"https://shop.example/cancel"}}',
  ) =>
    fetch(`${urls.linepay}/v3/payments/request`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'X-LINE-ChannelId': '1650000001',
        'X-LINE-Authorization-Nonce': nonce,
        'X-LINE-Authorization': linePaySignature(secret, '/v3/payments/request', body, nonce),
      },
      body,
    }).then(async (r) => ({ status: r.status, json: (await r.json()) as { returnCode: string } }));

  it('LINE Pay: good, bad and replayed signatures', async () => {
    const nonce = randomUUID();
    const good = await lineCall(LINE_SECRET, nonce);
    expect(good.json.returnCode).toBe('0000');
    expect((await lineCall('wrong-secret', randomUUID())).json.returnCode).toBe('1106');
    const replay = await lineCall(LINE_SECRET, nonce);
    expect(replay.status).toBe(401);
    expect(replay.json.returnCode).toBe('1106');
  });

  it('TapPay: the partner key must match the one of the merchant', async () => {
    const creds = {
      service: 'tappay' as const,
      merchantId: 'shopdesk_CTBC',
      partnerKey: PARTNER,
      useTds: false,
    };
    const paid = await gateway.pay(creds, {
      orderRef: 'O-1',
      amount: 120,
      description: '牛肉麵',
      prime: sims.control.issuePrime(),
    });
    expect(paid).toMatchObject({ ok: true, code: '0' });
    const wrong = await gateway.pay(
      { ...creds, partnerKey: 'partner_wrongwrongwrong' },
      { orderRef: 'O-2', amount: 1, description: 'x', prime: sims.control.issuePrime() },
    );
    expect(wrong).toMatchObject({ ok: false, code: '4', message: 'Partner key is invalid' });
    const refund = await gateway.refund(creds, {
      transactionId: paid.transactionId!,
      orderRef: 'O-1',
      amount: 120,
    });
    expect(refund.ok).toBe(true);
    expect(
      (await gateway.refund(creds, { transactionId: paid.transactionId!, orderRef: 'O-1', amount: 1 })).code,
    ).toBe('10005');
  });

  it('easy-wallet: a wrong security code and a replayed request are refused', async () => {
    const creds = {
      service: 'easywallet' as const,
      sellerMemberUid: 'SM0001',
      securityCode: EW_CODE,
      contractNo: 'C',
      executorId: 'E',
    };
    expect((await gateway.pay(creds, { orderRef: 'E-1', amount: 50, description: '便當' })).ok).toBe(true);
    const bad = await gateway.pay(
      { ...creds, securityCode: 'nope' },
      { orderRef: 'E-2', amount: 50, description: 'x' },
    );
    expect(bad).toMatchObject({ ok: false, code: '1', message: '驗證失敗：簽章錯誤' });
    // the same signed request sent twice (same requestId): the second is refused, nothing paid twice
    const requestDateTime = '20260101120000';
    const body = JSON.stringify({
      requestDateTime,
      requestId: randomUUID(),
      sellerMemberUid: creds.sellerMemberUid,
      contractNo: 'C',
      executorId: 'E',
      order: {
        merchantOrderNo: 'E-3',
        currency: 'TWD',
        orderTitle: '便當',
        tradeType: 'IMMEDIATE',
        orderAmount: 50,
      },
    });
    const send = () =>
      fetch(`${urls.easywallet}/v2/payment/easy/online`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'X-EW-Seller': creds.sellerMemberUid,
          'X-EW-Signature': easyWalletSignature(EW_CODE, requestDateTime, body),
        },
        body,
      });
    const first = await send();
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ code: 0, message: '成功' });
    const replayed = await send();
    expect(replayed.status).toBe(401);
    expect(await replayed.json()).toEqual({ code: 1, message: '驗證失敗：重複的請求' });
    expect(sims.control.payments().filter((p) => p.orderRef === 'E-3')).toHaveLength(1);
  });

  it('TapPay: a prime pays once; a reused or expired one gets TapPay’s 91 Expired prime', async () => {
    const creds = {
      service: 'tappay' as const,
      merchantId: 'shopdesk_CTBC',
      partnerKey: PARTNER,
      useTds: false,
    };
    const pay = (orderRef: string, prime?: string) =>
      gateway.pay(creds, { orderRef, amount: 90, description: '滷肉飯', ...(prime ? { prime } : {}) });
    const prime = sims.control.issuePrime();
    expect(await pay('P-1', prime)).toMatchObject({ ok: true, code: '0', message: 'Success' });
    expect(await pay('P-2', prime)).toEqual({ ok: false, code: '91', message: 'Expired prime' });
    // older than 90 s: expired even when never used
    expect(await pay('P-3', sims.control.issuePrime(91_000))).toMatchObject({ ok: false, code: '91' });
    expect(await pay('P-4', 'not-a-prime')).toMatchObject({
      ok: false,
      code: '121',
      message: 'Invalid arguments : prime',
    });
    // no prime is ever made up, in simulator mode as live: TapPay's own refusal (docs/decisions/payments.md "TapPay card form")
    expect(await pay('P-5')).toEqual({ ok: false, code: '503', message: 'Missing arguments : prime' });
    // live, no prime is made up: TapPay's own refusal
    const live = createPaymentGateway(urls);
    expect(await live.pay(creds, { orderRef: 'P-7', amount: 90, description: 'x' })).toEqual({
      ok: false,
      code: '503',
      message: 'Missing arguments : prime',
    });
  });
});

/** A shop taking online to-go payments by hand, with a QRPay merchant and a TapPay service (direct). */
const tappayShop = async () => {
  const shop = await openShop(t, cast.eaa, { isMobilePayment: true, isToGoPay: true }, {}, { manual: true });
  const sid = shop.accountId;
  expect((await api('POST', '/gaa/qrpm/merchants', merchant(sid))).statusCode).toBe(201);
  const tp = await api('POST', `/gaa/qrpm/merchants/${sid}/payment-services`, {
    ...tappay({ types: ['direct'] }),
    merchantId: sid,
    tappayMerchantId: `shop_${sid}`,
  });
  expect(tp.statusCode, tp.body).toBe(201);
  return { shop, sid };
};

/** TapPay's direct payments switched on for the shop. */
const enableTapPay = (sid: number) =>
  api('PUT', `/gaa/qrpm/merchants/${sid}/payment-configs`, {
    service: 'tappay',
    type: 'direct',
    enable: true,
  });
/** An order paid through TapPay with a fresh prime, as the card form makes one. */
const tappayOrder = (sid: number, productId: number) =>
  postOrder(
    t,
    sid,
    orderBody(productId, {
      paymentMethod: 'online',
      paymentService: 'tappay',
      paymentPrime: sims.control.issuePrime(),
    }),
  );

describe('the setting bites: orders pay through an enabled service (docs/decisions/payments.md "QR payment")', () => {
  it('refuses a service that is off, pays through one that is on, and queues the refund on cancel', async () => {
    const { shop, sid } = await tappayShop();
    const online = (service: string, extra: Record<string, unknown> = {}) =>
      orderBody(shop.productId, { paymentMethod: 'online', paymentService: service, ...extra });

    // configured but switched off: refused at intake and by the availability panel alike
    const off = await postOrder(t, sid, online('tappay', { paymentPrime: sims.control.issuePrime() }));
    expect(off.statusCode).toBe(409);
    expect(off.json().error.message).toBe('商店未開啟此線上支付服務');
    const panel = await t.app.inject({
      method: 'POST',
      url: storefrontUrl(sid, '/availability'),
      payload: { mealType: 'to_go', paymentMethod: 'online', paymentService: 'tappay' },
    });
    expect(panel.statusCode, panel.body).toBe(200);
    expect(JSON.stringify(panel.json())).toContain('PAYMENT_SERVICE_OFF');
    // never configured: refused the same way
    expect((await postOrder(t, sid, online('linepay'))).statusCode).toBe(409);

    await api('PUT', `/gaa/qrpm/merchants/${sid}/payment-configs`, {
      service: 'tappay',
      type: 'direct',
      enable: true,
    });
    const res = await postOrder(t, sid, online('tappay', { paymentPrime: 'test_prime_from_card_form' }));
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json().order.id as number;
    await t.app.outbox.drain();
    const [paid] = await t.db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId));
    expect(paid).toMatchObject({ service: 'tappay', status: 'paid', amount: res.json().order.total });
    expect(paid!.transactionId).toMatch(/^D\d+/);
    // a prime pays once: an order sent again with the same prime is not charged (TapPay's answer kept)
    const again = await postOrder(t, sid, online('tappay', { paymentPrime: 'test_prime_from_card_form' }));
    expect(again.statusCode, again.body).toBe(201);
    await t.app.outbox.drain();
    const [reused] = await t.db
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, again.json().order.id));
    expect(reused).toMatchObject({ status: 'failed', answer: '91 Expired prime', transactionId: null });

    const pos = { kind: 'pos' as const, username: 'counter-1' };
    await transitionOrder(t.db, { orderId, accountId: sid, action: 'accept', actor: pos });
    await transitionOrder(t.db, {
      orderId,
      accountId: sid,
      action: 'cancel',
      reason: '客人取消',
      actor: pos,
    });
    const [queued] = await t.db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId));
    expect(queued!.status).toBe('refund_queued');
    await t.app.outbox.drain();
    const [refunded] = await t.db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId));
    expect(refunded).toMatchObject({ status: 'refunded', answer: '0 Success' });
    expect(sims.control.payments().find((p) => p.id === paid!.transactionId)?.refunded).toBe(paid!.amount);

    // a cash order names no service and is untouched
    expect((await postOrder(t, sid, orderBody(shop.productId))).statusCode).toBe(201);
  });
});

describe('TapPay: a charge whose answer was lost is found, not paid again', () => {
  it('the retry asks TapPay by order number first: one charge, the payment paid with its trade id', async () => {
    const { shop, sid } = await tappayShop();
    await enableTapPay(sid);
    sims.control.loseNextAnswer();
    const res = await tappayOrder(sid, shop.productId);
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json().order.id as number;
    const orderRef = `SD${sid}-${orderId}`;
    // first attempt: TapPay charged, the answer was lost (504): the job waits to retry
    await t.app.outbox.drain();
    const [waiting] = await t.db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId));
    expect(waiting).toMatchObject({ status: 'requested', transactionId: null });
    expect(sims.control.payments().filter((p) => p.orderRef === orderRef)).toHaveLength(1);
    // the retry (its back-off passed) finds the charge instead of paying again with the spent prime
    await t.app.outbox.drain({ now: new Date(Date.now() + 3_600_000) });
    const [paid] = await t.db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId));
    const charges = sims.control.payments().filter((p) => p.orderRef === orderRef);
    expect(charges).toHaveLength(1);
    expect(paid).toMatchObject({ status: 'paid', transactionId: charges[0]!.id });
    expect(paid!.answer).toContain('found by order number');
  });
});

describe('TapPay: a refund whose answer was lost is found done, not refused as a second one', () => {
  it('the retry reads the trade’s refunded amount first: one refund, the payment refunded', async () => {
    const { shop, sid } = await tappayShop();
    await enableTapPay(sid);
    const res = await tappayOrder(sid, shop.productId);
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json().order.id as number;
    await t.app.outbox.drain();
    const [paid] = await t.db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId));
    expect(paid).toMatchObject({ status: 'paid' });
    const pos = { kind: 'pos' as const, username: 'counter-1' };
    await transitionOrder(t.db, { orderId, accountId: sid, action: 'reject', reason: '售完', actor: pos });
    // first attempt: TapPay refunds, the answer is lost (504): the job waits to retry
    sims.control.loseNextAnswer();
    await t.app.outbox.drain();
    const trade = () => sims.control.payments().find((x) => x.id === paid!.transactionId)!;
    expect(trade().refunded).toBe(paid!.amount);
    const [waiting] = await t.db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId));
    expect(waiting).toMatchObject({ status: 'refund_queued' });
    // the retry finds the refund in the record query (a second refund would be 10005 Refund amount exceeds)
    await t.app.outbox.drain({ now: new Date(Date.now() + 3_600_000) });
    const [refunded] = await t.db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId));
    expect(refunded).toMatchObject({ status: 'refunded', answer: 'refunded already (found at the service)' });
    expect(trade().refunded).toBe(paid!.amount);
  });
});

describe('LINE Pay transaction ids (19-digit JSON numbers)', () => {
  it('are read as their digits, not rounded to a double; other numbers and strings stay as they are', () => {
    expect(
      parseKeepingIds('{"info":{"transactionId":2019060112345678910,"paymentAccessToken":"187568751124"}}'),
    ).toEqual({
      info: { transactionId: '2019060112345678910', paymentAccessToken: '187568751124' },
    });
    expect(Number('2019060112345678910').toString()).not.toBe('2019060112345678910');
    expect(
      parseKeepingIds(
        '{"info":[{"transactionId" : 2019060112345678910,"refundList":[{"refundTransactionId":2019060112345678911,"refundAmount":-10}]}]}',
      ),
    ).toEqual({
      info: [
        {
          transactionId: '2019060112345678910',
          refundList: [{ refundTransactionId: '2019060112345678911', refundAmount: -10 }],
        },
      ],
    });
    // a quoted key inside a string value is text, not a key
    expect(parseKeepingIds('{"note":"{\\"transactionId\\":12}","amount":120}')).toEqual({
      note: '{"transactionId":12}',
      amount: 120,
    });
  });
});

describe('LINE Pay: the customer approves at LINE Pay and comes back to confirm', () => {
  it('requests, shows the approval page, confirms once on return, and refunds on cancel', async () => {
    const shop = await openShop(
      t,
      cast.eaa,
      { isMobilePayment: true, isToGoPay: true },
      {},
      { manual: true },
    );
    const sid = shop.accountId;
    expect((await api('POST', '/gaa/qrpm/merchants', merchant(sid))).statusCode).toBe(201);
    const channelId = `16${String(sid).padStart(8, '0')}`;
    const lp = await api('POST', `/gaa/qrpm/merchants/${sid}/payment-services`, {
      ...linepay,
      merchantId: sid,
      channelId,
    });
    expect(lp.statusCode, lp.body).toBe(201);
    await api('PUT', `/gaa/qrpm/merchants/${sid}/payment-configs`, {
      service: 'linepay',
      type: 'linepay',
      enable: true,
    });
    const placed = await postOrder(
      t,
      sid,
      orderBody(shop.productId, { paymentMethod: 'online', paymentService: 'linepay' }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().order.id as number;
    const token = placed.json().orderToken as string;
    await t.app.outbox.drain();

    // requested: the customer's page carries LINE Pay's approval page, the board the state
    const [requested] = await t.db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId));
    expect(requested).toMatchObject({ status: 'requested' });
    expect(requested!.paymentUrl).toMatch(/\/sim\/approve\//);
    const seen = await t.app.inject({ method: 'GET', url: `/console/apis/storefront/v1/orders/${token}` });
    expect(seen.json().order.payment).toEqual({
      service: 'linepay',
      status: 'requested',
      paymentUrl: requested!.paymentUrl,
      failure: null,
    });

    // approving at LINE Pay sends the browser to our confirmUrl with transactionId and orderId added
    const approve = await fetch(requested!.paymentUrl!, { redirect: 'manual' });
    expect(approve.status).toBe(302);
    const back = new URL(approve.headers.get('location')!);
    expect(back.pathname).toBe('/console/apis/storefront/v1/payments/linepay/confirm');
    expect(back.searchParams.get('transactionId')).toBe(requested!.transactionId);

    // a forged reference or another transaction is refused; nothing moves
    const forged = new URL(back);
    forged.searchParams.set('p', 'x.y');
    expect((await t.app.inject({ method: 'GET', url: forged.pathname + forged.search })).statusCode).toBe(
      404,
    );
    const otherTx = new URL(back);
    otherTx.searchParams.set('transactionId', '1');
    expect((await t.app.inject({ method: 'GET', url: otherTx.pathname + otherTx.search })).statusCode).toBe(
      400,
    );

    const confirmed = await t.app.inject({ method: 'GET', url: back.pathname + back.search });
    expect(confirmed.statusCode, confirmed.body).toBe(302);
    expect(confirmed.headers.location).toMatch(new RegExp(`/shop/${sid}/orders/`));
    const [paid] = await t.db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId));
    expect(paid).toMatchObject({ status: 'paid' });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.paymentStatus).toBe('paid');
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(
      events.filter((e) => e.kind === 'payment').map((e) => (e.data as { payment: string }).payment),
    ).toEqual(['requested', 'paid']);
    // coming back again (a reload) changes nothing
    expect((await t.app.inject({ method: 'GET', url: back.pathname + back.search })).statusCode).toBe(302);
    const again = await t.app.inject({ method: 'GET', url: `/console/apis/storefront/v1/orders/${token}` });
    expect(again.json().order.payment).toEqual({
      service: 'linepay',
      status: 'paid',
      paymentUrl: null,
      failure: null,
    });

    // a cancel after payment refunds through LINE Pay; its answer is lost (504) on the way back: the retry
    // reads the payment's details (its refund list) instead of refunding again, which LINE Pay would refuse
    // (1165 already refunded) and leave the payment refund_failed with the money back
    const pos = { kind: 'pos' as const, username: 'counter-1' };
    await transitionOrder(t.db, { orderId, accountId: sid, action: 'reject', reason: '售完', actor: pos });
    sims.control.loseNextAnswer();
    await t.app.outbox.drain();
    const [lost] = await t.db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId));
    expect(lost).toMatchObject({ status: 'refund_queued' });
    await t.app.outbox.drain({ now: new Date(Date.now() + 3_600_000) });
    const [refunded] = await t.db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId));
    expect(refunded).toMatchObject({ status: 'refunded', answer: 'refunded already (found at the service)' });
    expect(sims.control.payments().find((x) => x.id === paid!.transactionId)?.refunded).toBe(paid!.amount);
    const [after] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(after!.paymentStatus).toBe('refunded');
  });

  it('a customer who gives up at LINE Pay leaves a failed payment', async () => {
    const shop = await openShop(
      t,
      cast.eaa,
      { isMobilePayment: true, isToGoPay: true },
      {},
      { manual: true },
    );
    const sid = shop.accountId;
    await api('POST', '/gaa/qrpm/merchants', merchant(sid));
    await api('POST', `/gaa/qrpm/merchants/${sid}/payment-services`, {
      ...linepay,
      merchantId: sid,
      channelId: `17${String(sid).padStart(8, '0')}`,
    });
    await api('PUT', `/gaa/qrpm/merchants/${sid}/payment-configs`, {
      service: 'linepay',
      type: 'linepay',
      enable: true,
    });
    const placed = await postOrder(
      t,
      sid,
      orderBody(shop.productId, { paymentMethod: 'online', paymentService: 'linepay' }),
    );
    const orderId = placed.json().order.id as number;
    await t.app.outbox.drain();
    const job = (await t.db.select().from(outboxJobs)).find(
      (j) =>
        j.kind === 'qrpay.pay' && (j.payload as { paymentId: number }).paymentId > 0 && j.accountId === sid,
    )!;
    const ref = paymentReturnRef(
      'test-secret-test-secret-test-secret-000',
      (job.payload as { paymentId: number }).paymentId,
    );
    const cancel = await t.app.inject({
      method: 'GET',
      url: `/console/apis/storefront/v1/payments/linepay/cancel?p=${encodeURIComponent(ref)}`,
    });
    expect(cancel.statusCode).toBe(302);
    const [failed] = await t.db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId));
    expect(failed).toMatchObject({ status: 'failed', answer: 'canceled by the customer at LINE Pay' });
  });
});
