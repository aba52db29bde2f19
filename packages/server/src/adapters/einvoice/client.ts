import { signedHeaders } from '../printer/signing';
import { EInvoiceError, type EInvoicePlatform, type EInvoiceSeller } from './types';

/**
 * The e-invoice platform's HTTP client (EINVOICE_PLATFORM_URL, or the local simulator): JSON calls signed
 * with HMAC-SHA256 of the shop's platform password (same scheme as the printer service: method, path,
 * timestamp, nonce, body hash), the user in `x-einvoice-user`.
 */
export const createEInvoiceClient = (opts: { baseUrl: string; mode?: string }): EInvoicePlatform => {
  const call = async <T>(seller: EInvoiceSeller, path: string, body: object): Promise<T> => {
    const text = JSON.stringify(body);
    const h = signedHeaders(seller.user, seller.password, 'POST', path, text);
    let res: Response;
    try {
      res = await fetch(`${opts.baseUrl}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-einvoice-user': seller.user,
          'x-timestamp': h['x-timestamp'],
          'x-nonce': h['x-nonce'],
          'x-signature': h['x-signature'],
        },
        body: text,
        signal: AbortSignal.timeout(8_000),
      });
    } catch (err) {
      throw new EInvoiceError((err as Error).message, 'NETWORK', true);
    }
    const answer = (await res.json().catch(() => ({}))) as { error?: { code: string; message: string } };
    if (!res.ok) {
      const code = answer.error?.code ?? String(res.status);
      throw new EInvoiceError(
        `${code}: ${answer.error?.message ?? ''}`,
        code,
        res.status === 429 || res.status >= 500,
      );
    }
    return answer as T;
  };
  return {
    mode: opts.mode ?? 'platform',
    register: async (s) => {
      await call(s, '/v1/sellers', {
        sellerTaxId: s.sellerTaxId,
        sellerId: s.sellerId,
        password: s.password,
      });
    },
    fetchTracks: async (s, sets) =>
      (
        await call<{ tracks: { track: string; start: number; end: number }[] }>(s, '/v1/tracks', {
          sellerTaxId: s.sellerTaxId,
          count: sets,
        })
      ).tracks,
    issue: (s, input) => call(s, '/v1/invoices', { sellerTaxId: s.sellerTaxId, ...input }),
    void: async (s, number, reason) => {
      await call(s, `/v1/invoices/${encodeURIComponent(number)}/void`, {
        sellerTaxId: s.sellerTaxId,
        reason,
      });
    },
  };
};
