import {
  API_BASE,
  DASHBOARD_EVENTS_PATH,
  DASHBOARD_LIVE_THROTTLE_MS,
  DASHBOARD_PING_MS,
} from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import { sseRegistry } from '../../../http/sse';
import { findSessionUser } from '../../../identity/session-store';
import { readSessionToken } from '../../../plugins/app/authorize';

/**
 * GET /console/apis/gaa/dashboard/events: the platform dashboard's live stream for a gaa session.
 * Any shop's order feed moving (the LISTEN/NOTIFY of order_events, so every instance's writes) sends
 * `event: changed` — at once, then at most once per DASHBOARD_LIVE_THROTTLE_MS (a burst of orders is one
 * trailing event) — and the page reads GET /gaa/dashboard again. Nothing else is sent: the figures are
 * read through the one dashboard call, by shop kind.
 */
export const dashboardEventsRoute = (app: FastifyInstance) => {
  const { openStream } = sseRegistry(app);

  app.route({
    method: 'GET',
    url: API_BASE + DASHBOARD_EVENTS_PATH,
    config: { allow: ['gaa'] },
    compress: false,
    schema: { hide: true },
    handler: async (req, reply) => {
      const token = readSessionToken(req);
      let stopWatching = () => {};
      let timer: NodeJS.Timeout | null = null;
      let lastSent = 0;
      const stream = openStream(req, reply, {
        pingMs: app.appConfig.posBoardPingMs ?? DASHBOARD_PING_MS,
        onEnd: () => {
          stopWatching();
          if (timer) clearTimeout(timer);
        },
        // each ping re-checks the sign-in, as the board's stream does: a gaa who signed out (or was disabled)
        // loses the stream, and the reconnect gets 401
        onPing: ({ end }) => {
          void (token ? findSessionUser(app.database.db, token) : Promise.resolve(null)).then(
            (still) => {
              if (still?.type !== 'gaa') end();
            },
            () => {},
          );
        },
      });
      const send = () => {
        timer = null;
        lastSent = Date.now();
        stream.write('event: changed\ndata: {}\n\n');
      };
      stopWatching = app.orderFeed.watchAll(() => {
        if (timer) return; // one trailing event is already due
        const wait = lastSent + DASHBOARD_LIVE_THROTTLE_MS - Date.now();
        if (wait <= 0) send();
        else timer = setTimeout(send, wait);
      });
    },
  });
};
