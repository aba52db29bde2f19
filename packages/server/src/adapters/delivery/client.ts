import { randomUUID } from 'node:crypto';
import {
  type DeliveryApi,
  DeliveryApiError,
  type Driver,
  type Quotation,
  type VendorOrder,
} from './delivery-api';
import { authorizationHeader } from './signature';

/**
 * Lalamove API v3 (https://rest.lalamove.com, sandbox https://rest.sandbox.lalamove.com): JSON bodies
 * wrapped in `data`, signed per request (signature.ts), `Market: TW`, a `Request-ID` per call.
 */
export const createLalamoveClient = (opts: {
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  market?: string;
  timeoutMs?: number;
}): DeliveryApi => {
  const call = async <T>(method: string, path: string, data?: unknown): Promise<T> => {
    const body = data === undefined ? '' : JSON.stringify({ data });
    const res = await fetch(new URL(path, opts.baseUrl), {
      method,
      headers: {
        Authorization: authorizationHeader(opts.apiKey, opts.apiSecret, method, path, body),
        Market: opts.market ?? 'TW',
        'Request-ID': randomUUID(),
        ...(body ? { 'Content-Type': 'application/json' } : {}),
      },
      body: body || undefined,
      signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
    });
    const text = await res.text();
    const json = text ? (JSON.parse(text) as { data?: T; errors?: { id: string; message: string }[] }) : {};
    if (!res.ok) {
      const e = json.errors?.[0];
      throw new DeliveryApiError(res.status, e?.id ?? `HTTP_${res.status}`, e?.message ?? res.statusText);
    }
    return json.data as T;
  };
  return {
    quotation: async (pickup, dropoff) => {
      const d = await call<{
        quotationId: string;
        priceBreakdown: { total: string; currency: string };
        stops: { stopId: string }[];
      }>('POST', '/v3/quotations', {
        serviceType: 'MOTORCYCLE',
        language: 'zh_TW',
        stops: [pickup, dropoff].map((s) => ({
          coordinates: { lat: String(s.lat), lng: String(s.lng) },
          address: s.address,
        })),
      });
      return {
        quotationId: d.quotationId,
        priceTotal: d.priceBreakdown.total,
        currency: d.priceBreakdown.currency,
        stopIds: [d.stops[0]!.stopId, d.stops[1]!.stopId],
      } satisfies Quotation;
    },
    placeOrder: async (q, sender, recipient) =>
      call<VendorOrder>('POST', '/v3/orders', {
        quotationId: q.quotationId,
        sender: { stopId: q.stopIds[0], name: sender.name, phone: sender.phone },
        recipients: [
          {
            stopId: q.stopIds[1],
            name: recipient.name,
            phone: recipient.phone,
            remarks: recipient.remarks ?? '',
          },
        ],
      }),
    getOrder: (id) => call<VendorOrder>('GET', `/v3/orders/${encodeURIComponent(id)}`),
    cancelOrder: async (id) => {
      await call('DELETE', `/v3/orders/${encodeURIComponent(id)}`);
    },
    getDriver: (id, driverId) =>
      call<Driver>('GET', `/v3/orders/${encodeURIComponent(id)}/drivers/${encodeURIComponent(driverId)}`),
  };
};
