import { validateSignature } from '@line/bot-sdk';
import { API_BASE, COMMON_MESSAGES, ERROR_CODES, msg, SHOP_LIST_MESSAGES } from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { ApiError, badRequest, notFound } from '../../../http/errors';
import { enqueueOutbox } from '../../../jobs/outbox';
import { loadChannelSecret } from './channel-store';
import { type ChatEvent, EVENT_JOB } from './chat-events';

const BAD_SIGNATURE = msg('簽章錯誤', 'Invalid X-Line-Signature');
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * The shop's LINE webhook `POST /console/apis/line/webhook/{accountId}` (the URL of the info page).
 * The raw body is checked against X-Line-Signature (HMAC-SHA256 with the channel secret, @line/bot-sdk's
 * validateSignature); missing or wrong: 401 and nothing stored. A stopped old account: 403. A good request only stores its events as
 * outbox jobs (dedupe key = webhookEventId, so LINE's redeliveries are ignored) and answers 200 at once:
 * the events are handled after the answer (chat-events.ts), so a slow step never makes LINE retry.
 */
export const webhookRoute = async (app: FastifyInstance, opts: { db: Db }) => {
  // a scope of its own: this route alone reads its JSON body as raw bytes
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );
    scope.route<{ Params: { accountId: string } }>({
      method: 'POST',
      url: `${API_BASE}/line/webhook/:accountId`,
      config: { allow: 'public' },
      schema: { hide: true } as object,
      handler: async (req, reply) => {
        const accountId = Number(req.params.accountId);
        if (!Number.isInteger(accountId) || accountId < 1 || accountId > 2_147_483_647) throw notFound();
        const channel = await loadChannelSecret(opts.db, app.secretBox, accountId);
        if (!channel) throw notFound();
        const { secret } = channel;
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const signature = req.headers['x-line-signature'];
        if (typeof signature !== 'string' || !signature || !validateSignature(raw, secret, signature)) {
          req.log.warn({ accountId }, 'LINE webhook refused: missing or wrong signature');
          throw new ApiError(401, ERROR_CODES.unauthorized, BAD_SIGNATURE);
        }
        // the shop stopped this (old) account: refused (LINE only needs a non-2xx), nothing stored
        if (channel.oldStopped) {
          req.log.warn({ accountId }, 'LINE webhook refused: the old official account is stopped');
          throw new ApiError(403, ERROR_CODES.forbidden, SHOP_LIST_MESSAGES.oaStopped);
        }
        let events: ChatEvent[];
        try {
          const body = JSON.parse(raw.toString('utf8')) as { events?: ChatEvent[] };
          events = Array.isArray(body.events) ? body.events : [];
        } catch {
          throw badRequest(COMMON_MESSAGES.validation);
        }
        await opts.db.transaction(async (tx) => {
          for (const event of events) {
            if (!event || typeof event.type !== 'string' || typeof event.webhookEventId !== 'string')
              continue;
            await enqueueOutbox(tx as unknown as Db, {
              kind: EVENT_JOB,
              accountId,
              dedupeKey: `${accountId}:${event.webhookEventId}`,
              payload: { accountId, event },
              maxAttempts: 5,
            });
          }
        });
        // with a poller (main.ts) handle them right after answering instead of at the next poll
        if (app.appConfig.outboxPollMs && events.length)
          reply.raw.once('finish', () => {
            app.outbox.tick().catch((err) => app.log.error({ err }, 'outbox tick after webhook failed'));
          });
        return reply.code(200).send({});
      },
    });
  });
};
