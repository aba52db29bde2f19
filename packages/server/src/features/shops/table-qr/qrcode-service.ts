import {
  checkQrImport,
  MODE_LABELS,
  QR_IMPORT_MESSAGES,
  shopUrls,
  TABLE_QR_MESSAGES,
  type TMessage,
  type TQrImportRequest,
  type TQrType,
  type TWebVersion,
  tableUrl,
  WEB_VERSION_LABELS,
} from '@shopdesk/contract';
import type { Db } from '../../../db/client';
import { badRequest, conflict, notFound } from '../../../http/errors';
import type { SessionUser } from '../../../identity/session-store';
import { requireShop } from '../../../plugins/app/shop-access';
import { writeAudit } from '../../platform/audit/write-audit';
import {
  deleteQrcodeRow,
  findQrcode,
  insertQrcodes,
  isUniqueViolation,
  listShopQrcodes,
  type QrcodeRow,
} from './qrcode-store';

type NewCode = { tableNumber: string; qrType: TQrType; webVersion: TWebVersion };

const IMPORT_REFUSED = 'QR_IMPORT_REFUSED';
const DUPLICATE = 'QR_DUPLICATE';

/** What the API answers for a code: the row plus its ordering link (spec 000 §3 "QR code"). */
export const presentQrcode = (base: string, row: QrcodeRow) => ({
  ...row,
  endpoint: shopUrls(base, row.accountId).menuUrl,
  link: tableUrl(base, row.accountId, row),
});

const describe = (c: NewCode) =>
  `桌號 ${c.tableNumber}（${MODE_LABELS[c.qrType]}，${WEB_VERSION_LABELS[c.webVersion]}）`;

/** Inserts the codes and audits each one, inside the caller's transaction; a race on the unique index is a duplicate. */
const insertAudited = async (
  tx: Db,
  user: SessionUser,
  accountId: number,
  items: NewCode[],
  how: { verb: string; duplicate: TMessage },
) => {
  let rows: QrcodeRow[];
  try {
    rows = await insertQrcodes(tx, accountId, items);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(how.duplicate, DUPLICATE);
    throw err;
  }
  for (const row of rows) {
    const { id: _id, accountId: _a, ...value } = row;
    await writeAudit(tx, user, {
      accountId,
      resourceCode: 'qrcode',
      action: 'create',
      displayName: '桌邊 QR Code',
      displayLog: `${how.verb}${describe(row)}`,
      target: { table: 'table_qrcodes', id: row.id },
      newValue: value,
    });
  }
  return rows;
};

const created = (base: string, rows: QrcodeRow[]) => ({
  results: rows.map((row) => {
    const { id, ...rest } = presentQrcode(base, row);
    return { ...rest, insertQrcodeRes: { insertId: id } };
  }),
});

export const listQrcodes = async (db: Db, user: SessionUser, accountId: number, base: string) => {
  await requireShop(db, user, accountId);
  return { results: (await listShopQrcodes(db, accountId)).map((r) => presentQrcode(base, r)) };
};

/** spec 000 §5 QR: table number required (the contract checks it), no duplicate in the same mode (桌號重複). */
export const createQrcodes = async (
  db: Db,
  user: SessionUser,
  accountId: number,
  items: NewCode[],
  base: string,
) => {
  await requireShop(db, user, accountId);
  const seen = new Set<string>();
  for (const [i, item] of items.entries()) {
    const key = `${item.qrType}\u0000${item.tableNumber}`;
    if (seen.has(key)) throw badRequest(TABLE_QR_MESSAGES.duplicate, `${i}.tableNumber`, DUPLICATE);
    seen.add(key);
  }
  const rows = await db.transaction(async (tx) => {
    const existing = new Set(
      (await listShopQrcodes(tx as Db, accountId)).map((r) => `${r.qrType}\u0000${r.tableNumber}`),
    );
    const taken = items.findIndex((item) => existing.has(`${item.qrType}\u0000${item.tableNumber}`));
    if (taken >= 0) throw conflict(TABLE_QR_MESSAGES.duplicate, DUPLICATE);
    return insertAudited(tx as Db, user, accountId, items, {
      verb: '新增',
      duplicate: TABLE_QR_MESSAGES.duplicate,
    });
  });
  return created(base, rows);
};

/**
 * spec 000 §5 Excel import: the same rules as the page (contract checkQrImport), checked against the
 * existing codes inside the transaction; one bad row and nothing is saved.
 */
export const importQrcodes = async (
  db: Db,
  user: SessionUser,
  accountId: number,
  body: TQrImportRequest & { webVersion: TWebVersion },
  base: string,
) => {
  await requireShop(db, user, accountId);
  const rows = await db.transaction(async (tx) => {
    const existing = await listShopQrcodes(tx as Db, accountId);
    const check = checkQrImport(body.sheets, existing, body.webVersion);
    if (!check.ok) {
      const { message, row, column } = check.problem;
      // field is the path into the posted body: sheets.0.data.<row index>.<column>
      const field = row === undefined ? undefined : `sheets.0.data.${row - 2}${column ? `.${column}` : ''}`;
      throw badRequest(message, field, IMPORT_REFUSED);
    }
    return insertAudited(tx as Db, user, accountId, check.rows, {
      verb: '批次匯入',
      duplicate: QR_IMPORT_MESSAGES.duplicate,
    });
  });
  return created(base, rows);
};

export const deleteQrcode = async (db: Db, user: SessionUser, id: number) => {
  const row = await findQrcode(db, id);
  if (!row) throw notFound();
  await requireShop(db, user, row.accountId);
  await db.transaction(async (tx) => {
    await deleteQrcodeRow(tx as Db, id);
    const { id: _id, accountId: _a, ...value } = row;
    await writeAudit(tx as Db, user, {
      accountId: row.accountId,
      resourceCode: 'qrcode',
      action: 'delete',
      displayName: '桌邊 QR Code',
      displayLog: `刪除${describe(row)}`,
      target: { table: 'table_qrcodes', id },
      oldValue: value,
    });
  });
  return { id };
};
