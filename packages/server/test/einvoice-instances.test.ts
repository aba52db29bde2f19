// e-invoice numbers are "never reused or skipped, also with two instances issuing at once". Two app
// instances on one PostgreSQL database take a shop's orders and accept them all at the same moment; each
// acceptance takes the next number of the shop's tracks in its own transaction (features/payments/einvoice/numbering.ts,
// a row lock on the track). The order path also holds the shop's event lock, so a second test races the number
// itself from both instances' pools, some transactions rolling back. PostgreSQL only (the embedded engine is
// one process by nature).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type Database, openPostgres } from '../src/db/client';
import { invoiceSettings, invoices, invoiceTracks } from '../src/db/schema';
import { transitionOrder } from '../src/features/orders/order-flow/transition';
import { takeNextNumber } from '../src/features/payments/einvoice/numbering';
import { build } from './helpers';
import { openShop, orderBody, postOrder } from './storefront-fixtures';

const onPostgres = process.env.SHOPDESK_TEST_DB === 'postgres';
const ORDERS = 24;

describe.skipIf(!onPostgres)('e-invoice numbers across instances', async () => {
  const t = await build();
  const eaa = await t.signedIn('eaa');

  let second: Database;
  let b: FastifyInstance;
  beforeAll(async () => {
    const url = (t.database.pool!.options as { connectionString: string }).connectionString;
    second = await openPostgres(url, 4);
    b = await buildApp({
      config: {
        sessionSecret: 'test-secret-test-secret-test-secret-000',
        nodeEnv: 'test',
        trustProxy: false,
        publicUrl: undefined,
      },
      database: second,
    });
    await b.ready();
  });
  afterAll(async () => {
    await b?.close();
    await second?.close();
  });

  it('two instances accepting at once: every accepted order one number, none twice, none skipped', async () => {
    const shop = await openShop(t, eaa, {}, {}, { manual: true });
    const accountId = shop.accountId;
    // e-invoice on with auto-issue (spec 001 §2.7), two tracks: ten numbers, then fifty
    await t.db.insert(invoiceSettings).values({
      accountId,
      sellerId: 'AB1234',
      name: '兩台伺服器小吃',
      shortName: '兩台',
      address: '台北市中正區重慶南路一段 1 號',
      sellerTaxId: '04595257',
      deviceId: randomUUID(),
      edcId: 'EDC-01',
      platformUser: 'two-instances',
      passwordSealed: 'not-used-here',
      printerSn: '123456789',
      printerDid: randomUUID(),
      isEnabled: true,
      isQcInvoice: true,
    });
    await t.db.insert(invoiceTracks).values([
      { accountId, track: 'RA', startNo: 40_000_000, endNo: 40_000_009, nextNo: 40_000_000 },
      { accountId, track: 'RB', startNo: 50_000_000, endNo: 50_000_049, nextNo: 50_000_000 },
    ]);
    // orders taken by both instances
    const onB = { ...t, app: b } as typeof t;
    const placed: number[] = [];
    for (let i = 0; i < ORDERS; i += 1) {
      const res = await postOrder(i % 2 ? onB : t, accountId, orderBody(shop.productId));
      expect(res.statusCode, res.body).toBe(201);
      placed.push(res.json().order.id as number);
    }
    // all accepted at once, half on each instance (each acceptance its own transaction on its own pool)
    const pos = { kind: 'pos' as const, username: 'counter' };
    await Promise.all(
      placed.map((orderId, i) =>
        transitionOrder(i % 2 ? b.database.db : t.db, { orderId, accountId, action: 'accept', actor: pos }),
      ),
    );
    const rows = await t.db.select().from(invoices).where(eq(invoices.accountId, accountId));
    expect(rows).toHaveLength(ORDERS);
    expect(new Set(rows.map((r) => r.orderId)).size).toBe(ORDERS);
    expect(rows.every((r) => r.status === 'issued')).toBe(true);
    const numbers = rows.map((r) => r.number!);
    expect(new Set(numbers).size).toBe(ORDERS);
    // the first track's ten numbers, then the second track's first fourteen: contiguous, nothing skipped
    const expected = [
      ...Array.from({ length: 10 }, (_, i) => `RA${40_000_000 + i}`),
      ...Array.from({ length: ORDERS - 10 }, (_, i) => `RB${50_000_000 + i}`),
    ];
    expect([...numbers].sort()).toEqual(expected);
    const tracks = await t.db.select().from(invoiceTracks).where(eq(invoiceTracks.accountId, accountId));
    expect(tracks.map((k) => [k.track, k.nextNo]).sort()).toEqual([
      ['RA', 40_000_010],
      ['RB', 50_000_000 + ORDERS - 10],
    ]);
  });

  it('the number itself raced from both instances’ pools, some rolled back: consecutive, none twice', async () => {
    const { account } = await t.createShop({ name: '兩台併發' });
    await t.db.insert(invoiceTracks).values([
      { accountId: account.id, track: 'SA', startNo: 60_000_000, endNo: 60_000_009, nextNo: 60_000_000 },
      { accountId: account.id, track: 'SB', startNo: 70_000_000, endNo: 70_000_049, nextNo: 70_000_000 },
    ]);
    const results = await Promise.allSettled(
      Array.from({ length: 24 }, (_, i) =>
        (i % 2 ? b.database.db : t.db).transaction(async (tx) => {
          const n = await takeNextNumber(tx as unknown as typeof t.db, account.id);
          // a fixed time on purpose: each transaction stays open a moment so the 24 overlap
          await new Promise((r) => setTimeout(r, 5));
          if (i % 4 === 3) throw new Error('rolled back');
          return n!;
        }),
      ),
    );
    const taken = results.flatMap((x) => (x.status === 'fulfilled' ? [x.value] : []));
    expect(taken).toHaveLength(18);
    expect(new Set(taken).size).toBe(18);
    expect([...taken].sort()).toEqual([
      ...Array.from({ length: 10 }, (_, i) => `SA${60_000_000 + i}`),
      ...Array.from({ length: 8 }, (_, i) => `SB${70_000_000 + i}`),
    ]);
  });
});
