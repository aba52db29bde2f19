import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { backoffMs, enqueueOutbox, listOutbox, PermanentFailure, RetryLater } from '../src/jobs/outbox';
import { createSecretBox, maskSecret } from '../src/lib/secret-box';
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
