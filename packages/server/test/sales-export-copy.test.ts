import { Readable } from 'node:stream';
import { inflateRawSync } from 'node:zlib';
import { addDays, columnTitles, localToday, ORDER_ERROR_CODES, SALES_COLUMNS } from '@shopdesk/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { reportLimits } from '../src/db/query-timeout';
import { orderItems, orders } from '../src/db/schema';
import { copyTextRows, crlf } from '../src/features/reports/report-read';
import { exportLimits } from '../src/features/reports/sales/sales-where';
import { build, scopedCast } from './helpers';

/** A workbook's sheet1.xml as text, found through the zip's central directory. */
const sheetXml = (file: Buffer): string => {
  const eocd = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = file.readUInt32LE(eocd + 16);
  for (let k = file.readUInt16LE(eocd + 10); k > 0; k -= 1) {
    const nameLen = file.readUInt16LE(at + 28);
    if (file.toString('utf8', at + 46, at + 46 + nameLen) === 'xl/worksheets/sheet1.xml') {
      const local = file.readUInt32LE(at + 42);
      const start = local + 30 + file.readUInt16LE(local + 26) + file.readUInt16LE(local + 28);
      return inflateRawSync(file.subarray(start, start + file.readUInt32LE(at + 20))).toString('utf8');
    }
    at += 46 + nameLen + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
  }
  throw new Error('no sheet1.xml');
};

/** The workbook as exceljs reads it: the sheet's name, its column widths and its rows' cells (value, type). */
const readWorkbook = async (file: Buffer) => {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.read(Readable.from(file));
  const ws = wb.worksheets[0]!;
  const rows: { value: unknown; type: ExcelJS.ValueType }[][] = [];
  ws.eachRow((row) => {
    const cells: { value: unknown; type: ExcelJS.ValueType }[] = [];
    for (let c = 1; c <= SALES_COLUMNS_COUNT; c += 1) {
      const cell = row.getCell(c);
      cells.push({ value: cell.value, type: cell.type });
    }
    rows.push(cells);
  });
  return {
    name: ws.name,
    widths: ws.columns.map((c) => c.width),
    bold: ws.getRow(1).getCell(1).font?.bold ?? false,
    rows,
  };
};
const SALES_COLUMNS_COUNT = Object.keys(SALES_COLUMNS).length;

