import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, updatedAtColumn } from './columns';

/**
 * The durable queue of outgoing calls that must happen (src/jobs/outbox.ts): a LINE push, a courier
 * request, an e-invoice, an integration webhook. The request that causes one only inserts a row, in its own
 * transaction; workers on any instance claim due rows with FOR UPDATE SKIP LOCKED, call the service and
 * mark the row done, or schedule a retry with back-off. A crash mid-call leaves the row claimed until its
 * lease runs out, then another worker takes it again.
 */
export const outboxJobs = pgTable(
  'outbox_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Which handler runs it, e.g. 'line.push', 'invoice.issue'. */
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** Optional idempotency key: a second enqueue with the same key is ignored. */
    dedupeKey: text('dedupe_key'),
    /** The shop it concerns, when any (for the gaa delivery log's filter). */
    accountId: integer('account_id'),
    /** pending → running → done | pending (retry) | dead (gave up or permanent error). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(10),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('outbox_jobs_dedupe_idx').on(t.kind, t.dedupeKey).where(sql`dedupe_key is not null`),
    index('outbox_jobs_due_idx').on(t.runAt).where(sql`status in ('pending', 'running')`),
    index('outbox_jobs_account_idx').on(t.accountId, t.id),
    index('outbox_jobs_created_idx').on(t.createdAt),
    // the platform dashboard's failed calls by kind (dashboard-repo.ts): the dead jobs alone, not the table
    index('outbox_jobs_dead_idx').on(t.kind).where(sql`status = 'dead'`),
  ],
);
