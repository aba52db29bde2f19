// "Run it like a service": liveness, readiness and the request side of a graceful shutdown.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { enqueueOutbox } from '../src/jobs/outbox';
import { build } from './helpers';

const t = await build();

describe('liveness and readiness', () => {
  it('live answers 200 while the process runs; ready answers 200 on a migrated, reachable database', async () => {
    const live = await t.app.inject({ url: '/console/apis/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/console/apis/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ready: true, database: true, migrations: true, shuttingDown: false });
    // the older health route keeps working
    expect((await t.app.inject({ url: '/console/apis/health' })).statusCode).toBe(200);
  });

  it('ready answers 503 while the newest migration is missing; live stays 200', async () => {
    const [newest] = await queryRows<{ id: number; hash: string; created_at: string }>(
      t.database.db,
      sql`select id, hash, created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    await t.database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest!.id}`);
    try {
      const ready = await t.app.inject({ url: '/console/apis/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBeDefined();
      expect(ready.json()).toMatchObject({ ready: false, database: true, migrations: false });
      expect((await t.app.inject({ url: '/console/apis/health/live' })).statusCode).toBe(200);
    } finally {
      await t.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at)
            values (${newest!.id}, ${newest!.hash}, ${newest!.created_at}::bigint)`,
      );
    }
    expect((await t.app.inject({ url: '/console/apis/health/ready' })).statusCode).toBe(200);
  });
});

describe('draining (main.ts on SIGTERM, before app.close())', () => {
  it('ready says shuttingDown (503); new requests get a retryable 503 with Retry-After and Connection: close', async () => {
    t.app.lifecycle.beginDrain();
    const ready = await t.app.inject({ url: '/console/apis/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ ready: false, database: true, shuttingDown: true });
    expect((await t.app.inject({ url: '/console/apis/health/live' })).statusCode).toBe(200);
    const res = await t.app.inject({ url: '/console/apis/me' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.headers.connection).toBe('close');
    expect(res.json().error).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});

describe('shutdown gives back outbox claims', () => {
  it('a job still running when the app closes is pending again at once, its try not counted', async () => {
    const s = await build({ manualClose: true, config: { outboxPollMs: 50 } });
    s.app.outbox.handle('test.hang', () => new Promise<void>(() => {}));
    const id = await enqueueOutbox(s.database.db, { kind: 'test.hang', payload: {} });
    const row = async () =>
      (
        await queryRows<{ status: string; attempts: number; locked: boolean }>(
          s.database.db,
          sql`select status, attempts, locked_until is not null as locked from outbox_jobs where id = ${id}`,
        )
      )[0]!;
    for (let i = 0; i < 100 && (await row()).status !== 'running'; i += 1)
      await new Promise((r) => setTimeout(r, 50));
    expect(await row()).toMatchObject({ status: 'running', attempts: 1, locked: true });
    await s.app.close(); // waits 5 s for the round, then releases
    try {
      expect(await row()).toEqual({ status: 'pending', attempts: 0, locked: false });
    } finally {
      await s.database.close();
    }
  });
});
