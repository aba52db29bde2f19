import { type TMessage, WIZARD_MESSAGES } from '@shopdesk/contract';

/**
 * Errors that mean "the database cannot answer now": it restarts, is stopped, frozen or out of
 * reach. The API answers them 503 with Retry-After (plugins/app/errors.ts), never 500: the request may be
 * repeated as soon as the database is back.
 */

/** Seconds a client should wait before it retries a request refused because the database is out. */
export const DB_RETRY_AFTER_S = 5;

/** Socket errors of the driver: the server is not there (refused, reset, unreachable, timed out). */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs: class 08 (connection exception), 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03
 * cannot_connect_now (starting up or shutting down), 57P05 idle session timeout, 53300 too many connections,
 * 25P03 idle_in_transaction_session_timeout (the database ended a transaction it found left open), 57014
 * statement_timeout outside a report (reports answer 422 first, db/query-timeout.ts).
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '57P05', '53300', '25P03', '57014']);

/** Messages of pg and pg-pool that carry no code. */
const MESSAGES = [
  /^Connection terminated/,
  /^Query read timeout$/,
  /^timeout exceeded when trying to connect$/,
  /is not queryable$/,
  /^Client has encountered a connection error/,
  /^health check: database did not answer$/,
];

const isUnavailable = (e: { code?: unknown; message?: unknown }): boolean => {
  const code = typeof e.code === 'string' ? e.code : '';
  if (SOCKET_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  return MESSAGES.some((m) => m.test(message));
};

/** True when the error, or one it wraps (drizzle's DrizzleQueryError, pg-pool's cause, AggregateError), is one. */
export const isDatabaseUnavailable = (err: unknown): boolean => {
  const seen = new Set<unknown>();
  const walk = (e: unknown, depth: number): boolean => {
    if (!e || typeof e !== 'object' || depth > 5 || seen.has(e)) return false;
    seen.add(e);
    if (isUnavailable(e as { code?: unknown; message?: unknown })) return true;
    const inner = (e as { errors?: unknown }).errors;
    if (Array.isArray(inner) && inner.some((x) => walk(x, depth + 1))) return true;
    return walk((e as { cause?: unknown }).cause, depth + 1);
  };
  return walk(err, 0);
};

/**
 * The constraint a unique violation (SQLSTATE 23505) broke, whether the driver error is wrapped or not
 * (drizzle's DrizzleQueryError carries it as `cause`); undefined for any other error.
 */
export const uniqueViolation = (err: unknown): string | undefined => {
  for (
    let e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 5;
    i++
  ) {
    if (e.code === '23505') return typeof e.constraint === 'string' ? e.constraint : '';
    e = e.cause as typeof e;
  }
  return undefined;
};

/**
 * Unique rules of the database that a request can break with well-formed input: the API answers them
 * 409 with the rule's text (plugins/app/errors.ts), never 500. Keyed by the index name in the schema.
 */
export const UNIQUE_CONFLICTS: Record<string, { text: TMessage; field: string }> = {
  // one shop per LINE channel (schema/shops.ts; written by the wizard and the OA settings)
  accounts_line_channel_id_key: { text: WIZARD_MESSAGES.channelTaken, field: 'channelId' },
};
