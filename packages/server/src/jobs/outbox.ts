import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';

/**
 * The durable queue of outgoing calls (table outbox_jobs, docs/decisions/foundation.md "Durable outbox").
 *
 * A feature enqueues inside the transaction that caused the call (`enqueueOutbox(tx, …)`), so the call is
 * recorded exactly when the change commits. A handler registered for the kind (`app.outbox.handle`) makes
 * the call; it throws RetryLater (429, 5xx, time-out: retried with back-off, or after the service's
 * Retry-After) or PermanentFailure (the service refused for good: the job is dead at once). Any other error
 * is retried too. After maxAttempts the job is 'dead' and stays visible to gaa.
 */

export type OutboxJob = {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  /** 1 on the first try. */
  attempts: number;
  maxAttempts: number;
  accountId: number | null;
};

export type OutboxHandler = (job: OutboxJob) => Promise<void>;

/** A failure worth another try (429, 5xx, network). retryAfterMs: the service's own Retry-After. */
export class RetryLater extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** The service refused for good (bad request, unknown recipient): no retry. */
export class PermanentFailure extends Error {}

export type EnqueueInput = {
  kind: string;
  payload: Record<string, unknown>;
  /** A second enqueue of the same kind and key is ignored (answers null). */
  dedupeKey?: string;
  accountId?: number | null;
  /** Not before this instant (default now). */
  runAt?: Date;
  maxAttempts?: number;
};

/** A job's row of the outbox insert (its defaults: now, 10 attempts). */
const jobRow = (input: EnqueueInput) =>
  sql`(${input.kind}, ${JSON.stringify(input.payload)}::jsonb, ${input.dedupeKey ?? null},
      ${input.accountId ?? null}, ${(input.runAt ?? new Date()).toISOString()}::timestamptz,
      ${input.maxAttempts ?? 10})`;

/** Enqueues a call inside the caller's transaction. Answers the job id, or null when the key was taken. */
export const enqueueOutbox = async (tx: Db, input: EnqueueInput): Promise<number | null> => {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`insert into outbox_jobs (kind, payload, dedupe_key, account_id, run_at, max_attempts)
        values ${jobRow(input)}
        on conflict (kind, dedupe_key) where dedupe_key is not null do nothing
        returning id::float8 as id`,
  );
  return rows[0]?.id ?? null;
};

/**
 * `enqueueOutbox` for several jobs in one statement (one round trip however many: the LINE pushes of an
 * order to each recipient). A job whose key is taken is skipped, as there. Nothing to enqueue: no statement.
 */
export const enqueueOutboxAll = async (tx: Db, inputs: readonly EnqueueInput[]): Promise<void> => {
  if (inputs.length === 0) return;
  await tx.execute(
    sql`insert into outbox_jobs (kind, payload, dedupe_key, account_id, run_at, max_attempts)
        values ${sql.join(inputs.map(jobRow), sql`, `)}
        on conflict (kind, dedupe_key) where dedupe_key is not null do nothing`,
  );
};

/** How long a claimed job is held before another worker may take it again (the handler's time limit too). */
export const OUTBOX_LEASE_MS = 60_000;
const BACKOFF_BASE_MS = 5_000;
const BACKOFF_MAX_MS = 60 * 60_000;

/** Exponential back-off with ±20 % jitter: 5 s, 10 s, 20 s … capped at an hour; a Retry-After wins when longer. */
export const backoffMs = (attempts: number, retryAfterMs?: number, random = Math.random) => {
  const exp = Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
  const jittered = Math.round(exp * (0.8 + 0.4 * random()));
  return Math.max(jittered, retryAfterMs ?? 0);
};

