import { randomInt } from 'node:crypto';
import { TAPPAY_SDK_PATH, TAPPAY_TEST_CARDS } from '@shopdesk/contract';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { easyWalletSignature, linePaySignature, newTestPrime } from './clients';
import { TAPPAY_SDK_SIM_SCRIPT } from './tappay-sdk-sim';

type SimPayment = {
  service: string;
  owner: string;
  orderRef: string;
  amount: number;
  refunded: number;
  approved: boolean;
  /** LINE Pay: where the approval page sends the customer back. */
  confirmUrl?: string;
  /** TapPay with 3-D Secure: the merchant's result_url, and how the card holder's verification ended. */
  tds?: { frontend: string; backend: string; state: 'pending' | 'verified' | 'failed' };
};

const rawJson = (app: FastifyInstance) =>
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    (req as FastifyRequest & { rawBody?: string }).rawBody = body as string;
    try {
      done(null, body ? JSON.parse(body as string) : {});
    } catch {
      done(Object.assign(new Error('bad json'), { statusCode: 400 }), undefined);
    }
  });
const rawOf = (req: FastifyRequest) => (req as FastifyRequest & { rawBody?: string }).rawBody ?? '';
const txId = () => `${Date.now()}${String(randomInt(1_000_000)).padStart(6, '0')}`;
/** A TapPay prime lives 90 s from when the card form made it, and pays once (docs.tappaysdk.com). */
export const PRIME_TTL_MS = 90_000;

/**
 * Simulators of the three payment services (adapters/payment/clients.ts speaks to them). Credentials bind on
 * first use (a merchant's partner key, a channel's secret, a seller's security code) and every later call
 * must carry the same; signatures are checked (bad, stale and replayed nonces refused) and refusals come in
 * each service's own shape: TapPay {status, msg}, LINE Pay {returnCode, returnMessage}, easy-wallet
 * {code, message}. Test hooks: `control`.
 */
