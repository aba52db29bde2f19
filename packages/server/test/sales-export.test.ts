import { Readable } from 'node:stream';
import {
  addDays,
  columnTitles,
  DATE_RULE_MESSAGES,
  localToday,
  SALES_COLUMNS,
  VOUCHER_COLUMNS,
} from '@shopdesk/contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { exportLimits } from '../src/features/reports/sales/sales-where';
import { build, scopedCast } from './helpers';
import { insertOrders, type TOrderSpec } from './sales-fixtures';

/** The sheet's rows as arrays of cell values (exceljs rows are 1-based). */
const readXlsx = async (body: Buffer) => {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.read(Readable.from(body));
  const ws = wb.worksheets[0]!;
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
};

/** RFC 4180 lines → fields (enough for the quoting the export writes). */
const parseCsv = (text: string) => {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let k = 0; k < text.length; k += 1) {
    const ch = text[k]!;
    if (quoted && ch === '"' && text[k + 1] === '"') {
      field += '"';
      k += 1;
    } else if (ch === '"') quoted = !quoted;
    else if (quoted) field += ch;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[k + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      k += 1;
    } else field += ch;
  }
  return rows;
};

// exports of the sales query and the vouchers, streamed; the file holds exactly the query's rows.
describe('sales exports', async () => {
  const t = await build();
  const cast = await scopedCast(t, { name: '阿明麵館' });
  const other = await t.createShop({
    name: 'Cafe, "B"',
    siAccountId: cast.life.id,
    ownerUserId: cast.otherEaa.user.id,
  });
  // 1,205 sold orders in one shop (more than one export batch, many at the same instant) plus voided ones
  const specs: TOrderSpec[] = Array.from({ length: 1205 }, (_, k) => ({
    day: k % 7,
    hour: 11 + (k % 3),
    status: k % 5 === 0 ? 'accepted' : 'completed',
    voucher:
      k % 12 === 0
        ? { code: k % 24 === 0 ? 'WELCOME50' : 'LUNCH20', discount: k % 24 === 0 ? 50 : 20 }
        : undefined,
  }));
  specs.push(
    { day: 1, status: 'canceled', voucher: { code: 'WELCOME50', discount: 50 } },
    { day: 2, status: 'rejected' },
  );
  await insertOrders(t.db, { accountId: cast.id, siAccountId: cast.quick.id }, specs);
  await insertOrders(t.db, { accountId: other.account.id, siAccountId: cast.life.id }, [
    { day: 0, voucher: { code: 'LUNCH20', discount: 20 } },
    { day: 1 },
  ]);
  const today = localToday();
  const week = { from: addDays(today, -6), to: today };
  const inject = (
    path: string,
    headers: { cookie: string } | undefined,
    query: Record<string, string | number | boolean>,
  ) =>
    t.app.inject({
      method: 'GET',
      url: `/console/apis${path}`,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers,
    });
  const totalOf = async (
    path: string,
    headers: { cookie: string },
    query: Record<string, string | number | boolean>,
  ) => (await inject(path, headers, query)).json().total as number;

  it('xlsx: a workbook with the header and exactly the query’s rows', async () => {
    const total = await totalOf('/eaa/sales/orders', cast.eaa.headers, week);
    expect(total).toBe(1205);
    const res = await inject('/eaa/sales/orders/export', cast.eaa.headers, { ...week, format: 'xlsx' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="sales-${week.from}_${week.to}.xlsx"; filename*=UTF-8''sales-${week.from}_${week.to}.xlsx`,
    );
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual(columnTitles(SALES_COLUMNS, 'zh-TW'));
    expect(rows).toHaveLength(total + 1);
    // one row per order: the order numbers are all different, oldest first
    expect(new Set(rows.slice(1).map((r) => r[2])).size).toBe(total);
    expect(String(rows[1]![0]) <= String(rows.at(-1)![0])).toBe(true);
    expect(rows[1]!.slice(1, 6)).toEqual([
      '阿明麵館',
      expect.any(Number),
      expect.any(String),
      '內用',
      '現金',
    ]);
  });

  it('small batches give the same file: many slices, overfull ones cut at a millisecond, no order lost or repeated', async () => {
    const q = { ...week, includeVoided: true, format: 'csv' };
    const whole = (await inject('/gaa/sales/orders/export', cast.gaa.headers, q)).body;
    const saved = { ...exportLimits };
    // a batch holds at most 2 × the target: the fixture's instants hold ~60 orders each, so the first
    // slice (2 × 20) is one instant read whole, and a slice over two instants (2 × 40) is cut at the second
    Object.assign(exportLimits, { firstBatch: 20, batch: 40 });
    try {
      const small = (await inject('/gaa/sales/orders/export', cast.gaa.headers, q)).body;
      expect(small).toBe(whole);
    } finally {
      Object.assign(exportLimits, saved);
    }
    expect(parseCsv(whole.slice(1))).toHaveLength(1205 + 2 + 2 + 1);
  }, 120_000);

  it('csv: UTF-8 with a BOM, RFC 4180 quoting, the query’s rows (voided ones included on request)', async () => {
    const q = { ...week, includeVoided: true };
    const total = await totalOf('/gaa/sales/orders', cast.gaa.headers, q);
    expect(total).toBe(1205 + 2 + 2);
    const res = await inject('/gaa/sales/orders/export', cast.gaa.headers, {
      ...q,
      format: 'csv',
      lang: 'en',
    });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(res.body.slice(1));
    expect(rows[0]).toEqual(columnTitles(SALES_COLUMNS, 'en'));
    expect(rows).toHaveLength(total + 1);
    expect(res.body).toContain('"Cafe, ""B"""');
    expect(rows.filter((r) => r[1] === 'Cafe, "B"')).toHaveLength(2);
    expect(rows.filter((r) => r[3] === 'Canceled')).toHaveLength(1);
  });

  it('an si gets masked phones in the file too', async () => {
    const res = await inject('/si/sales/orders/export', cast.si.headers, { ...week, format: 'csv' });
    const rows = parseCsv(res.body.slice(1));
    expect(rows).toHaveLength(1206);
    expect(rows[1]!.at(-1)).toBe('0912***678');
  });

  it('refuses more than 7 days (400 exportRange on `to`), another shop (403) and no session (401)', async () => {
    const res = await inject('/eaa/sales/orders/export', cast.eaa.headers, {
      from: addDays(today, -7),
      to: today,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ field: 'to', message: DATE_RULE_MESSAGES.exportRange.zh });
    const v = await inject('/gaa/sales/vouchers/export', cast.gaa.headers, {
      from: addDays(today, -7),
      to: today,
    });
    expect(v.json().error).toMatchObject({ field: 'to', message: DATE_RULE_MESSAGES.exportRange.zh });
    const shop = await inject('/eaa/sales/orders/export', cast.eaa.headers, {
      ...week,
      shopId: other.account.id,
    });
    expect(shop.statusCode).toBe(403);
    expect((await inject('/eaa/sales/orders/export', undefined, week)).statusCode).toBe(401);
    expect((await inject('/line/sales/orders/export', cast.line.headers, week)).statusCode).toBe(403);
  });

  it('vouchers (gaa): sold redemptions with totals per code that add up to the rows', async () => {
    const res = await inject('/gaa/sales/vouchers', cast.gaa.headers, { ...week, limit: 200 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // k % 12 === 0 for k < 1205: 101 redemptions (51 WELCOME50, 50 LUNCH20), + shop B's LUNCH20; canceled not
    expect(body.total).toBe(102);
    expect(body.byCode).toEqual([
      // most used first, then by code
      { code: 'LUNCH20', orders: 51, discount: 51 * 20, revenue: 51 * 180 },
      { code: 'WELCOME50', orders: 51, discount: 51 * 50, revenue: 51 * 150 },
    ]);
    expect(body.totals.discount).toBe(
      body.byCode.reduce((s: number, c: { discount: number }) => s + c.discount, 0),
    );
    const rows = body.rows as { discount: number; total: number }[];
    expect(rows.reduce((s, r) => s + r.discount, 0)).toBe(body.totals.discount);
    expect(rows.reduce((s, r) => s + r.total, 0)).toBe(body.totals.revenue);
    const code = await inject('/gaa/sales/vouchers', cast.gaa.headers, {
      ...week,
      code: 'lunch20',
      shopId: other.account.id,
    });
    expect(code.json().total).toBe(1);
  });

  it('vouchers export: the same rows as the query', async () => {
    const total = await totalOf('/gaa/sales/vouchers', cast.gaa.headers, week);
    const xlsx = await readXlsx(
      (await inject('/gaa/sales/vouchers/export', cast.gaa.headers, week)).rawPayload,
    );
    expect(xlsx[0]).toEqual(columnTitles(VOUCHER_COLUMNS, 'zh-TW'));
    expect(xlsx).toHaveLength(total + 1);
    const csv = await inject('/gaa/sales/vouchers/export', cast.gaa.headers, { ...week, format: 'csv' });
    expect(csv.headers['content-disposition']).toContain(`vouchers-${week.from}_${week.to}.csv`);
    expect(parseCsv(csv.body.slice(1))).toHaveLength(total + 1);
  });

  it('vouchers are gaa only', async () => {
    expect((await inject('/eaa/sales/vouchers', cast.eaa.headers, week)).statusCode).toBe(403);
    expect((await inject('/si/sales/vouchers/export', cast.si.headers, week)).statusCode).toBe(403);
    expect((await inject('/gaa/sales/vouchers', undefined, week)).statusCode).toBe(401);
  });
});
