import { date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per scheduled job run per shop per local day (src/jobs). The primary key is the claim: the
 * instance whose insert wins does the work, in the same transaction, so no shop runs twice a day.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    accountId: integer('account_id').notNull(),
    /** The shop's local date (Asia/Taipei) the run belongs to. */
    localDate: date('local_date', { mode: 'string' }).notNull(),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
    /** Which instance ran it (host:pid), for operators reading the table. */
    runner: text('runner').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.job, t.accountId, t.localDate] }),
    index('job_runs_date_idx').on(t.localDate),
  ],
);
