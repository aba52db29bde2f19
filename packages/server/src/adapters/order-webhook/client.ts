import { ORDER_WEBHOOK_SIGNATURE_HEADER, type TOrderWebhookPayload } from '@shopdesk/contract';
import { signWebhook } from './signature';

/** The answer of one delivery: the receiver's status and its Retry-After in ms, if any. */
export type WebhookAnswer = { status: number; retryAfterMs?: number };

/** The outbound order webhook (docs/decisions/platform.md "Integrations"): one signed POST per event and integration. */
export type OrderWebhook = {
  url: string;
  deliver: (payload: TOrderWebhookPayload, idempotencyKey: string) => Promise<WebhookAnswer>;
};

export const createOrderWebhookClient = (cfg: {
  url: string;
  secret: string;
  timeoutMs?: number;
}): OrderWebhook => ({
  url: cfg.url,
  deliver: async (payload, idempotencyKey) => {
    const body = JSON.stringify(payload);
    const res = await fetch(cfg.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [ORDER_WEBHOOK_SIGNATURE_HEADER]: signWebhook(cfg.secret, body),
        'idempotency-key': idempotencyKey,
      },
      body,
      signal: AbortSignal.timeout(cfg.timeoutMs ?? 10_000),
    });
    await res.arrayBuffer().catch(() => undefined);
    const after = Number(res.headers.get('retry-after'));
    return {
      status: res.status,
      ...(Number.isFinite(after) && after > 0 ? { retryAfterMs: after * 1000 } : {}),
    };
  },
});
