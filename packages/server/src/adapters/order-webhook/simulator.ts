import {
  ORDER_WEBHOOK_SIGNATURE_HEADER,
  type TOrderWebhookPayload,
  ZOrderWebhookPayload,
} from '@shopdesk/contract';
import Fastify, { type FastifyRequest } from 'fastify';
import { verifyWebhook } from './signature';

export const SIMULATOR_WEBHOOK_PATH = '/v1/order-events';

/**
 * A receiver of the order webhook, as the integration middleware (posmw) would run it: it checks the signature
 * (bad or stale: 401), the payload's shape (400) and takes each idempotency key once. Test hooks: failNext
 * (answer 5xx or 429 the next n times), received (what was accepted), attempts (every call).
 */
export const createOrderWebhookSimulator = (secret: string) => {
  const received: TOrderWebhookPayload[] = [];
  const seen = new Set<string>();
  let attempts = 0;
  let failures = { count: 0, status: 503 };
  const app = Fastify({ logger: false });
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    (req as FastifyRequest & { rawBody?: string }).rawBody = body as string;
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error('bad json'), { statusCode: 400 }), undefined);
    }
  });
  app.post(SIMULATOR_WEBHOOK_PATH, async (req, reply) => {
    attempts += 1;
    if (failures.count > 0) {
      failures.count -= 1;
      return reply.code(failures.status).header('retry-after', '1').send({ error: 'unavailable' });
    }
    const raw = (req as FastifyRequest & { rawBody?: string }).rawBody ?? '';
    const sig = req.headers[ORDER_WEBHOOK_SIGNATURE_HEADER] as string | undefined;
    if (!verifyWebhook(secret, raw, sig)) return reply.code(401).send({ error: 'BAD_SIGNATURE' });
    const parsed = ZOrderWebhookPayload.safeParse(req.body);
    if (!parsed.success) return reply.code(400).send({ error: 'BAD_PAYLOAD' });
    const key = String(req.headers['idempotency-key'] ?? '');
    if (key && seen.has(key)) return { ok: true, duplicate: true };
    if (key) seen.add(key);
    received.push(parsed.data);
    return { ok: true };
  });
  return {
    app,
    control: {
      received,
      attempts: () => attempts,
      failNext: (count: number, status = 503) => {
        failures = { count, status };
      },
    },
  };
};
export type OrderWebhookSimulator = ReturnType<typeof createOrderWebhookSimulator>;