const claim = (db: Db, kinds: string[], now: Date, limit: number) =>
  queryRows<Omit<OutboxJob, 'payload'> & { payload: string }>(
    db,
    sql`update outbox_jobs set status = 'running', attempts = attempts + 1, updated_at = ${now.toISOString()}::timestamptz,
          locked_until = ${now.toISOString()}::timestamptz + ${`${OUTBOX_LEASE_MS} milliseconds`}::interval
        where id in (
          select id from outbox_jobs
          where kind in (${sql.join(
            kinds.map((k) => sql`${k}`),
            sql`, `,
          )})
            and ((status = 'pending' and run_at <= ${now.toISOString()}::timestamptz)
              or (status = 'running' and locked_until < ${now.toISOString()}::timestamptz))
          order by run_at, id limit ${limit}
          for update skip locked)
        returning id::float8 as id, kind, payload::text as payload, attempts, max_attempts as "maxAttempts",
          account_id as "accountId"`,
  );

const finish = (db: Db, id: number, set: SQL) =>
  db.execute(sql`update outbox_jobs set ${set}, locked_until = null, updated_at = now()
                 where id = ${id} and status = 'running'`);

const withTimeout = <T>(p: Promise<T>, ms: number) =>
  new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new RetryLater(`handler timed out after ${ms} ms`)), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e) => {
        clearTimeout(t);
        reject(e);
      },
    );
  });

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

type JobLog = (msg: string, job: OutboxJob, err?: unknown) => void;

/**
 * Claims up to `limit` due jobs of the handled kinds (each now 'running', leased for OUTBOX_LEASE_MS). Safe on
 * every instance at once: a row is claimed by one UPDATE … FOR UPDATE SKIP LOCKED.
 */
export const claimOutboxJobs = async (
  db: Db,
  handlers: ReadonlyMap<string, OutboxHandler>,
  opts: { now: Date; limit: number },
): Promise<OutboxJob[]> => {
  const kinds = [...handlers.keys()];
  if (kinds.length === 0 || opts.limit <= 0) return [];
  const rows = await claim(db, kinds, opts.now, opts.limit);
  return rows.map((r) => ({ ...r, payload: JSON.parse(r.payload) as Record<string, unknown> }));
};

/**
 * Runs one claimed job within the handler's time limit and records how it ended: done, pending again after
 * its back-off (`now` is when it was claimed), or dead. Never throws for the handler's error.
 */
export const runOutboxJob = async (
  db: Db,
  handlers: ReadonlyMap<string, OutboxHandler>,
  job: OutboxJob,
  opts: { now: Date; log?: JobLog },
): Promise<void> => {
  try {
    await withTimeout(handlers.get(job.kind)!(job), OUTBOX_LEASE_MS - 5_000);
    await finish(db, job.id, sql`status = 'done', done_at = now(), last_error = null`);
  } catch (err) {
    const dead = err instanceof PermanentFailure || job.attempts >= job.maxAttempts;
    opts.log?.(dead ? 'outbox job gave up' : 'outbox job will retry', job, err);
    if (dead) {
      await finish(db, job.id, sql`status = 'dead', last_error = ${errorText(err)}`);
    } else {
      const wait = backoffMs(job.attempts, err instanceof RetryLater ? err.retryAfterMs : undefined);
      await finish(
        db,
        job.id,
        sql`status = 'pending', last_error = ${errorText(err)},
            run_at = ${new Date(opts.now.getTime() + wait).toISOString()}::timestamptz`,
      );
    }
  }
};

/**
 * Claims up to `limit` due jobs and runs them, waiting for all of them: one round (tests' drain(), and
 * `now` to jump past a back-off). Answers how many ran. The poller does not use rounds: it keeps a number
 * of jobs in flight (plugins/app/outbox.ts), so one slow call never holds the others.
 */
export const runOutboxOnce = async (
  db: Db,
  handlers: ReadonlyMap<string, OutboxHandler>,
  opts: { now?: Date; limit?: number; log?: JobLog } = {},
): Promise<number> => {
  const now = opts.now ?? new Date();
  const jobs = await claimOutboxJobs(db, handlers, { now, limit: opts.limit ?? 20 });
  await Promise.all(jobs.map((job) => runOutboxJob(db, handlers, job, { now, log: opts.log })));
  return jobs.length;
};

/**
 * Gives claimed jobs back (graceful shutdown): those still running become pending again at once,
 * the try not counted, instead of waiting for their lease to run out. A handler that still finishes later
 * changes nothing (finish() needs status 'running'); the job may run again elsewhere: at least once.
 */