export const createPaymentSimulators = () => {
  const keys = new Map<string, string>();
  const payments = new Map<string, SimPayment>();
  const nonces = new Set<string>();
  /**
   * TapPay primes: when the card form made one (issuePrime, /sdk/get-prime), or first seen; whether it was
   * used; and whether its card is the one the bank declines.
   */
  const primes = new Map<string, { madeAt: number; used: boolean; declines?: boolean }>();
  let failNext = 0;
  /** TapPay: the next pay-by-prime charges, then its answer is lost (a gateway time-out). */
  let loseNextAnswer = false;
  const bind = (who: string, secret: string) => {
    const known = keys.get(who);
    if (known === undefined) keys.set(who, secret);
    return known === undefined || known === secret;
  };

  // ---- TapPay --------------------------------------------------------------------------------------
  const tappay = Fastify({ logger: false });
  tappay.addHook('preHandler', async (req, reply) => {
    // the card form's script and its prime call, and the bank's 3-D Secure page, come from the customer's
    // browser (app id + key, or nothing: no partner key)
    if (req.url.startsWith('/sdk/') || req.url.startsWith('/sim/3ds/')) return;
    if (failNext > 0) {
      failNext -= 1;
      return reply.code(503).send({ status: 9999, msg: 'Service unavailable' });
    }
    const b = (req.body ?? {}) as {
      partner_key?: string;
      merchant_id?: string;
      filters?: { merchant_id?: string[] };
    };
    const key = req.headers['x-api-key'];
    if (!key || key !== b.partner_key || !/^partner_\w{8,}$/.test(String(key)))
      return reply.send({ status: 4, msg: 'Partner key is invalid' });
    const merchant = b.merchant_id ?? b.filters?.merchant_id?.[0];
    if (merchant && !bind(`tappay/${merchant}`, String(key)))
      return reply.send({ status: 4, msg: 'Partner key is invalid' });
  });
  // ---- TapPay's web SDK (card form) as the customer's browser sees it -------------------------------------
  const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type' };
  tappay.get(TAPPAY_SDK_PATH, async (_req, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(TAPPAY_SDK_SIM_SCRIPT),
  );
  tappay.options('/sdk/get-prime', async (_req, reply) =>
    reply
      .headers({ ...cors, 'access-control-allow-methods': 'POST' })
      .code(204)
      .send(),
  );
  tappay.post('/sdk/get-prime', async (req, reply) => {
    reply.headers(cors);
    const b = (req.body ?? {}) as {
      app_id?: unknown;
      app_key?: unknown;
      card?: { number?: unknown; expiry?: unknown; ccv?: unknown };
    };
    const appId = String(b.app_id ?? '');
    const appKey = String(b.app_key ?? '');
    // an app's key binds on first use, as a merchant's partner key does
    if (!/^\d+$/.test(appId) || !/^app_\w{8,}$/.test(appKey) || !bind(`tappay-app/${appId}`, appKey))
      return { status: 80, msg: 'Invaild x-api-key or app key' };
    const number = String(b.card?.number ?? '').replace(/\D/g, '');
    const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(String(b.card?.expiry ?? '').trim());
    if (number.length < 13 || !expiry || !/^\d{3,4}$/.test(String(b.card?.ccv ?? '')))
      return { status: 41, msg: 'Wrong card format' };
    const prime = newTestPrime();
    primes.set(prime, { madeAt: Date.now(), used: false, declines: number === TAPPAY_TEST_CARDS.declines });
    return {
      status: 0,
      msg: '',
      card: {
        prime,
        bincode: number.slice(0, 6),
        lastfour: number.slice(-4),
        issuer: 'SIMULATED BANK',
        funding: 0,
        type: number.startsWith('4') ? 1 : 2,
      },
      clientip: req.ip,
    };
  });

  tappay.post('/tpc/transaction/query', async (req) => {
    const b = req.body as { partner_key: string; filters?: { order_number?: string } };
    const found = [...payments.entries()].filter(
      ([, p]) =>
        p.service === 'tappay' &&
        p.owner === b.partner_key &&
        b.filters?.order_number !== undefined &&
        p.orderRef === b.filters.order_number,
    );
    if (found.length === 0) return { status: 2, msg: 'No record found', trade_records: [] };
    return {
      status: 0,
      msg: 'Success',
      trade_records: found.map(([id, p]) => ({
        rec_trade_id: id,
        order_number: p.orderRef,
        amount: p.amount,
        refunded_amount: p.refunded,
        // TapPay's record_status: 1 captured, 3 refunded (in full), 4 pending (3-D Secure not done), -1 error
        record_status:
          p.tds?.state === 'pending' ? 4 : p.tds?.state === 'failed' ? -1 : p.refunded >= p.amount ? 3 : 1,
      })),
    };
  });
  tappay.post('/tpc/payment/pay-by-prime', async (req, reply) => {
    const b = req.body as {
      prime?: string;
      merchant_id: string;
      amount?: number;
      order_number?: string;
      partner_key: string;
      three_domain_secure?: boolean;
      result_url?: { frontend_redirect_url?: string; backend_notify_url?: string };
    };
    // TapPay's own codes and texts (Backend API error table): a prime pays once and lives 90 s, after which
    // it is an "Expired prime" (91); the simulator takes the sandbox's test_ primes only
    if (!b.prime) return { status: 503, msg: 'Missing arguments : prime' };
    if (!b.prime.startsWith('test_')) return { status: 121, msg: 'Invalid arguments : prime' };
    const prime = primes.get(b.prime) ?? { madeAt: Date.now(), used: false };
    if (prime.used || Date.now() - prime.madeAt > PRIME_TTL_MS) return { status: 91, msg: 'Expired prime' };
    if (!Number.isInteger(b.amount) || (b.amount ?? 0) <= 0)
      return { status: 510, msg: 'Invalid arguments : amount' };
    // 3-D Secure needs the merchant's result_url (TapPay: the bank's page sends the card holder back to
    // frontend_redirect_url and the result to backend_notify_url)
    const tds = b.three_domain_secure === true;
    if (tds && (!b.result_url?.frontend_redirect_url || !b.result_url.backend_notify_url))
      return { status: 4, msg: 'Invalid arguments : result_url' };
    primes.set(b.prime, { ...prime, used: true });
    // the bank refuses the declining test card: nothing is charged (TapPay: a non-zero status and its msg)
    if (prime.declines) return { status: 10003, msg: 'Card Error' };
    const id = `D${txId()}`;
    payments.set(id, {
      service: 'tappay',
      owner: b.partner_key,
      orderRef: b.order_number ?? '',
      amount: b.amount!,
      refunded: 0,
      approved: !tds,
      ...(tds && b.result_url
        ? {
            tds: {
              frontend: b.result_url.frontend_redirect_url!,
              backend: b.result_url.backend_notify_url!,
              state: 'pending' as const,
            },
          }
        : {}),
    });
    if (loseNextAnswer) {
      loseNextAnswer = false;
      return reply.code(504).send({ status: 9999, msg: 'Gateway timeout' });
    }
    return {
      status: 0,
      msg: 'Success',
      rec_trade_id: id,
      amount: b.amount,
      currency: 'TWD',
      order_number: b.order_number,
      // 3-D Secure: not charged yet; the card holder verifies at the bank's page first
      ...(tds ? { payment_url: `${simUrls.tappay}/sim/3ds/${id}` } : {}),
    };
  });
  /**
   * The bank's 3-D Secure page (what payment_url opens): the card holder verifies or gives up. As TapPay does,
   * the result goes to backend_notify_url (a POST of the trade's fields) and the browser to
   * frontend_redirect_url with rec_trade_id, order_number and status added.
   */
  tappay.get('/sim/3ds/:id', async (req, reply) => {
    const id = (req.params as { id: string }).id;
    const p = payments.get(id);
    if (!p?.tds) return reply.code(404).send({ status: 10003, msg: 'Trade not found' });
    return reply.type('text/html; charset=utf-8').send(`<!doctype html><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>3-D Secure</title>
<body style="font-family:sans-serif;max-width:420px;margin:40px auto;padding:0 16px">
<h1>3-D Secure（模擬）</h1><p>NT$ ${p.amount} · ${p.orderRef}</p>
<form method="post" action="/sim/3ds/${id}/verify"><button name="ok" value="1">驗證 Verify</button></form>
<form method="post" action="/sim/3ds/${id}/verify"><button name="ok" value="0">取消 Cancel</button></form></body>`);
  });
  tappay.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  tappay.post('/sim/3ds/:id/verify', async (req, reply) => {
    const id = (req.params as { id: string }).id;
    const p = payments.get(id);
    if (!p?.tds) return reply.code(404).send({ status: 10003, msg: 'Trade not found' });
    const ok = (req.body as { ok?: string } | undefined)?.ok === '1';
    if (p.tds.state === 'pending') {
      p.tds.state = ok ? 'verified' : 'failed';
      p.approved = ok;
    }
    const status = p.tds.state === 'verified' ? 0 : 10009;
    const msg = status === 0 ? 'Success' : '3D secure authentication failed';
    // the notify is best effort, as TapPay's is: the merchant confirms by the record query either way
    await fetch(p.tds.backend, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rec_trade_id: id, order_number: p.orderRef, amount: p.amount, status, msg }),
    }).catch(() => undefined);
    const back = new URL(p.tds.frontend);
    back.searchParams.set('rec_trade_id', id);
    back.searchParams.set('order_number', p.orderRef);
    back.searchParams.set('status', String(status));
    return reply.redirect(back.toString(), 302);
  });
  tappay.post('/tpc/transaction/refund', async (req, reply) => {
    const b = req.body as { rec_trade_id?: string; amount?: number; partner_key: string };
    const p = payments.get(b.rec_trade_id ?? '');
    if (!p || p.owner !== b.partner_key) return { status: 10003, msg: 'Trade not found' };
    const amount = b.amount ?? p.amount - p.refunded;
    if (p.refunded + amount > p.amount) return { status: 10005, msg: 'Refund amount exceeds' };
    p.refunded += amount;
    if (loseNextAnswer) {
      loseNextAnswer = false;
      return reply.code(504).send({ status: 9999, msg: 'Gateway timeout' });
    }
    return { status: 0, msg: 'Success', refund_id: `R${txId()}`, refund_amount: amount };
  });

  // ---- LINE Pay v3 ------------------------------------------------------------------------------------
  const linepay = Fastify({ logger: false });
  rawJson(linepay);
  const lineFail = (code: string, message: string) => ({ returnCode: code, returnMessage: message });
  // LINE Pay answers its transaction ids as JSON numbers of 19 digits, past what a JavaScript number holds
  // exactly: so does the simulator, so a client that parses them as numbers gets them wrong here too
  linepay.addHook('onSend', async (_req, _reply, payload) =>
    typeof payload === 'string'
      ? payload.replace(/"(transactionId|refundTransactionId)":"(\d+)"/g, '"$1":$2')
      : payload,
  );
  linepay.addHook('preHandler', async (req, reply) => {
    if (req.url.startsWith('/sim/')) return;
    if (failNext > 0) {
      failNext -= 1;
      return reply.code(503).send(lineFail('9000', 'Internal error.'));
    }
    const h = req.headers as Record<string, string | undefined>;
    const channel = h['x-line-channelid'];
    const nonce = h['x-line-authorization-nonce'];
    const signature = h['x-line-authorization'];
    if (!channel || !nonce || !signature)
      return reply.code(401).send(lineFail('1106', 'Header information error.'));
    const [path, query = ''] = req.url.split('?');
    const known = keys.get(`linepay/${channel}`);
    // first use binds the channel to the secret its signature was made with: the client proves it knows one
    const secret = known;
    const content = req.method === 'GET' ? query : rawOf(req);
    if (!secret) {
      return reply.code(401).send(lineFail('1104', 'Merchant not found.'));
    }
    if (linePaySignature(secret, path!, content, nonce) !== signature)
      return reply.code(401).send(lineFail('1106', 'Header information error. (signature)'));
    if (nonces.has(`line/${channel}/${nonce}`))
      return reply.code(401).send(lineFail('1106', 'Header information error. (nonce reused)'));
    nonces.add(`line/${channel}/${nonce}`);
  });
  // payment details: by transactionId, the payment with its refunds (refundAmount negative, as LINE Pay's);
  // by anything else (the connection test's orderId) no payment
  linepay.get('/v3/payments', async (req) => {
    const id = (req.query as { transactionId?: string }).transactionId;
    const p = id ? payments.get(id) : undefined;
    if (!id || !p || p.owner !== req.headers['x-line-channelid'])
      return { returnCode: '0000', returnMessage: 'Success.', info: [] };
    return {
      returnCode: '0000',
      returnMessage: 'Success.',
      info: [
        {
          transactionId: id,
          orderId: p.orderRef,
          payInfo: [{ method: 'CREDIT_CARD', amount: p.amount }],
          refundList: p.refunded > 0 ? [{ refundTransactionId: txId(), refundAmount: -p.refunded }] : [],
        },
      ],
    };
  });
  linepay.post('/v3/payments/request', async (req) => {
    const b = req.body as {
      amount?: number;
      orderId?: string;
      redirectUrls?: { confirmUrl?: string; cancelUrl?: string };
    };
    if (!Number.isInteger(b.amount) || (b.amount ?? 0) <= 0 || !b.orderId)
      return lineFail('2101', 'Parameter error.');
    if (!b.redirectUrls?.confirmUrl || !/^https?:\/\//.test(b.redirectUrls.confirmUrl))
      return lineFail('2101', 'Parameter error. (redirectUrls.confirmUrl)');
    if ([...payments.values()].some((p) => p.service === 'linepay' && p.orderRef === b.orderId))
      return lineFail('1172', 'There is a record of transaction with the same order number.');
    const id = txId();
    payments.set(id, {
      service: 'linepay',
      owner: String(req.headers['x-line-channelid']),
      orderRef: b.orderId,
      amount: b.amount!,
      refunded: 0,
      approved: false,
      confirmUrl: b.redirectUrls.confirmUrl,
    });
    return {
      returnCode: '0000',
      returnMessage: 'Success.',
      info: {
        transactionId: id,
        paymentAccessToken: String(randomInt(100_000_000_000)),
        paymentUrl: { web: `${simUrls.linepay}/sim/approve/${id}`, app: `line://pay/payment/${id}` },
      },
    };
  });
  /**
   * The customer's approval page (what the paymentUrl opens): approves the transaction and, as LINE Pay
   * does, sends the browser to the merchant's confirmUrl with transactionId and orderId added.
   */
  linepay.get('/sim/approve/:id', async (req, reply) => {
    const id = (req.params as { id: string }).id;
    const p = payments.get(id);
    if (!p) return reply.code(404).send({ approved: false });
    p.approved = true;
    if (!p.confirmUrl) return { approved: true };
    const back = new URL(p.confirmUrl);
    back.searchParams.set('transactionId', id);
    back.searchParams.set('orderId', p.orderRef);
    return reply.redirect(back.toString(), 302);
  });
  linepay.post('/v3/payments/:id/confirm', async (req) => {
    const p = payments.get((req.params as { id: string }).id);
    if (!p || p.owner !== req.headers['x-line-channelid'])
      return lineFail('1150', 'Transaction record not found.');
    if (!p.approved) return lineFail('1169', 'Payment has not been approved by the user.');
    if ((req.body as { amount?: number }).amount !== p.amount) return lineFail('1124', 'Amount info error.');
    return {
      returnCode: '0000',
      returnMessage: 'Success.',
      info: { orderId: p.orderRef, transactionId: (req.params as { id: string }).id },
    };
  });
  linepay.post('/v3/payments/:id/refund', async (req, reply) => {
    const p = payments.get((req.params as { id: string }).id);
    if (!p || p.owner !== req.headers['x-line-channelid'])
      return lineFail('1150', 'Transaction record not found.');
    const amount = (req.body as { refundAmount?: number }).refundAmount ?? p.amount - p.refunded;
    if (p.refunded >= p.amount) return lineFail('1165', 'Transaction has already been refunded.');
    if (p.refunded + amount > p.amount)
      return lineFail('1155', 'Refund amount exceeds the transaction amount.');
    p.refunded += amount;
    if (loseNextAnswer) {
      loseNextAnswer = false;
      return reply.code(504).send(lineFail('9000', 'Gateway timeout.'));
    }
    return { returnCode: '0000', returnMessage: 'Success.', info: { refundTransactionId: txId() } };
  });

  // ---- easy-wallet ------------------------------------------------------------------------------------
  const easywallet = Fastify({ logger: false });
  rawJson(easywallet);
  easywallet.addHook('preHandler', async (req, reply) => {
    if (req.url.startsWith('/sim/')) return;
    if (failNext > 0) {
      failNext -= 1;
      return reply.code(503).send({ code: 9999, message: '系統忙碌中' });
    }
    const seller = req.headers['x-ew-seller'] as string | undefined;
    const signature = req.headers['x-ew-signature'] as string | undefined;
    const b = (req.body ?? {}) as { requestDateTime?: string; requestId?: string; sellerMemberUid?: string };
    if (!seller || !signature || seller !== b.sellerMemberUid)
      return reply.code(401).send({ code: 1, message: '驗證失敗：缺少簽章' });
    const known = keys.get(`easywallet/${seller}`);
    if (!known) return reply.code(401).send({ code: 1, message: '驗證失敗：查無此商家' });
    if (easyWalletSignature(known, b.requestDateTime ?? '', rawOf(req)) !== signature)
      return reply.code(401).send({ code: 1, message: '驗證失敗：簽章錯誤' });
    if (!b.requestId || nonces.has(`ew/${seller}/${b.requestId}`))
      return reply.code(401).send({ code: 1, message: '驗證失敗：重複的請求' });
    nonces.add(`ew/${seller}/${b.requestId}`);
  });
  easywallet.post('/v2/payment/easy/query', async () => ({ code: 0, message: '成功', orders: [] }));
  easywallet.post('/v2/payment/easy/online', async (req) => {
    const b = req.body as {
      sellerMemberUid: string;
      order?: { merchantOrderNo?: string; orderAmount?: number };
    };
    const o = b.order ?? {};
    if (!o.merchantOrderNo || !Number.isInteger(o.orderAmount) || (o.orderAmount ?? 0) <= 0)
      return { code: 1, message: '參數錯誤' };
    const id = txId();
    payments.set(id, {
      service: 'easywallet',
      owner: b.sellerMemberUid,
      orderRef: o.merchantOrderNo,
      amount: o.orderAmount!,
      refunded: 0,
      approved: true,
    });
    return { code: 0, message: '成功', pay_id: 'Q017', transaction_id: id };
  });
  easywallet.post('/v2/payment/easy/refund', async (req) => {
    const b = req.body as {
      sellerMemberUid: string;
      order?: { transactionId?: string; refundAmount?: number };
    };
    const p = payments.get(b.order?.transactionId ?? '');
    if (!p || p.owner !== b.sellerMemberUid) return { code: 1, message: '查無此交易' };
    const amount = b.order?.refundAmount ?? p.amount - p.refunded;
    if (p.refunded + amount > p.amount) return { code: 1, message: '退款金額超過交易金額' };
    p.refunded += amount;
    return { code: 0, message: '成功', transaction_id: p.orderRef };
  });

  /**
   * The sandbox merchant centre: a channel / seller is enrolled with its secret (what the operator copies
   * from the service's console). The gateway in simulator mode enrolls a service when it is configured.
   */
  const enroll = (who: string, secret: string) => {
    keys.set(who, secret);
  };
  for (const [app, prefix] of [
    [linepay, 'linepay'],
    [easywallet, 'easywallet'],
  ] as const)
    app.post('/sim/enroll', async (req) => {
      const b = req.body as { id?: string; secret?: string };
      if (!b.id || !b.secret) return { ok: false };
      enroll(`${prefix}/${b.id}`, b.secret);
      return { ok: true };
    });

  const simUrls = { tappay: '', linepay: '', easywallet: '' };
  const control = {
    failNext: (n = 1) => {
      failNext = n;
    },
    /** TapPay payments and refunds, LINE Pay refunds: the next one is done but its answer never reaches the caller (504). */
    loseNextAnswer: () => {
      loseNextAnswer = true;
    },
    payments: () => [...payments.entries()].map(([id, p]) => ({ id, ...p })),
    /** TapPay: a prime as the card form makes one, `ageMs` ago (an old one has expired). */
    issuePrime: (ageMs = 0, card: string = TAPPAY_TEST_CARDS.approves) => {
      const prime = newTestPrime();
      primes.set(prime, {
        madeAt: Date.now() - ageMs,
        used: false,
        declines: card === TAPPAY_TEST_CARDS.declines,
      });
      return prime;
    },
    /** TapPay: the primes that paid, in the order they did. */
    usedPrimes: () => [...primes.entries()].filter(([, p]) => p.used).map(([prime]) => prime),
    approve: (id: string) => {
      const p = payments.get(id);
      if (p) p.approved = true;
    },
    enroll: (service: 'linepay' | 'easywallet', id: string, secret: string) =>
      enroll(`${service}/${id}`, secret),
    /** Where each simulator listens (set by whoever started them; used for LINE Pay's paymentUrl). */
    setUrls: (u: typeof simUrls) => Object.assign(simUrls, u),
  };
  return { tappay, linepay, easywallet, control };
};
export type PaymentSimulators = ReturnType<typeof createPaymentSimulators>;
