import { API_BASE, POS_BOARD_EVENTS_PATH, POS_BOARD_PING_MS } from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import { sseRegistry } from '../../../http/sse';
import { findPosSession } from '../../../identity/pos-session-store';
import { readPosToken } from '../../../plugins/app/authorize';

/** The id to resume after: the Last-Event-ID header (EventSource reconnects) or ?after= (first connect). */
const resumeId = (header: unknown, query: unknown): number | null => {
  for (const v of [header, query]) {
    const n = Number(v);
    if (typeof v === 'string' && v !== '' && Number.isSafeInteger(n) && n >= 0) return n;
  }
  return null; // none: the stream starts from now
};

/**
 * GET /console/apis/qcpos/board/events: the shop's order feed as Server-Sent Events for a
 * signed-in POS user. Each order event is `id: <event id>` + `event: order` + the JSON; `event: reset` asks
 * the board to reload (it missed more than the feed replays); a `: ping` comment every 15 s keeps proxies
 * from closing an idle stream. The reply is hijacked: no compression or serializer touches the stream.
 */
export const boardEventsRoute = (app: FastifyInstance) => {
  const { openStream } = sseRegistry(app);

  app.route<{ Querystring: { after?: string } }>({
    method: 'GET',
    url: API_BASE + POS_BOARD_EVENTS_PATH,
    config: { allow: 'pos' },
    compress: false,
    schema: { hide: true },
    handler: async (req, reply) => {
      const pos = req.requirePosUser();
      const after = resumeId(req.headers['last-event-id'], req.query.after);
      // Each ping also re-checks the sign-in: a deleted POS user or a signed-out device loses its stream
      // (EventSource reconnects, gets 401 and the board goes back to its sign-in).
      const token = readPosToken(req);
      let unsubscribe = () => {};
      const stream = openStream(req, reply, {
        pingMs: app.appConfig.posBoardPingMs ?? POS_BOARD_PING_MS,
        onEnd: () => unsubscribe(),
        onPing: ({ end }) => {
          void (token ? findPosSession(app.database.db, token) : Promise.resolve(null)).then(
            (still) => {
              if (!still) end();
            },
            () => {},
          );
        },
      });
      unsubscribe = app.orderFeed.subscribe(
        pos.accountId,
        after,
        (e) => stream.write(`id: ${e.id}\nevent: order\ndata: ${JSON.stringify(e)}\n\n`),
        () => stream.write('event: reset\ndata: {}\n\n'),
      );
    },
  });
};
