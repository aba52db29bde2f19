import Fastify from 'fastify';
import { formatSmSendAnswer, SMSEND_PATH, STATUS_TEXT } from './mitake-api';

export type SimulatedSms = { msgid: string; dstaddr: string; smbody: string; clientid: string; at: string };

/** How the next sends fail: an HTTP status (429, 503) or one of the gateway's own status codes ('r', 'e'…). */
type Failure = { count: number; http?: number; statuscode?: string };

/**
 * A local Mitake SmSend gateway (mitake-api.ts): it checks the username and password (statuscode c, d, e), the
 * number (v) and the text (u), sends a clientid once (a repeat gets the first answer and Duplicate=Y) and keeps
 * every message it took. GET /__sim/messages?dstaddr= lists them (tests, and the developer reading a code:
 * the server logs the simulator's url at start). Test hooks: failNext (HTTP 429/503 or a status code), messages.
 */
export const createSmsSimulator = (creds: { username: string; password: string }) => {
  const messages: SimulatedSms[] = [];
  const byClientId = new Map<string, string>();
  let points = 10_000;
  let seq = 0;
  let attempts = 0;
  let failure: Failure = { count: 0 };
  const app = Fastify({ logger: false });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const answer = (fields: Record<string, string | number | undefined>) => formatSmSendAnswer(fields);
  const refuse = (statuscode: string) => answer({ statuscode, Error: STATUS_TEXT[statuscode] });

  app.post(SMSEND_PATH, async (req, reply) => {
    attempts += 1;
    reply.type('text/plain; charset=utf-8');
    if (failure.count > 0) {
      failure.count -= 1;
      if (failure.http) return reply.code(failure.http).header('retry-after', '1').send('busy');
      return refuse(failure.statuscode ?? 'r');
    }
    const f = (req.body ?? {}) as Record<string, string | undefined>;
    if (!f.username) return refuse('c');
    if (!f.password) return refuse('d');
    if (f.username !== creds.username || f.password !== creds.password) return refuse('e');
    if (!f.dstaddr || !/^09\d{8}$/.test(f.dstaddr)) return refuse('v');
    if (!f.smbody?.trim()) return refuse('u');
    const clientid = f.clientid ?? '';
    const earlier = clientid ? byClientId.get(clientid) : undefined;
    if (earlier) return answer({ msgid: earlier, statuscode: 1, AccountPoint: points, Duplicate: 'Y' });
    seq += 1;
    const msgid = `#${String(seq).padStart(9, '0')}`;
    if (clientid) byClientId.set(clientid, msgid);
    points -= 1;
    messages.push({ msgid, dstaddr: f.dstaddr, smbody: f.smbody, clientid, at: new Date().toISOString() });
    return answer({ msgid, statuscode: 1, AccountPoint: points });
  });
  app.get('/__sim/messages', async (req) => {
    const to = (req.query as { dstaddr?: string }).dstaddr;
    return { messages: to ? messages.filter((m) => m.dstaddr === to) : messages };
  });
  return {
    app,
    control: {
      messages,
      attempts: () => attempts,
      /** The last message sent to a number, if any. */
      lastTo: (dstaddr: string) => messages.filter((m) => m.dstaddr === dstaddr).at(-1),
      failNext: (count: number, how: { http?: number; statuscode?: string } = { http: 503 }) => {
        failure = { count, ...how };
      },
    },
  };
};
export type SmsSimulator = ReturnType<typeof createSmsSimulator>;
