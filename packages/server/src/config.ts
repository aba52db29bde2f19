import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { BlockList, isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { parseS3Url, S3_SIMULATOR, type S3Config } from './adapters/object-storage/s3-config';
import type { DbTimeouts } from './db/client';

const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /**
   * A second connection string for the report routes' reads (a read replica); unset = DATABASE_URL.
   * docs/scale.md "Read replica".
   */
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /**
   * S3-compatible object storage for uploads: https://KEY_ID:SECRET@host/bucket?region=…, or `simulator`
   * (development); unset = uploads stay in the database (adapters/object-storage/s3-config.ts).
   */
  S3_URL: z
    .string()
    .max(2000)
    .transform((v, ctx) => {
      if (v === S3_SIMULATOR) return S3_SIMULATOR;
      const parsed = parseS3Url(v);
      if ('error' in parsed) {
        ctx.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return parsed;
    })
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Public base URL used in links the server writes (e-mails, QR codes). */
  PUBLIC_URL: z.url().optional(),
  /** SMTP server for e-mail; unset = local capture (dev and tests). */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Shopdesk <no-reply@shopdesk.local>'),
  /** Seed demo data on the first start of an empty database (default on for the embedded database). */
  SEED_DEMO: z.enum(['auto', 'always', 'never']).default('auto'),
  /**
   * Which proxies' X-Forwarded-* headers to believe (docs/decisions/foundation.md "Proxy, CSRF, throttling"): `false`
   * none, `true` loopback and private networks only, a hop count (`1`), or addresses / CIDRs, comma-separated.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v);
      if (parsed === null) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be true, false, a hop count, or proxy addresses / CIDRs separated by commas',
        });
        return z.NEVER;
      }
      return parsed;
    }),
  /** Other origins (scheme://host[:port]) allowed to send state-changing requests with a session cookie. */
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const list = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      for (const o of list) {
        if (!/^https?:\/\/[^/\s]+$/.test(o)) {
          ctx.addIssue({ code: 'custom', message: `has ${o}: give origins as scheme://host[:port]` });
          return z.NEVER;
        }
      }
      return list.map((o) => new URL(o).origin);
    }),
  /** Storefront order POSTs per client address per minute (menu and time reads get four times as many). */
  STOREFRONT_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  /** The printer adapter: the local simulator prints every ticket ('ok') or fails every one ('fail'). */
  PRINTER_SIMULATOR: z.enum(['ok', 'fail']).default('ok'),
  /** Base URL of the cloud-printer service; unset = the local printer simulator. */
  PRINTER_SERVICE_URL: z.url().optional(),
  /** Base URL of the e-invoice platform; unset = the local platform simulator. */
  EINVOICE_PLATFORM_URL: z.url().optional(),
  // the payment services of the Qrpay tab (adapters/payment); unset = local simulators
  TAPPAY_URL: z.url().optional(),
  LINEPAY_URL: z.url().optional(),
  EASYWALLET_URL: z.url().optional(),
  /** PostgreSQL: statement_timeout of every connection (a query the database runs longer is cancelled: 503). */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  /** PostgreSQL: opening a connection or waiting for a free one of the pool (then 503). */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** PostgreSQL: idle_in_transaction_session_timeout (a transaction left open is ended by the database). */
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  /** LINE Messaging API base (default https://api.line.me). Unset in development: the LINE simulator. */
  LINE_API_BASE_URL: z.url().optional(),
  /** LINE data API base, rich-menu images (default https://api-data.line.me, or LINE_API_BASE_URL when set). */
  LINE_DATA_API_BASE_URL: z.url().optional(),
  /** Geocoding service (Google Geocoding / Distance Matrix API shape); unset = local simulator outside production. */
  GEOCODING_BASE_URL: z.url().optional(),
  GEOCODING_API_KEY: z.string().min(1).max(200).optional(),
  /** Delivery vendor (Lalamove API v3 shape); unset = local simulator outside production. */
  LALAMOVE_BASE_URL: z.url().optional(),
  MW_WEBHOOK_URL: z.url().optional(),
  // the LINE SPOT store directory (adapters/line-spot); unset outside production: the local simulator
  LINE_SPOT_BASE_URL: z.url().optional(),
  LINE_SPOT_API_TOKEN: z.string().min(1).max(500).optional(),
  MW_WEBHOOK_SECRET: z.string().min(16).max(200).optional(),
  /** The SMS gateway (Mitake SmSend API, adapters/sms) of the phone verification; unset outside production: its simulator. */
  SMS_URL: z.url().optional(),
  SMS_USERNAME: z.string().min(1).max(100).optional(),
  SMS_PASSWORD: z.string().min(1).max(200).optional(),
  LALAMOVE_API_KEY: z.string().min(1).max(200).optional(),
  LALAMOVE_API_SECRET: z.string().min(1).max(200).optional(),
  /** The delivery simulator moves each delivery one step this long after its last change (0 = never). */
  DELIVERY_SIM_STEP_MS: z.coerce.number().int().min(0).max(3_600_000).default(20_000),
  /** 32 bytes, base64: seals secrets at rest. Unset: generated and kept in DATA_DIR/secrets-key. */
  SECRETS_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes in base64')
    .optional(),
  /** Prometheus /metrics on a listener of its own at this port (plugins/app/metrics.ts); unset = none. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Prometheus /metrics on the main port for `Authorization: Bearer <token>`; unset = not there. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').max(200).optional(),
});

/** Every environment variable loadConfig reads (the README's configuration table names each: config-readme.test.ts). */
export const ENV_VARIABLES = Object.keys(ZEnv.shape);

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** DATABASE_READ_URL: the report routes read there (db/client.ts openDatabase). */
  databaseReadUrl?: string;
  /** S3_URL: uploads in object storage (adapters/object-storage); unset = in the database. */
  s3?: S3Config | typeof S3_SIMULATOR;
  dataDir: string;
  sessionSecret: string;
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: string;
  publicUrl: string | undefined;
  /** The server's own origin as it listens (http://localhost:PORT): the base of links in development. */
  listenOrigin?: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  seedDemo: 'auto' | 'always' | 'never';
  trustProxy: TTrustProxy;
  allowedOrigins: string[];
  storefrontRateLimit?: number;
  printerSimulator?: 'ok' | 'fail';
  printerServiceUrl?: string;
  einvoicePlatformUrl?: string;
  paymentUrls?: { tappay?: string; linepay?: string; easywallet?: string };
  secretsKey: Buffer;
  /** PostgreSQL time-outs (db/client.ts DbTimeouts). */
  dbTimeouts: DbTimeouts;
  lineApiBaseUrl?: string;
  lineDataApiBaseUrl?: string;
  geocodingBaseUrl?: string;
  geocodingApiKey?: string;
  lalamoveBaseUrl?: string;
  /** The integration middleware's order webhook (adapters/order-webhook); unset = the local simulator. */
  mwWebhookUrl?: string;
  mwWebhookSecret?: string;
  /** The SMS gateway (adapters/sms); unset = the local simulator (not in production). */
  smsUrl?: string;
  smsUsername?: string;
  smsPassword?: string;
  /** The LINE SPOT directory (adapters/line-spot); unset = the local simulator (not in production). */
  lineSpotBaseUrl?: string;
  lineSpotApiToken?: string;
  lalamoveApiKey?: string;
  lalamoveApiSecret?: string;
  deliverySimStepMs?: number;
  /** METRICS_PORT (main.ts listens there for /metrics). */
  metricsPort?: number;
  /** METRICS_TOKEN (plugins/app/metrics.ts: /metrics on the main port with this bearer token). */
  metricsToken?: string;
};

