import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { PAYMENT_SERVICES, TAPPAY_SDK_PATH, TAPPAY_SDK_URL } from '@shopdesk/contract';
import type {
  EasyWalletCredentials,
  LinePayCredentials,
  PayInput,
  PaymentAnswer,
  PaymentCredentials,
  PaymentGateway,
  TapPayCredentials,
} from './types';

export type PaymentUrls = { tappay: string; linepay: string; easywallet: string };

/** The answer of a service this server has no URL for (production without EASYWALLET_URL): permanent. */
const notConfigured = (service: string): PaymentAnswer => ({
  ok: false,
  code: 'NOT_CONFIGURED',
  message: `${service} is not configured on this server`,
  retry: false,
});

/**
 * LINE Pay's transaction ids are JSON numbers of 19 digits, more than a double holds exactly (2^53 is 16
 * digits): read as numbers they come back rounded, and the confirm, refund and details calls then name another
 * transaction. Such a key's number is turned into a string of its digits before parsing.
 */
export const parseKeepingIds = (text: string): unknown =>
  JSON.parse(
    text.replace(
      /(?<!\\)"(transactionId|refundTransactionId)"(\s*):(\s*)(-?\d+)(?=\s*[,}\]])/g,
      '"$1"$2:$3"$4"',
    ),
  );

