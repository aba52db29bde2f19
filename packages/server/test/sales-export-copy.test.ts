import { addDays, localToday, ORDER_ERROR_CODES } from '@shopdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reportLimits } from '../src/db/query-timeout';
import { orderItems, orders } from '../src/db/schema';
import { crlf } from '../src/features/reports/report-read';
import { exportLimits } from '../src/features/reports/sales/sales-where';
import { build, scopedCast } from './helpers';

// The sales CSV written by PostgreSQL (COPY, sales-copy.ts) is byte for byte the row-by-row file
// (export-stream.ts), for the same rows: on PGlite both requests take the row-by-row path (no COPY there).
describe('sales CSV through COPY', async () => {
  const t = await build();
  const cast = await scopedCast(t, { name: 'Cafe, "A"\nsecond line' });
  const plain = await t.createShop({
    name: 'Plain',
    siAccountId: cast.quick.id,
    ownerUserId: cast.eaa.user.id,
  });
  // a shop without a name: an empty field, not `""`
  await t.db.execute(sql`update businesses set name = '' where id = ${plain.account.id}`);

  // a month's first day in Taipei, with three days on each side inside the export's 7 days (none in the future)
  const today = localToday();
  const thisMonth = `${today.slice(0, 8)}01`;
  const first = addDays(thisMonth, 3) <= today ? thisMonth : `${addDays(thisMonth, -1).slice(0, 8)}01`;
  const range = { from: addDays(first, -3), to: addDays(first, 3) };
  const at = (local: string) => new Date(`${local}+08:00`);
  const lastOfMonth = addDays(first, -1);

  type Spec = Partial<typeof orders.$inferInsert> & {
    createdAt: Date;
    items?: { zh: string; en: string }[];
  };
  let serial = 0;
  const specs: Spec[] = [
    // the month boundary in Taipei time (15:59:59.999 and 16:00 UTC), and the range's own edges
    { createdAt: at(`${lastOfMonth}T23:59:59.999`) },
    { createdAt: at(`${first}T00:00:00.000`) },
    { createdAt: at(`${range.from}T00:00:00.000`) },
    { createdAt: at(`${addDays(range.from, -1)}T23:59:59.999`) }, // outside
    { createdAt: at(`${range.to}T23:59:59.999`) },
    { createdAt: at(`${addDays(range.to, 1)}T00:00:00.000`) }, // outside
    // negative amounts (only the total is checked ≥ 0), empty and odd vouchers and phones
    { createdAt: at(`${first}T08:00:00`), subtotal: -150, discount: -200, total: 50, voucherCode: '' },
    { createdAt: at(`${first}T08:00:00`), voucherCode: 'A,"B"', customerPhone: '12345', status: 'canceled' },
    { createdAt: at(`${first}T08:00:00`), customerPhone: '', mealType: 'delivery', paymentMethod: 'online' },
    { createdAt: at(`${first}T08:00:01`), customerPhone: '+886 912-345-678', status: 'rejected' },
    // item names with commas, quotes, line breaks (LF and CRLF), no English name, an emoji; an order without items
    {
      createdAt: at(`${first}T09:00:00`),
      items: [
        { zh: '麵, "大"', en: 'Noodles, "large"' },
        { zh: '湯\n熱', en: '' },
        { zh: '茶\r\n冰', en: '' },
        { zh: '🍜', en: 'Soup 🍜' },
      ],
    },
    { createdAt: at(`${first}T09:00:00`), items: [] },
  ];
  for (let k = 0; k < 40; k += 1)
    specs.push({ createdAt: at(`${addDays(range.from, k % 7)}T1${k % 10}:00:00`) });
  for (const [k, s] of specs.entries()) {
    const accountId = k % 3 === 0 ? plain.account.id : cast.id;
    serial += 1;
    const [o] = await t.db
      .insert(orders)
      .values({
        accountId,
        siAccountId: cast.quick.id,
        serial,
        status: 'completed',
        mealType: 'eat_in',
        paymentMethod: 'cash',
        customerName: '王小明',
        customerPhone: '0912345678',
        subtotal: 200,
        discount: 0,
        total: 200,
        voucherCode: null,
        itemCount: 1,
        idempotencyKey: `copy-${k}`,
        ...s,
      })
      .returning({ id: orders.id });
    const items = s.items ?? [{ zh: '牛肉麵', en: 'Beef noodles' }];
    if (items.length)
      await t.db.insert(orderItems).values(
        items.map((names, j) => ({
          orderId: o!.id,
          productId: 1,
          names,
          unitPrice: 100,
          quantity: j + 1,
          lineTotal: 100 * (j + 1),
        })),
      );
  }

  const csv = async (type: 'gaa' | 'si', query: Record<string, string>, copy: boolean) => {
    const saved = { ...exportLimits };
    Object.assign(exportLimits, { copy });
    try {
      const headers = type === 'gaa' ? cast.gaa.headers : cast.si.headers;
      const res = await t.app.inject({
        method: 'GET',
        url: `/console/apis/${type}/sales/orders/export`,
        query: { ...range, format: 'csv', ...query },
        headers,
      });
      expect(res.statusCode).toBe(200);
      return res.rawPayload;
    } finally {
      Object.assign(exportLimits, saved);
    }
  };

  it.each([
    ['gaa', {}],
    ['gaa', { lang: 'en', includeVoided: 'true' }],
    ['si', { includeVoided: 'true' }],
  ] as const)('%s %j: the same bytes as the row-by-row file', async (type, query) => {
    const old = await csv(type, query, false);
    const copied = await csv(type, query, true);
    expect(copied.toString('utf8')).toBe(old.toString('utf8'));
    expect(copied.equals(old)).toBe(true);
  });

  it('the month boundary in Taipei time: both sides in, the range’s outside neighbours out', async () => {
    const text = (await csv('gaa', { includeVoided: 'true' }, true)).toString('utf8');
    expect(text).toContain(`${lastOfMonth} 23:59:59`);
    expect(text).toContain(`${first} 00:00:00`);
    expect(text).toContain(`${range.from} 00:00:00`);
    expect(text).toContain(`${range.to} 23:59:59`);
    expect(text).not.toContain(`${addDays(range.from, -1)} 23:59:59`);
    expect(text).not.toContain(`${addDays(range.to, 1)} 00:00:00`);
    expect(text).toContain(',-150,-200,50,');
    expect(text).toContain('"Cafe, ""A""\nsecond line"');
  });

  it('small slices give the same file', async () => {
    const whole = await csv('gaa', { includeVoided: 'true' }, true);
    const saved = { ...exportLimits };
    Object.assign(exportLimits, { firstBatch: 2, batch: 5 });
    try {
      expect((await csv('gaa', { includeVoided: 'true' }, true)).equals(whole)).toBe(true);
    } finally {
      Object.assign(exportLimits, saved);
    }
  });

  // the COPY runs under the report time-out as the rows did: another session locks orders, COPY waits and is
  // cancelled, and the export answers JSON 422 (the first slice is read before the status line)
  it.runIf(t.database.driver === 'postgres')(
    'a COPY past the time-out answers 422 "query timed out"',
    async () => {
      const locker = await t.database.pool!.connect();
      const saved = { ...reportLimits };
      try {
        await locker.query('begin');
        await locker.query('lock table orders in access exclusive mode');
        Object.assign(reportLimits, { timeoutMs: 200 });
        const res = await t.app.inject({
          method: 'GET',
          url: '/console/apis/gaa/sales/orders/export',
          query: { ...range, format: 'csv' },
          headers: cast.gaa.headers,
        });
        expect(res.statusCode, res.body).toBe(422);
        expect(res.json().error).toMatchObject({ code: ORDER_ERROR_CODES.queryTimedOut });
      } finally {
        Object.assign(reportLimits, saved);
        await locker.query('rollback');
        locker.release();
      }
    },
  );

  it('crlf: row ends get a CR, line breaks inside quotes stay as they are', () => {
    const out = crlf(Buffer.from('a,"x\ny",1\n"""q""\n",2\n'));
    expect(out.data.toString()).toBe('a,"x\ny",1\r\n"""q""\n",2\r\n');
    expect(out.rows).toBe(2);
  });
});