export class ConfigError extends Error {}

/**
 * TRUST_PROXY: false = the socket's address; a number = that many proxy hops in front; a list = proxies at
 * those addresses / CIDRs (or proxy-addr's names loopback, linklocal, uniquelocal). `true` means the
 * loopback and private ranges only: trusting every sender of X-Forwarded-For let anyone pick their address.
 */
export type TTrustProxy = boolean | number | string[];
export const PRIVATE_PROXIES = ['loopback', 'linklocal', 'uniquelocal'];
const PRESETS = new Set(PRIVATE_PROXIES);

const isAddressOrCidr = (v: string) => {
  if (PRESETS.has(v)) return true;
  const [addr, bits, extra] = v.split('/');
  if (extra !== undefined || !addr) return false;
  const family = isIP(addr);
  if (!family) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n <= (family === 4 ? 32 : 128);
};

export const parseTrustProxy = (raw: string): TTrustProxy | null => {
  const v = raw.trim().toLowerCase();
  if (v === 'true') return true;
  if (v === 'false' || v === '' || v === '0') return false;
  if (/^\d+$/.test(v)) return Number(v) <= 10 ? Number(v) : null;
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return list.length > 0 && list.every(isAddressOrCidr) ? list : null;
};

const privateNets = new BlockList();
for (const [net, bits] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
] as const)
  privateNets.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  privateNets.addSubnet(net, bits, 'ipv6');

/** Loopback, link-local or private (RFC 1918, fc00::/7), IPv4-mapped IPv6 included. */
export const isPrivateAddress = (addr: string): boolean => {
  const v4 = addr.startsWith('::ffff:') && isIP(addr.slice(7)) === 4 ? addr.slice(7) : addr;
  const family = isIP(v4);
  return family !== 0 && privateNets.check(v4, family === 4 ? 'ipv4' : 'ipv6');
};

/**
 * What Fastify's trustProxy option gets: `true` never reaches it as "trust everyone". A hop count trusts
 * that many proxies only when the nearest one (the socket's peer) is on a loopback or private network;
 * Fastify itself ignores a bare number, since a count cannot tell a proxy from a client.
 */
