import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import {
  backoffMs,
  enqueueOutbox,
  listOutbox,
  OUTBOX_DEAD_KEEP_DAYS,
  OUTBOX_DONE_KEEP_DAYS,
  PermanentFailure,
  pruneOutbox,
  RetryLater,
} from '../src/jobs/outbox';
import { createSecretBox, maskSecret } from '../src/lib/secret-box';
import { OUTBOX_IN_FLIGHT } from '../src/plugins/app/outbox';
import { JOBS } from '../src/schedule/runner';
import { build } from './helpers';

// docs/decisions/foundation.md "Durable outbox": calls that must happen survive failures and restarts.
describe('durable outbox', async () => {
  const t = await build();
  const calls: string[] = [];
  let failWith: Error | null = null;
  t.app.outbox.handle('test.call', async (job) => {
    calls.push(String(job.payload.n));
    if (failWith) {
      const e = failWith;
      failWith = null;
      throw e;
    }
  });

  const statusOf = async (id: number) =>
    (
      await queryRows<{ status: string; attempts: number }>(
        t.db,
        sql`select status, attempts from outbox_jobs where id = ${id}`,
      )
    )[0]!;

  it('runs a job once and ignores a second enqueue with the same key', async () => {
    const id = await enqueueOutbox(t.db, { kind: 'test.call', payload: { n: 1 }, dedupeKey: 'k1' });
    expect(await enqueueOutbox(t.db, { kind: 'test.call', payload: { n: 1 }, dedupeKey: 'k1' })).toBeNull();
    expect(await t.app.outbox.drain()).toBe(1);
    expect(calls).toEqual(['1']);
    expect(await statusOf(id!)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('retries after a 429 only once the back-off has passed, honouring Retry-After', async () => {
    calls.length = 0;
    failWith = new RetryLater('429 Too Many Requests', 30_000);
    const id = (await enqueueOutbox(t.db, { kind: 'test.call', payload: { n: 2 } }))!;
    const now = new Date();
    await t.app.outbox.drain({ now });
    expect(await statusOf(id)).toMatchObject({ status: 'pending', attempts: 1 });
    await t.app.outbox.drain({ now: new Date(now.getTime() + 10_000) });
    expect(calls).toEqual(['2']);
    await t.app.outbox.drain({ now: new Date(now.getTime() + 31_000) });
    expect(calls).toEqual(['2', '2']);
    expect(await statusOf(id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('gives up at once on a permanent failure and lists it in the delivery log', async () => {
    failWith = new PermanentFailure('400 invalid recipient');
    const id = (await enqueueOutbox(t.db, { kind: 'test.call', payload: { n: 3 }, accountId: 77 }))!;
    await t.app.outbox.drain();
    expect(await statusOf(id)).toMatchObject({ status: 'dead' });
    const log = await listOutbox(t.db, { kindPrefix: 'test.', accountId: 77, offset: 0, limit: 10 });
    expect(log.rows[0]).toMatchObject({ id, status: 'dead', lastError: '400 invalid recipient' });
  });

  it('takes a job claimed by a crashed worker again once its lease runs out', async () => {
    calls.length = 0;
    const id = (await enqueueOutbox(t.db, { kind: 'test.call', payload: { n: 4 } }))!;
    // a worker claimed it and died: status running, lease in the past
    await t.db.execute(
      sql`update outbox_jobs set status = 'running', attempts = 1, locked_until = now() - interval '1 second' where id = ${id}`,
    );
    await t.app.outbox.drain();
    expect(calls).toEqual(['4']);
    expect(await statusOf(id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('backs off exponentially with a cap', () => {
    expect(backoffMs(1, undefined, () => 0.5)).toBe(5_000);
    expect(backoffMs(3, undefined, () => 0.5)).toBe(20_000);
    expect(backoffMs(30, undefined, () => 0.5)).toBe(3_600_000);
    expect(backoffMs(1, 90_000, () => 0.5)).toBe(90_000);
  });
});

// The poller keeps jobs in flight instead of running rounds: a round waited for every job it had claimed, so one
// slow outside call (a courier's 10 s time-out) held every job due after it, a customer's card payment
// included (a browser test saw a retried TapPay payment stay pending for 15 s).
describe('outbox poller', () => {
  const statusesOf = async (db: Awaited<ReturnType<typeof build>>['db'], ids: number[]) =>
    (
      await queryRows<{ status: string }>(
        db,
        sql`select status from outbox_jobs where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) order by id`,
      )
    ).map((r) => r.status);
  const until = async (check: () => Promise<boolean>, ms = 5_000) => {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) return false;
      await new Promise((r) => setTimeout(r, 25));
    }
    return true;
  };

  it('runs a job due while a slow one is still in flight, without waiting for it', async () => {
    const s = await build({ manualClose: true, config: { outboxPollMs: 50 } });
    let release = () => {};
    const slowDone = new Promise<void>((r) => {
      release = r;
    });
    s.app.outbox.handle('test.slow', () => slowDone);
    s.app.outbox.handle('test.fast', async () => {});
    try {
      const slow = (await enqueueOutbox(s.db, { kind: 'test.slow', payload: {} }))!;
      expect(await until(async () => (await statusesOf(s.db, [slow]))[0] === 'running')).toBe(true);
      const fast = (await enqueueOutbox(s.db, { kind: 'test.fast', payload: {} }))!;
      expect(await until(async () => (await statusesOf(s.db, [fast]))[0] === 'done', 3_000)).toBe(true);
      expect(await statusesOf(s.db, [slow])).toEqual(['running']);
      release();
      expect(await until(async () => (await statusesOf(s.db, [slow]))[0] === 'done')).toBe(true);
    } finally {
      release();
      await s.close();
    }
  });

  it(`holds at most ${OUTBOX_IN_FLIGHT} jobs at once and claims the next as soon as one ends`, async () => {
    const s = await build({ manualClose: true, config: { outboxPollMs: 50 } });
    const waiting: (() => void)[] = [];
    s.app.outbox.handle('test.hold', () => new Promise<void>((r) => waiting.push(r)));
    try {
      const ids: number[] = [];
      for (let i = 0; i < OUTBOX_IN_FLIGHT + 5; i += 1)
        ids.push((await enqueueOutbox(s.db, { kind: 'test.hold', payload: { i } }))!);
      const running = async () => (await statusesOf(s.db, ids)).filter((x) => x === 'running').length;
      expect(await until(async () => (await running()) === OUTBOX_IN_FLIGHT)).toBe(true);
      // a few polls later, still no more than the cap
      await new Promise((r) => setTimeout(r, 300));
      expect(await running()).toBe(OUTBOX_IN_FLIGHT);
      expect(waiting).toHaveLength(OUTBOX_IN_FLIGHT);
      for (const done of waiting.splice(0, 5)) done();
      expect(
        await until(async () => (await statusesOf(s.db, ids)).filter((x) => x === 'done').length === 5),
      ).toBe(true);
      expect(await until(async () => (await running()) === OUTBOX_IN_FLIGHT)).toBe(true);
      for (const done of waiting.splice(0)) done();
      expect(await until(async () => (await statusesOf(s.db, ids)).every((x) => x === 'done'))).toBe(true);
    } finally {
      for (const done of waiting.splice(0)) done();
      await s.close();
    }
  });
});

// The outbox kept every job ever run: two or three per order, the table grew with the whole history, and the
// platform dashboard counted its dead jobs by reading all of it (docs/decisions/foundation.md "Outbox: kept 30
// days, dead ones 90").
describe('outbox retention', async () => {
  const t = await build();
  const DAY = 86_400_000;
  const now = new Date('2026-06-30T12:00:00Z');
  const job = async (status: string, daysAgo: number, key: string) => {
    const id = (await enqueueOutbox(t.db, { kind: 'test.keep', payload: {}, dedupeKey: key }))!;
    await t.db.execute(
      sql`update outbox_jobs set status = ${status}, created_at = ${new Date(now.getTime() - daysAgo * DAY).toISOString()}::timestamptz
          where id = ${id}`,
    );
    return id;
  };
  const left = async (ids: number[]) =>
    (
      await queryRows<{ id: number }>(
        t.db,
        sql`select id::float8 as id from outbox_jobs where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) order by id`,
      )
    ).map((r) => r.id);

  it(`deletes done jobs after ${OUTBOX_DONE_KEEP_DAYS} days and dead ones after ${OUTBOX_DEAD_KEEP_DAYS}; pending and running stay`, async () => {
    const oldDone = await job('done', OUTBOX_DONE_KEEP_DAYS + 1, 'k1');
    const newDone = await job('done', OUTBOX_DONE_KEEP_DAYS - 1, 'k2');
    const deadPastDone = await job('dead', OUTBOX_DONE_KEEP_DAYS + 1, 'k3');
    const oldDead = await job('dead', OUTBOX_DEAD_KEEP_DAYS + 1, 'k4');
    const oldPending = await job('pending', 400, 'k5');
    const oldRunning = await job('running', 400, 'k6');
    expect(await pruneOutbox(t.db, now)).toBe(2);
    expect(await left([oldDone, newDone, deadPastDone, oldDead, oldPending, oldRunning])).toEqual([
      newDone,
      deadPastDone,
      oldPending,
      oldRunning,
    ]);
    // a key whose job was pruned is free again: the dedupe window is the keep time
    expect(await enqueueOutbox(t.db, { kind: 'test.keep', payload: {}, dedupeKey: 'k1' })).not.toBeNull();
    expect(await enqueueOutbox(t.db, { kind: 'test.keep', payload: {}, dedupeKey: 'k2' })).toBeNull();
    await t.db.execute(sql`delete from outbox_jobs where kind = 'test.keep'`);
  });

  it('deletes more than one batch in a run', async () => {
    await t.db.execute(
      sql`insert into outbox_jobs (kind, payload, status, created_at)
          select 'test.keep', '{}'::jsonb, 'done', ${new Date(now.getTime() - 40 * DAY).toISOString()}::timestamptz
          from generate_series(1, 12000)`,
    );
    expect(await pruneOutbox(t.db, now)).toBe(12_000);
    expect(await pruneOutbox(t.db, now)).toBe(0);
  });

  it('runs every minute with the scheduled jobs', () => {
    expect(JOBS.map((j) => j.name)).toContain('outbox-prune');
  });

  it('the dashboard counts dead jobs through their own index, not the table', async () => {
    let plan = '';
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const rows = await queryRows<{ 'QUERY PLAN': unknown }>(
          tx,
          sql`explain (format json) select kind, count(*)::int as count from outbox_jobs where status = 'dead'
              group by kind order by 2 desc`,
        );
        const p = rows[0]!['QUERY PLAN'];
        plan = typeof p === 'string' ? p : JSON.stringify(p);
        tx.rollback();
      })
      .catch(() => {});
    expect(plan).toContain('outbox_jobs_dead_idx');
  });
});

describe('secret box', () => {
  const box = createSecretBox(Buffer.alloc(32, 7));
  it('seals so the plain text is not in the stored value, and opens it again', () => {
    const sealed = box.seal('channel-secret-1234');
    expect(sealed).not.toContain('channel-secret');
    expect(box.open(sealed)).toBe('channel-secret-1234');
  });
  it('refuses a tampered value and another key', () => {
    const sealed = box.seal('abc');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('xyz').toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => createSecretBox(Buffer.alloc(32, 8)).open(sealed)).toThrow();
  });
  it('masks: never more than the last four characters', () => {
    expect(maskSecret('1234567890abcdef')).toBe('••••cdef');
    expect(maskSecret('short')).toBe('••••');
    expect(maskSecret(null)).toBe('');
  });
});