export const releaseOutboxClaims = async (db: Db, ids: number[]) => {
  if (ids.length === 0) return;
  await db.execute(
    sql`update outbox_jobs set status = 'pending', attempts = greatest(attempts - 1, 0), locked_until = null,
          run_at = now(), updated_at = now()
        where status = 'running' and id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
};

/** How long a finished job stays (the gaa delivery log, and its dedupe key: a replay within it is ignored). */
export const OUTBOX_DONE_KEEP_DAYS = 30;
/** How long a job that gave up stays (the dashboard's failed calls, the delivery log to look into). */
export const OUTBOX_DEAD_KEEP_DAYS = 90;
const PRUNE_BATCH = 5_000;
const PRUNE_BATCHES = 20;

/**
 * The scheduled prune (schedule/runner.ts): done jobs older than OUTBOX_DONE_KEEP_DAYS and dead ones older than
 * OUTBOX_DEAD_KEEP_DAYS, by their creation time (outbox_jobs_created_idx). Every order leaves two or three
 * jobs, so the table grew with the whole history. Deleted in batches of PRUNE_BATCH, at most PRUNE_BATCHES per
 * run: the first run on a large table spreads over minutes instead of one long statement. Pending and running
 * jobs are never touched. Answers how many were deleted.
 */
export const pruneOutbox = async (db: Db, now = new Date()): Promise<number> => {
  const before = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
  let deleted = 0;
  for (const [status, days] of [
    ['done', OUTBOX_DONE_KEEP_DAYS],
    ['dead', OUTBOX_DEAD_KEEP_DAYS],
  ] as const) {
    for (let i = 0; i < PRUNE_BATCHES; i += 1) {
      const rows = await queryRows<{ n: number }>(
        db,
        sql`with gone as (delete from outbox_jobs where id in (
              select id from outbox_jobs where created_at < ${before(days)}::timestamptz and status = ${status}
              limit ${PRUNE_BATCH}) returning 1)
            select count(*)::int as n from gone`,
      );
      const n = rows[0]?.n ?? 0;
      deleted += n;
      if (n < PRUNE_BATCH) break;
    }
  }
  return deleted;
};

export type OutboxRow = {
  id: number;
  kind: string;
  accountId: number | null;
  status: string;
  attempts: number;
  lastError: string | null;
  runAt: string;
  createdAt: string;
  doneAt: string | null;
  payload: Record<string, unknown>;
};

/** The delivery log (gaa): newest first, filtered by kind prefix, status and shop. */
export const listOutbox = async (
  db: Db,
  q: { kindPrefix?: string; status?: string; accountId?: number; offset: number; limit: number },
): Promise<{ total: number; rows: OutboxRow[] }> => {
  const where = sql.join(
    [
      sql`true`,
      q.kindPrefix ? sql`kind like ${`${q.kindPrefix.replace(/[%_\\]/g, '\\$&')}%`}` : sql`true`,
      q.status ? sql`status = ${q.status}` : sql`true`,
      q.accountId !== undefined ? sql`account_id = ${q.accountId}` : sql`true`,
    ],
    sql` and `,
  );
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from outbox_jobs where ${where}`,
  );
  const rows = await queryRows<Omit<OutboxRow, 'payload'> & { payload: string }>(
    db,
    sql`select id::float8 as id, kind, account_id as "accountId", status, attempts, last_error as "lastError",
          run_at as "runAt", created_at as "createdAt", done_at as "doneAt", payload::text as payload
        from outbox_jobs where ${where} order by id desc offset ${q.offset} limit ${q.limit}`,
  );
  return {
    total: count?.n ?? 0,
    rows: rows.map((r) => ({
      ...r,
      payload: JSON.parse(r.payload) as Record<string, unknown>,
      runAt: new Date(r.runAt).toISOString(),
      createdAt: new Date(r.createdAt).toISOString(),
      doneAt: r.doneAt ? new Date(r.doneAt).toISOString() : null,
    })),
  };
};