export const fastifyTrustProxy = (
  v: TTrustProxy,
): false | string[] | ((addr: string, hop: number) => boolean) => {
  if (v === true) return PRIVATE_PROXIES;
  if (typeof v === 'number')
    return v === 0 ? false : (addr, hop) => hop < v && (hop > 0 || isPrivateAddress(addr));
  return v;
};

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = ZEnv.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Configuration error: ${issue.path.join('.')} ${issue.message}`);
  }
  const e = parsed.data;
  // Links in e-mails (password reset, invitations, reports) must never take their origin from a request's
  // Host header, which the sender chooses: production names its public origin (docs/decisions/operations.md "Links").
  if (e.NODE_ENV === 'production' && !e.PUBLIC_URL)
    throw new ConfigError(
      'Configuration error: PUBLIC_URL is required in production (the https:// origin of the links in e-mails and QR codes)',
    );
  if (e.NODE_ENV === 'production' && e.S3_URL === S3_SIMULATOR)
    throw new ConfigError(
      'Configuration error: S3_URL=simulator is for development; production names a real S3 endpoint (https://KEY_ID:SECRET@host/bucket)',
    );
  if (e.DATABASE_READ_URL && !e.DATABASE_URL)
    throw new ConfigError(
      'Configuration error: DATABASE_READ_URL needs DATABASE_URL (the embedded database has no replica)',
    );
  const dataDir = path.resolve(e.DATA_DIR);
  const listenHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    s3: e.S3_URL,
    dataDir,
    sessionSecret: e.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    listenOrigin: `http://${listenHost.includes(':') ? `[${listenHost}]` : listenHost}:${e.PORT}`,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    seedDemo: e.SEED_DEMO,
    trustProxy: e.TRUST_PROXY,
    allowedOrigins: e.ALLOWED_ORIGINS,
    storefrontRateLimit: e.STOREFRONT_RATE_LIMIT,
    printerSimulator: e.PRINTER_SIMULATOR,
    printerServiceUrl: e.PRINTER_SERVICE_URL?.replace(/\/$/, ''),
    einvoicePlatformUrl: e.EINVOICE_PLATFORM_URL?.replace(/\/$/, ''),
    paymentUrls: {
      tappay: e.TAPPAY_URL?.replace(/\/$/, ''),
      linepay: e.LINEPAY_URL?.replace(/\/$/, ''),
      easywallet: e.EASYWALLET_URL?.replace(/\/$/, ''),
    },
    dbTimeouts: {
      statementMs: e.DB_STATEMENT_TIMEOUT_MS,
      connectMs: e.DB_CONNECT_TIMEOUT_MS,
      idleInTransactionMs: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    lineApiBaseUrl: e.LINE_API_BASE_URL,
    lineDataApiBaseUrl: e.LINE_DATA_API_BASE_URL ?? e.LINE_API_BASE_URL,
    geocodingBaseUrl: e.GEOCODING_BASE_URL,
    geocodingApiKey: e.GEOCODING_API_KEY,
    lalamoveBaseUrl: e.LALAMOVE_BASE_URL?.replace(/\/$/, ''),
    mwWebhookUrl: e.MW_WEBHOOK_URL,
    mwWebhookSecret: e.MW_WEBHOOK_SECRET,
    smsUrl: e.SMS_URL,
    smsUsername: e.SMS_USERNAME,
    smsPassword: e.SMS_PASSWORD,
    lineSpotBaseUrl: e.LINE_SPOT_BASE_URL?.replace(/\/$/, ''),
    lineSpotApiToken: e.LINE_SPOT_API_TOKEN,
    lalamoveApiKey: e.LALAMOVE_API_KEY,
    lalamoveApiSecret: e.LALAMOVE_API_SECRET,
    deliverySimStepMs: e.DELIVERY_SIM_STEP_MS,
    metricsPort: e.METRICS_PORT,
    metricsToken: e.METRICS_TOKEN,
    secretsKey: e.SECRETS_KEY
      ? Buffer.from(e.SECRETS_KEY, 'base64')
      : Buffer.from(
          readOrCreateSecret(dataDir, 'secrets-key', () => randomBytes(32).toString('base64')),
          'base64',
        ),
  };
};

/**
 * SESSION_SECRET or SECRETS_KEY unset: generate one and keep it in DATA_DIR so sessions (and sealed secrets)
 * survive restarts.
 */
const readOrCreateSecret = (
  dataDir: string,
  name = 'session-secret',
  generate = () => randomBytes(48).toString('base64url'),
): string => {
  const file = path.join(dataDir, name);
  try {
    if (existsSync(file)) return readFileSync(file, 'utf8').trim();
    mkdirSync(dataDir, { recursive: true });
    const secret = generate();
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  } catch (err) {
    throw new ConfigError(
      `Configuration error: DATA_DIR ${dataDir} is not writable (${(err as Error).message})`,
    );
  }
};