// The sales CSV written by PostgreSQL (COPY, sales-copy.ts) is byte for byte the row-by-row file
// (export-stream.ts), and its XLSX built from COPY's text has the row-by-row sheet's XML, for the same rows:
// on PGlite both requests take the row-by-row path (no COPY there).
describe('sales export through COPY', async () => {
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
        // COPY's text format escapes a backslash, a tab, BS, FF and VT; XML cannot hold BS, FF or VT
        { zh: '醬\\油\t辣\b\f\v', en: '' },
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

  const download = async (
    format: 'csv' | 'xlsx',
    type: 'gaa' | 'si',
    query: Record<string, string>,
    copy: boolean,
  ) => {
    const saved = { ...exportLimits };
    Object.assign(exportLimits, { copy });
    try {
      const headers = type === 'gaa' ? cast.gaa.headers : cast.si.headers;
      const res = await t.app.inject({
        method: 'GET',
        url: `/console/apis/${type}/sales/orders/export`,
        query: { ...range, format, ...query },
        headers,
      });
      expect(res.statusCode).toBe(200);
      return res.rawPayload;
    } finally {
      Object.assign(exportLimits, saved);
    }
  };
  const csv = (type: 'gaa' | 'si', query: Record<string, string>, copy: boolean) =>
    download('csv', type, query, copy);
  const csvLines = (file: Buffer) => crlf(file).rows;
  const xlsx = (type: 'gaa' | 'si', query: Record<string, string>, copy: boolean) =>
    download('xlsx', type, query, copy);

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

  it.each([
    ['gaa', {}],
    ['gaa', { lang: 'en', includeVoided: 'true' }],
    ['si', { includeVoided: 'true' }],
  ] as const)('%s %j: the XLSX from COPY has the row-by-row sheet, cell for cell', async (type, query) => {
    const old = await xlsx(type, query, false);
    const copied = await xlsx(type, query, true);
    expect(sheetXml(copied)).toBe(sheetXml(old));
    const [a, b] = [await readWorkbook(copied), await readWorkbook(old)];
    expect(a).toEqual(b);
    const lang = 'lang' in query ? query.lang : 'zh-TW';
    expect(a.name).toBe(lang === 'en' ? 'Sales' : '銷售');
    expect(a.bold).toBe(true);
    expect(a.rows[0]!.map((c) => c.value)).toEqual(columnTitles(SALES_COLUMNS, lang));
    expect(a.rows).toHaveLength(csvLines(await csv(type, query, true)));
  });

  // the cells themselves (what both paths write): text stays text, amounts are numbers, empty is no cell
  it('XLSX cells: commas, quotes, line breaks, emoji, control characters, negatives, masked phones, the month edge', async () => {
    const { rows } = await readWorkbook(await xlsx('gaa', { includeVoided: 'true' }, true));
    const values = rows.map((r) => r.map((c) => c.value));
    const at = (time: string) => values.filter((r) => r[0] === time);
    // spec 000 §5: Taipei days; the month's last instant and the next month's first are both in the range
    expect(at(`${lastOfMonth} 23:59:59`)).toHaveLength(1);
    expect(at(`${first} 00:00:00`)).toHaveLength(1);
    expect(at(`${range.from} 00:00:00`)).toHaveLength(1);
    expect(at(`${range.to} 23:59:59`)).toHaveLength(1);
    expect(at(`${addDays(range.from, -1)} 23:59:59`)).toHaveLength(0);
    expect(at(`${addDays(range.to, 1)} 00:00:00`)).toHaveLength(0);
    const negative = rows.find((r) => r[7]!.value === -150)!;
    expect(negative.slice(7, 11)).toEqual([
      { value: -150, type: ExcelJS.ValueType.Number },
      { value: -200, type: ExcelJS.ValueType.Number },
      { value: 50, type: ExcelJS.ValueType.Number },
      { value: null, type: ExcelJS.ValueType.Null }, // an empty voucher code: no cell
    ]);
    expect(values.some((r) => r[1] === 'Cafe, "A"\nsecond line')).toBe(true);
    expect(values.some((r) => r[10] === 'A,"B"')).toBe(true);
    // BS, FF and VT are dropped (XML 1.0 cannot hold them); a CR is written as it is, which an XML reader
    // (exceljs, Excel) reads back as a LF, CRLF as one LF
    expect(values).toContainEqual(
      expect.arrayContaining(['麵, "大" x1、湯\n熱 x2、茶\n冰 x3、🍜 x4、醬\\油\t辣 x5']),
    );
    expect(rows.slice(1).every((r) => r[2]!.type === ExcelJS.ValueType.Number)).toBe(true);
    // si: phones masked as the CSV and the page mask them (contract maskPhone)
    const si = (await readWorkbook(await xlsx('si', { includeVoided: 'true' }, true))).rows.map((r) =>
      r.map((c) => c.value),
    );
    const phones = new Set(si.slice(1).map((r) => r[11]));
    expect([...phones].sort()).toEqual(['***45', '+886***678', '0912***678', null].sort());
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
    const wholeSheet = sheetXml(await xlsx('gaa', { includeVoided: 'true' }, true));
    const saved = { ...exportLimits };
    Object.assign(exportLimits, { firstBatch: 2, batch: 5 });
    try {
      expect((await csv('gaa', { includeVoided: 'true' }, true)).equals(whole)).toBe(true);
      expect(sheetXml(await xlsx('gaa', { includeVoided: 'true' }, true))).toBe(wholeSheet);
    } finally {
      Object.assign(exportLimits, saved);
    }
  });

  // the COPY runs under the report time-out as the rows did: another session locks orders, COPY waits and is
  // cancelled, and the export answers JSON 422 (the first slice is read before the status line)
  it.runIf(t.database.driver === 'postgres').each(['csv', 'xlsx'])(
    '%s: a COPY past the time-out answers 422 "query timed out"',
    async (format) => {
      const locker = await t.database.pool!.connect();
      const saved = { ...reportLimits };
      try {
        await locker.query('begin');
        await locker.query('lock table orders in access exclusive mode');
        Object.assign(reportLimits, { timeoutMs: 200 });
        const res = await t.app.inject({
          method: 'GET',
          url: '/console/apis/gaa/sales/orders/export',
          query: { ...range, format },
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

  it('copyTextRows: NULL, numbers, backslash sequences; one array per row read', () => {
    const text = 'a\\tb\\\\c\t-150\t\\N\n\\N\t7\tx\\ny\\r\\b\\f\\v\n';
    const rows = [...copyTextRows(Buffer.from(text), [false, true, false])].length;
    expect(rows).toBe(2);
    const seen: unknown[][] = [];
    for (const r of copyTextRows(Buffer.from(text), [false, true, false])) seen.push([...r]);
    expect(seen).toEqual([
      ['a\tb\\c', -150, null],
      [null, 7, 'x\ny\r\b\f\v'],
    ]);
    expect(() => [...copyTextRows(Buffer.from('a\t1'), [false, true, false])]).toThrow(/cut short/);
  });

  it('crlf: row ends get a CR, line breaks inside quotes stay as they are', () => {
    const out = crlf(Buffer.from('a,"x\ny",1\n"""q""\n",2\n'));
    expect(out.data.toString()).toBe('a,"x\ny",1\r\n"""q""\n",2\r\n');
    expect(out.rows).toBe(2);
  });
});
