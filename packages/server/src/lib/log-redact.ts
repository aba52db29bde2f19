/**
 * Error logs without customer data (docs/decisions/foundation.md "Proxy, CSRF, throttling, data
 * minimisation"). A failed SQL statement's error carries its parameters (drizzle: "Failed query: …\nparams:
 * 0912345678,王小明,…") and PostgreSQL's detail quotes values ("Key (phone)=(0912345678) already exists").
 * The logger's `err` serializer keeps the statement text (placeholders only), codes and stack, and drops
 * the values.
 */
const REDACTED = '[redacted]';

export const redactSqlText = (text: string): string =>
  text
    .replace(/\nparams: [^\n]*/g, `\nparams: ${REDACTED}`)
    // "Key (a, b)=(x, y)", "Failing row contains (…)"
    .replace(/(\([^()]*\))=\((?:[^()]|\([^()]*\))*\)/g, `$1=(${REDACTED})`)
    // invalid input syntax for type integer: "0912345678"
    .replace(/: "(?:[^"\\]|\\.)*"/g, `: "${REDACTED}"`)
    .replace(/(Failing row contains )\((?:[^()]|\([^()]*\))*\)/g, `$1(${REDACTED})`);

const KEPT = [
  'code',
  'statusCode',
  'severity',
  'routine',
  'schema',
  'table',
  'column',
  'constraint',
  'errno',
];

/** Fastify's / pino's `err` serializer, with SQL values taken out; nested causes too. */
export const serializeError = (err: unknown, depth = 0): unknown => {
  if (!(err instanceof Error) || depth > 5) return err;
  const e = err as Error & Record<string, unknown>;
  const out: Record<string, unknown> = {
    type: e.constructor?.name ?? e.name,
    message: redactSqlText(e.message),
    stack: typeof e.stack === 'string' ? redactSqlText(e.stack) : undefined,
  };
  for (const k of KEPT) if (e[k] !== undefined && e[k] !== null) out[k] = e[k];
  if (typeof e.query === 'string') out.query = e.query;
  if (Array.isArray(e.params)) out.params = `${REDACTED} (${e.params.length})`;
  if (typeof e.detail === 'string') out.detail = redactSqlText(e.detail);
  if (typeof e.where === 'string') out.where = redactSqlText(e.where);
  if (e.cause !== undefined) out.cause = serializeError(e.cause, depth + 1);
  return out;
};

/**
 * A request's URL for the access log: the path, and the query's names with their values taken out
 * (filters carry customer phone numbers and names, links carry tokens). `?phone=0912…&offset=0`
 * is logged as `?phone=[redacted]&offset=[redacted]`.
 */
export const redactUrl = (url: string): string => {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const names = url
    .slice(q + 1)
    .split('&')
    .filter((part) => part !== '')
    .map((part) => {
      const eq = part.indexOf('=');
      return `${eq < 0 ? part : part.slice(0, eq)}=${REDACTED}`;
    });
  return names.length ? `${url.slice(0, q)}?${names.join('&')}` : url.slice(0, q);
};
