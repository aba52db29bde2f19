import {
  MEAL_TYPE_LABELS,
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  seesCustomersInFull,
  type TMessage,
  type TSalesFilters,
} from '@shopdesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { copyCsv, copyText, copyTextRows } from '../report-read';
import { itemsLineSql } from './items-line';
import { type Caller, exportLimits, LOCAL_TIME, salesConditions, whereAll } from './sales-where';

type Lang = 'zh-TW' | 'en';
const say = (m: TMessage, lang: Lang) => (lang === 'en' ? m.en : m.zh);

/** A label map of the contract as a CASE on `column` (the same labels the row-by-row file writes). */
const labelCase = (column: SQL, labels: Record<string, TMessage>, lang: Lang) =>
  sql`case ${column} ${sql.join(
    Object.entries(labels).map(([k, m]) => sql`when ${k} then ${say(m, lang)}`),
    sql` `,
  )} end`;

/**
 * contract maskPhone in SQL (0912345678 → 0912***678; six characters or fewer keep their last two digits),
 * for the viewers that do not see customers in full (customerDataFor). `[0-9]`, not `\d`: JavaScript's `\d`
 * is ASCII only.
 */
const maskedPhone = sql`case when char_length(o.customer_phone) <= 6
  then regexp_replace(o.customer_phone, '[0-9](?=[0-9]{2})', '*', 'g')
  else left(o.customer_phone, 4) || '***' || right(o.customer_phone, 3) end`;

/**
 * The sales export's columns (routes.ts salesColumns, in order) as the text the CSV holds. COPY writes NULL
 * as an empty field and an empty string as `""`; the row-by-row file writes both as an empty field, so every
 * text that can be empty goes through nullif. Numbers are integers: PostgreSQL's text is JavaScript's
 * String() (negatives `-20`).
 */
const csvColumns = (user: Caller, lang: Lang) => {
  return sql`${LOCAL_TIME}, nullif(b.name, ''), o.serial,
    ${labelCase(sql`o.status`, ORDER_STATUS_LABELS, lang)},
    ${labelCase(sql`o.meal_type`, MEAL_TYPE_LABELS, lang)},
    ${labelCase(sql`o.payment_method`, PAYMENT_METHOD_LABELS, lang)},
    nullif(${itemsLineSql(lang)}, ''), o.subtotal, o.discount, o.total, nullif(o.voucher_code, ''),
    nullif(${seesCustomersInFull(user.type) ? sql`o.customer_phone` : maskedPhone}, '')
    from orders o join accounts on accounts.id = o.account_id
    left join businesses b on b.id = o.account_id`;
};

/**
 * Which of csvColumns' twelve are numbers (the serial, subtotal, discount and total, by position): the
 * XLSX's number cells (copyTextRows). The comparison test with the row-by-row sheet fails if they drift.
 */
export const SALES_COPY_NUMBERS = Array.from({ length: 12 }, (_, k) => [2, 7, 8, 9].includes(k));

/** The statement of one slice [from, to) (ms) of the export, (created_at, id) order as the row-by-row path. */
export const salesCopySql = (user: Caller, f: TSalesFilters & { lang: Lang }, from: number, to: number) =>
  sql`select ${csvColumns(user, f.lang)} ${whereAll([
    ...salesConditions(user, f),
    sql`o.created_at >= ${new Date(from).toISOString()}::timestamptz`,
    sql`o.created_at < ${new Date(to).toISOString()}::timestamptz`,
  ])} order by o.created_at, o.id`;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const taipeiMidnight = (day: string) => Date.parse(`${day}T00:00:00+08:00`);

/**
 * The sales export's rows (no header), built by PostgreSQL with COPY, in time slices [a, b) of the range,
 * oldest first, from its first Taipei midnight (docs/decisions/reports.md "Sales CSV export through COPY:
 * The choice"): for a CSV the file's lines (`copyCsv`), for an XLSX COPY's text format (`copyText`, read by
 * copyTextRows with SALES_COPY_NUMBERS), so neither file holds a row object. A slice is read whole (COPY
 * has no limit to cut it at: its text is small, ~125 bytes a row) and its width adapts toward exportLimits'
 * targets by the lines it held (×¼ to ×2, ×4 over an empty one), so a slice stays near 10,000 rows; the
 * next slice is read while the caller writes this one. Null on PGlite (no pool to COPY through).
 */
export const salesCopySlices = async (
  db: Db,
  user: Caller,
  f: TSalesFilters & { lang: Lang },
  format: 'csv' | 'text',
): Promise<AsyncGenerator<Buffer> | null> => {
  const copy = format === 'csv' ? copyCsv : copyText;
  // exactly the range's Taipei days (dayRange; Asia/Taipei keeps UTC+8 all year): no empty margin slices,
  // and the first slice (one hour) is small, so the answer starts soon
  const end = taipeiMidnight(f.to) + DAY_MS;
  const read = async (from: number, width: number) => {
    const to = Math.min(from + width, end);
    const out = await copy(db, salesCopySql(user, f, from, to));
    return out && { ...out, from, to };
  };
  type Slice = NonNullable<Awaited<ReturnType<typeof read>>>;
  let target = exportLimits.firstBatch;
  const after = (s: Slice) => {
    if (s.rows) target = exportLimits.batch;
    const grow = s.rows ? Math.min(2, Math.max(0.25, target / s.rows)) : 4;
    return read(s.to, Math.max(1, Math.round((s.to - s.from) * grow))) as Promise<Slice>;
  };
  // the first slice with rows is read before the answer starts (a time-out still answers JSON)
  let first = await read(taipeiMidnight(f.from), HOUR_MS);
  if (!first) return null;
  while (!first.rows && first.to < end) first = await after(first);
  return (async function* () {
    let current: Slice = first;
    for (;;) {
      let pending: Promise<Slice> | undefined;
      if (current.to < end) {
        pending = after(current);
        // handled here so a failure while the caller waits on a slow client is no unhandled rejection
        pending.catch(() => {});
      }
      if (current.rows) yield current.data;
      if (!pending) return;
      current = await pending;
    }
  })();
};

/** The sales export's XLSX rows as cells, slice by slice (salesCopySlices in COPY's text format). */
export const salesXlsxSlices = async (db: Db, user: Caller, f: TSalesFilters & { lang: Lang }) => {
  const slices = await salesCopySlices(db, user, f, 'text');
  if (!slices) return null;
  return (async function* () {
    for await (const data of slices) yield copyTextRows(data, SALES_COPY_NUMBERS);
  })();
};
