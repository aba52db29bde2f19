import { z } from 'zod';
import { zText } from '../../../common/bounds';
import { msg, type TMessage } from '../../../common/errors';
import { defineOperation } from '../../../common/operation';
import { ZShopPortal } from '../shop-profile/shop-profile-ops';
import {
  TABLE_NUMBER_MAX,
  TABLE_QR_MESSAGES,
  TABLE_QR_USERS,
  type TQrType,
  type TWebVersion,
  ZCreateQrcodesResponse,
  ZQrId,
  ZWebVersion,
} from './table-qr';

/** spec 000 §5 Excel import: the columns and their values; spec 000 §9: at most 100 rows. */
export const IMPORT_COLUMNS = { tableNumber: '桌號', mode: '用餐方式' } as const;
/** A Map, not an object: a cell reading "constructor" must not find a prototype member. */
export const IMPORT_MODES: ReadonlyMap<string, TQrType> = new Map([
  ['內用', 'eatIn'],
  ['外帶', 'toGo'],
]);
export const MODE_LABELS: Record<TQrType, string> = { eatIn: '內用', toGo: '外帶' };
export const QR_IMPORT_MAX_ROWS = 100;

export const QR_IMPORT_MESSAGES = {
  // spec 000 §5 / §8
  noSheet: msg('找不到工作表', 'No worksheet found'),
  tooManyRows: msg('資料太多了(上限100)', 'Too many rows (max 100)'),
  missingTableColumn: msg('缺少"桌號"欄', 'Missing column "桌號" (table number)'),
  missingModeColumn: msg('缺少"用餐方式"欄', 'Missing column "用餐方式" (dining mode)'),
  duplicate: msg('桌號重覆', 'Duplicate table number (in the file or already created)'),
  success: msg('桌號批次匯入成功', 'Table numbers imported'),
  // Ours (spec silent, docs/decisions/shops.md)
  noRows: msg('檔案中沒有資料', 'The file has no rows'),
  badMode: msg('用餐方式只能填「內用」或「外帶」', 'Dining mode must be 內用 (eat-in) or 外帶 (to-go)'),
} as const;

/** What the page posts after parsing an upload: the excel-json sheets (header optional). */
export const ZImportSheet = z.object({
  name: zText().max(200),
  header: z.array(zText().max(200)).max(200).optional(),
  data: z.array(z.record(zText().max(200), zText().max(1000))).max(10_000),
});
export const ZQrImportRequest = z.object({
  sheets: z.array(ZImportSheet).max(100),
  webVersion: ZWebVersion.default(2),
});
export type TQrImportRequest = z.input<typeof ZQrImportRequest>;

export const qrcodeImportOp = defineOperation({
  method: 'POST',
  path: '/:type/shops/:id/qrcode/import',
  summary: 'Import table QR codes from parsed spreadsheet rows (all or nothing)',
  spec: '000 §5 QR / Excel import',
  allow: TABLE_QR_USERS,
  params: z.object({ type: ZShopPortal, id: ZQrId }),
  body: ZQrImportRequest,
  response: ZCreateQrcodesResponse,
  status: 201,
});

export type TImportRow = { tableNumber: string; qrType: TQrType; webVersion: TWebVersion };
/** A refused import: the message, and the spreadsheet row (1 = header) and column it is about. */
export type TImportProblem = { message: TMessage; row?: number; column?: string };
export type TImportCheck = { ok: true; rows: TImportRow[] } | { ok: false; problem: TImportProblem };

/**
 * The import rules of spec 000 §5, in the order a user fixes them: a sheet, ≤ 100 rows, both columns,
 * then every row (table number present, a known dining mode, no duplicate in the file or against the
 * existing codes of the same mode). The first sheet is imported. The page and the server run the same rules.
 */
export const checkQrImport = (
  sheets: readonly z.input<typeof ZImportSheet>[],
  existing: readonly { tableNumber: string; qrType: TQrType }[],
  webVersion: TWebVersion,
): TImportCheck => {
  const sheet = sheets[0];
  const fail = (message: TMessage, row?: number, column?: string): TImportCheck => ({
    ok: false,
    problem: { message, row, column },
  });
  if (!sheet) return fail(QR_IMPORT_MESSAGES.noSheet);
  if (sheet.data.length > QR_IMPORT_MAX_ROWS) return fail(QR_IMPORT_MESSAGES.tooManyRows);
  const header = new Set((sheet.header ?? sheet.data.flatMap((r) => Object.keys(r))).map((h) => h.trim()));
  if (!header.has(IMPORT_COLUMNS.tableNumber)) return fail(QR_IMPORT_MESSAGES.missingTableColumn);
  if (!header.has(IMPORT_COLUMNS.mode)) return fail(QR_IMPORT_MESSAGES.missingModeColumn);
  if (sheet.data.length === 0) return fail(QR_IMPORT_MESSAGES.noRows);

  const taken = new Set(existing.map((e) => `${e.qrType}\u0000${e.tableNumber}`));
  const rows: TImportRow[] = [];
  for (const [index, data] of sheet.data.entries()) {
    const row = index + 2; // row 1 is the header
    const tableNumber = (data[IMPORT_COLUMNS.tableNumber] ?? '').trim();
    if (!tableNumber) return fail(TABLE_QR_MESSAGES.tableNumberRequired, row, IMPORT_COLUMNS.tableNumber);
    if (tableNumber.length > TABLE_NUMBER_MAX)
      return fail(TABLE_QR_MESSAGES.tableNumberTooLong, row, IMPORT_COLUMNS.tableNumber);
    const qrType = IMPORT_MODES.get((data[IMPORT_COLUMNS.mode] ?? '').trim());
    if (!qrType) return fail(QR_IMPORT_MESSAGES.badMode, row, IMPORT_COLUMNS.mode);
    const key = `${qrType}\u0000${tableNumber}`;
    if (taken.has(key)) return fail(QR_IMPORT_MESSAGES.duplicate, row, IMPORT_COLUMNS.tableNumber);
    taken.add(key);
    rows.push({ tableNumber, qrType, webVersion });
  }
  return { ok: true, rows };
};
