import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { DbTimeouts } from './db/client';

const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
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
  /** Trust X-Forwarded-* headers from a load balancer. */
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  /** Storefront order POSTs per client address per minute (menu and time reads get four times as many). */
  STOREFRONT_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  /** The printer adapter: the local simulator prints every ticket ('ok') or fails every one ('fail'). */
  PRINTER_SIMULATOR: z.enum(['ok', 'fail']).default('ok'),
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
  /** 32 bytes, base64: seals secrets at rest. Unset: generated and kept in DATA_DIR/secrets-key. */
  SECRETS_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes in base64')
    .optional(),
});

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  sessionSecret: string;
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: string;
  publicUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  seedDemo: 'auto' | 'always' | 'never';
  trustProxy: boolean;
  storefrontRateLimit?: number;
  printerSimulator?: 'ok' | 'fail';
  secretsKey: Buffer;
  /** PostgreSQL time-outs (db/client.ts DbTimeouts). */
  dbTimeouts: DbTimeouts;
  lineApiBaseUrl?: string;
  lineDataApiBaseUrl?: string;
  geocodingBaseUrl?: string;
  geocodingApiKey?: string;
};

export class ConfigError extends Error {}

/** Reads configuration from the environment. Throws ConfigError with one clear line when something is wrong. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = ZEnv.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Configuration error: ${issue.path.join('.')} ${issue.message}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    sessionSecret: e.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    publicUrl: e.PUBLIC_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    seedDemo: e.SEED_DEMO,
    trustProxy: e.TRUST_PROXY === 'true',
    storefrontRateLimit: e.STOREFRONT_RATE_LIMIT,
    printerSimulator: e.PRINTER_SIMULATOR,
    dbTimeouts: {
      statementMs: e.DB_STATEMENT_TIMEOUT_MS,
      connectMs: e.DB_CONNECT_TIMEOUT_MS,
      idleInTransactionMs: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    lineApiBaseUrl: e.LINE_API_BASE_URL,
    lineDataApiBaseUrl: e.LINE_DATA_API_BASE_URL ?? e.LINE_API_BASE_URL,
    geocodingBaseUrl: e.GEOCODING_BASE_URL,
    geocodingApiKey: e.GEOCODING_API_KEY,
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