const post = async (url: string, headers: Record<string, string>, body: string, method = 'POST') => {
  try {
    const res = await fetch(url, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: method === 'GET' ? undefined : body,
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text().catch(() => '');
    let json: Record<string, unknown> = {};
    try {
      const parsed = parseKeepingIds(text);
      if (parsed && typeof parsed === 'object') json = parsed as Record<string, unknown>;
    } catch {
      // not JSON (a proxy's page): the status speaks
    }
    return { status: res.status, json };
  } catch (err) {
    return { status: 0, json: { message: (err as Error).message } };
  }
};
const netFail = (status: number, json: Record<string, unknown>): PaymentAnswer | null =>
  status === 0 || status >= 500
    ? {
        ok: false,
        code: status ? String(status) : 'NETWORK',
        message: String(json.message ?? json.msg ?? ''),
        retry: true,
      }
    : null;

/** A sandbox-shaped TapPay prime, as the card form of TapPay's web SDK hands one to the storefront. */
export const newTestPrime = () => `test_${randomBytes(32).toString('hex')}`;

// ---- TapPay (docs.tappaysdk.com: pay-by-prime, refund, record query; x-api-key = partner key) -----------

const tappay = (base: string) => {
  const call = async (c: TapPayCredentials, path: string, body: object): Promise<PaymentAnswer> => {
    const text = JSON.stringify({ partner_key: c.partnerKey, ...body });
    const { status, json } = await post(`${base}${path}`, { 'x-api-key': c.partnerKey }, text);
    const fail = netFail(status, json);
    if (fail) return fail;
    const code = String(json.status ?? status);
    return {
      ok: json.status === 0,
      code,
      message: String(json.msg ?? ''),
      transactionId: typeof json.rec_trade_id === 'string' ? json.rec_trade_id : undefined,
      paymentUrl: typeof json.payment_url === 'string' ? json.payment_url : undefined,
    };
  };
  type TradeRecord = {
    rec_trade_id?: unknown;
    order_number?: unknown;
    record_status?: unknown;
    refunded_amount?: unknown;
  };
  /** The trades of an order number (TapPay's record query), or the failed call's answer. */
  const records = async (c: TapPayCredentials, orderRef: string): Promise<TradeRecord[] | PaymentAnswer> => {
    const text = JSON.stringify({
      partner_key: c.partnerKey,
      records_per_page: 10,
      page: 0,
      filters: { merchant_id: [c.merchantId], order_number: orderRef },
    });
    const { status, json } = await post(`${base}/tpc/transaction/query`, { 'x-api-key': c.partnerKey }, text);
    const fail = netFail(status, json);
    if (fail) return fail;
    const all = Array.isArray(json.trade_records) ? (json.trade_records as TradeRecord[]) : [];
    return all.filter((r) => r.order_number === orderRef && typeof r.rec_trade_id === 'string');
  };
  return {
    // the record query proves the partner key: "no record" (status 2) of a fresh merchant is a good answer
    test: async (c: TapPayCredentials) => {
      const a = await call(c, '/tpc/transaction/query', {
        records_per_page: 1,
        page: 0,
        filters: { merchant_id: [c.merchantId] },
      });
      return a.code === '2' ? { ...a, ok: true } : a;
    },
    pay: (c: TapPayCredentials, i: PayInput) =>
      call(c, '/tpc/payment/pay-by-prime', {
        // never a made-up or stored prime: each is single-use (TapPay answers 91 Expired prime to a second use)
        ...(i.prime ? { prime: i.prime } : {}),
        merchant_id: c.merchantId,
        amount: i.amount,
        currency: 'TWD',
        order_number: i.orderRef,
        details: i.description.slice(0, 100),
        three_domain_secure: c.useTds,
        // 3-D Secure: the bank's page sends the card holder back here, and TapPay the result (both confirmed
        // by the record query, never trusted as they come)
        ...(c.useTds && i.returnUrls
          ? {
              result_url: {
                frontend_redirect_url: i.returnUrls.confirm,
                backend_notify_url: i.returnUrls.notify,
              },
            }
          : {}),
        cardholder: { phone_number: '', name: '', email: '' },
      }),
    refund: (c: TapPayCredentials, tx: { transactionId: string; amount: number }) =>
      call(c, '/tpc/transaction/refund', { rec_trade_id: tx.transactionId, amount: tx.amount }),
    /** The trade's refunded_amount in the record query by order number. */
    refundedAmount: async (c: TapPayCredentials, tx: { transactionId: string; orderRef: string }) => {
      const found = await records(c, tx.orderRef);
      if (!Array.isArray(found)) return null;
      const trade = found.find((r) => r.rec_trade_id === tx.transactionId);
      return typeof trade?.refunded_amount === 'number' ? trade.refunded_amount : null;
    },
    /** The record query by order number: a trade authorised or captured (record_status 0 / 1) is a payment. */
    find: async (c: TapPayCredentials, orderRef: string): Promise<PaymentAnswer | null> => {
      const found = await records(c, orderRef);
      if (!Array.isArray(found)) return found;
      const mine = found;
      const paid = mine.find((r) => r.record_status === 0 || r.record_status === 1);
      if (paid)
        return {
          ok: true,
          code: '0',
          message: 'Success (found by order number)',
          transactionId: String(paid.rec_trade_id),
        };
      // record_status 4: the card holder has not finished 3-D Secure yet; -1: the trade failed
      const pending = mine.find((r) => r.record_status === 4);
      if (pending)
        return {
          ok: false,
          pending: true,
          code: '4',
          message: 'Pending',
          transactionId: String(pending.rec_trade_id),
        };
      const failed = mine.find((r) => r.record_status === -1);
      if (failed)
        return { ok: false, code: '-1', message: 'Error', transactionId: String(failed.rec_trade_id) };
      return null;
    },
  };
};

// ---- LINE Pay online API v3 (request / confirm / refund; HMAC-SHA256 signature) ------------------------

/** base64(HMAC-SHA256(channelSecret, channelSecret + uri + body-or-query + nonce)) (LINE Pay v3). */
export const linePaySignature = (secret: string, uri: string, bodyOrQuery: string, nonce: string) =>
  createHmac('sha256', secret)
    .update(secret + uri + bodyOrQuery + nonce)
    .digest('base64');

const linepay = (base: string) => {
  /** A signed call: POST with the body, or GET (signed over the query) without one. */
  const send = (c: LinePayCredentials, uri: string, body: object | null) => {
    const nonce = randomUUID();
    const [path, query = ''] = uri.split('?');
    const text = body ? JSON.stringify(body) : '';
    const headers = {
      'X-LINE-ChannelId': c.channelId,
      'X-LINE-Authorization-Nonce': nonce,
      'X-LINE-Authorization': linePaySignature(c.channelSecret, path!, body ? text : query, nonce),
    };
    return post(`${base}${uri}`, headers, text, body ? 'POST' : 'GET');
  };
  const call = async (c: LinePayCredentials, uri: string, body: object | null): Promise<PaymentAnswer> => {
    const { status, json } = await send(c, uri, body);
    const fail = netFail(status, json);
    if (fail) return fail;
    const info = (json.info ?? {}) as { transactionId?: unknown; paymentUrl?: { web?: string } };
    return {
      ok: json.returnCode === '0000',
      code: String(json.returnCode ?? status),
      message: String(json.returnMessage ?? ''),
      transactionId: info.transactionId !== undefined ? String(info.transactionId) : undefined,
      paymentUrl: info.paymentUrl?.web,
    };
  };
  return {
    test: (c: LinePayCredentials) => call(c, `/v3/payments?orderId=shopdesk-connection-test`, null),
    pay: (c: LinePayCredentials, i: PayInput) =>
      call(c, '/v3/payments/request', {
        amount: i.amount,
        currency: 'TWD',
        orderId: i.orderRef,
        packages: [
          {
            id: i.orderRef,
            amount: i.amount,
            products: [{ name: i.description.slice(0, 100), quantity: 1, price: i.amount }],
          },
        ],
        // LINE Pay adds transactionId and orderId to the confirm URL when it sends the customer back
        redirectUrls: {
          confirmUrl: i.returnUrls?.confirm ?? '',
          cancelUrl: i.returnUrls?.cancel ?? '',
        },
      }),
    confirm: (c: LinePayCredentials, transactionId: string, amount: number) =>
      call(c, `/v3/payments/${transactionId}/confirm`, { amount, currency: 'TWD' }),
    refund: (c: LinePayCredentials, tx: { transactionId: string; amount: number }) =>
      call(c, `/v3/payments/${tx.transactionId}/refund`, { refundAmount: tx.amount }),
    /** The payment details' refund list (LINE Pay v3 GET /v3/payments?transactionId=…), its amounts summed. */
    refundedAmount: async (c: LinePayCredentials, tx: { transactionId: string }) => {
      const uri = `/v3/payments?transactionId=${encodeURIComponent(tx.transactionId)}`;
      const { status, json } = await send(c, uri, null);
      if (netFail(status, json) || json.returnCode !== '0000' || !Array.isArray(json.info)) return null;
      const payment = (
        json.info as { transactionId?: unknown; refundList?: { refundAmount?: unknown }[] }[]
      ).find((i) => String(i.transactionId) === tx.transactionId);
      if (!payment) return null;
      // refund amounts come negative in the details (a refund takes money back)
      return (payment.refundList ?? []).reduce((sum, r) => sum + Math.abs(Number(r.refundAmount) || 0), 0);
    },
  };
};

// ---- easy-wallet (悠遊付 payment API fields; HMAC-SHA256 hex of the security code) ---------------------

/** hex(HMAC-SHA256(securityCode, requestDateTime + body)) in X-EW-Signature (ours: docs/decisions/payments.md). */
export const easyWalletSignature = (securityCode: string, requestDateTime: string, body: string) =>
  createHmac('sha256', securityCode)
    .update(requestDateTime + body)
    .digest('hex');

const stamp = (d = new Date()) => {
  const p = (n: number) => String(n).padStart(2, '0');
  const t = new Date(d.getTime() + 8 * 3600_000); // Asia/Taipei
  return `${t.getUTCFullYear()}${p(t.getUTCMonth() + 1)}${p(t.getUTCDate())}${p(t.getUTCHours())}${p(t.getUTCMinutes())}${p(t.getUTCSeconds())}`;
};

const easywallet = (base: string) => {
  const call = async (c: EasyWalletCredentials, path: string, order: object): Promise<PaymentAnswer> => {
    const requestDateTime = stamp();
    const text = JSON.stringify({
      requestDateTime,
      requestId: randomUUID(),
      sellerMemberUid: c.sellerMemberUid,
      contractNo: c.contractNo,
      executorId: c.executorId,
      order,
    });
    const headers = {
      'X-EW-Seller': c.sellerMemberUid,
      'X-EW-Signature': easyWalletSignature(c.securityCode, requestDateTime, text),
    };
    const { status, json } = await post(`${base}${path}`, headers, text);
    const fail = netFail(status, json);
    if (fail) return fail;
    return {
      ok: json.code === 0,
      code: String(json.code ?? status),
      message: String(json.message ?? ''),
      transactionId: typeof json.transaction_id === 'string' ? json.transaction_id : undefined,
      paymentUrl: typeof json.paymentUrl === 'string' ? json.paymentUrl : undefined,
    };
  };
  return {
    test: (c: EasyWalletCredentials) =>
      call(c, '/v2/payment/easy/query', { merchantOrderNo: 'shopdesk-connection-test' }),
    pay: (c: EasyWalletCredentials, i: PayInput) =>
      call(c, '/v2/payment/easy/online', {
        merchantOrderNo: i.orderRef,
        currency: 'TWD',
        orderTitle: i.description.slice(0, 50),
        tradeType: 'IMMEDIATE',
        orderAmount: i.amount,
      }),
    refund: (c: EasyWalletCredentials, tx: { transactionId: string; orderRef: string; amount: number }) =>
      call(c, '/v2/payment/easy/refund', {
        merchantOrderNo: tx.orderRef,
        transactionId: tx.transactionId,
        refundAmount: tx.amount,
      }),
  };
};

/**
 * The three services' clients behind one gateway, by base URL (TAPPAY_URL, LINEPAY_URL, EASYWALLET_URL). A
 * TapPay payment pays with the prime the customer app's card form made, never a made-up one (intake refuses
 * a TapPay order without one; TapPay itself answers 503 Missing arguments : prime).
 */
export const createPaymentGateway = (urls: Partial<PaymentUrls>, mode = 'live'): PaymentGateway => {
  const t = tappay(urls.tappay ?? '');
  const l = linepay(urls.linepay ?? '');
  const e = easywallet(urls.easywallet ?? '');
  const services = PAYMENT_SERVICES.filter((s) => urls[s]);
  // a service without a URL is not configured on this server: every call to it answers so, never a guess
  const pick = <R>(
    c: PaymentCredentials,
    f: {
      tappay: (c: TapPayCredentials) => R;
      linepay: (c: LinePayCredentials) => R;
      easywallet: (c: EasyWalletCredentials) => R;
    },
  ): R | PaymentAnswer =>
    !urls[c.service]
      ? notConfigured(c.service)
      : c.service === 'tappay'
        ? f.tappay(c)
        : c.service === 'linepay'
          ? f.linepay(c)
          : f.easywallet(c);
  const cardForm = !urls.tappay
    ? null
    : mode === 'simulator'
      ? { sdkUrl: `${urls.tappay}${TAPPAY_SDK_PATH}`, serverType: 'sandbox' as const }
      : {
          sdkUrl: TAPPAY_SDK_URL,
          serverType: /sandbox/.test(urls.tappay) ? ('sandbox' as const) : ('production' as const),
        };
  return {
    mode,
    services,
    cardForm,
    test: async (c) => pick(c, { tappay: t.test, linepay: l.test, easywallet: e.test }),
    find: async (c, orderRef) =>
      pick(c, {
        tappay: (x) => t.find(x, orderRef),
        linepay: async () => null,
        easywallet: async () => null,
      }),
    pay: async (c, i) =>
      pick(c, {
        tappay: (x) => t.pay(x, i),
        linepay: (x) => l.pay(x, i),
        easywallet: (x) => e.pay(x, i),
      }),
    refundedAmount: async (c, tx) => {
      const amount = await pick(c, {
        tappay: (x) => t.refundedAmount(x, tx),
        linepay: (x) => l.refundedAmount(x, tx),
        // easy-wallet: no query of a payment's refunds modelled (docs/decisions/payments.md)
        easywallet: async () => null,
      });
      return typeof amount === 'number' ? amount : null;
    },
    refund: async (c, tx) =>
      pick(c, {
        tappay: (x) => t.refund(x, tx),
        linepay: (x) => l.refund(x, tx),
        easywallet: (x) => e.refund(x, tx),
      }),
    confirm: async (c, tx) =>
      c.service === 'linepay'
        ? l.confirm(c, tx.transactionId, tx.amount)
        : { ok: false, code: 'unsupported', message: `${c.service} payments need no confirm` },
    enroll: async (c) => {
      // simulator mode only: the sandbox merchant centre learns the channel's / seller's secret
      if (mode !== 'simulator' || c.service === 'tappay') return;
      const [url, id, secret] =
        c.service === 'linepay'
          ? [urls.linepay, c.channelId, c.channelSecret]
          : [urls.easywallet, c.sellerMemberUid, c.securityCode];
      await post(`${url}/sim/enroll`, {}, JSON.stringify({ id, secret }));
    },
  };
};
