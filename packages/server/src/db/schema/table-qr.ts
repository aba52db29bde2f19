import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn } from './columns';
import { accounts } from './shops';
import { users } from './users';

/**
 * Table QR codes (spec 000 §3 "QR code"). The link is not stored: it is built from the public base at
 * read time (contract tableUrl), so a new PUBLIC_URL moves every code with it.
 */
export const tableQrcodes = pgTable(
  'table_qrcodes',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tableNumber: text('table_number').notNull(),
    qrType: text('qr_type', { enum: ['eatIn', 'toGo'] }).notNull(),
    webVersion: smallint('web_version').notNull().default(2),
    createdAt: createdAtColumn(),
  },
  (t) => [
    // spec 000 §5: no duplicate table number in the same mode
    uniqueIndex('table_qrcodes_account_type_table_unique').on(t.accountId, t.qrType, t.tableNumber),
    check('table_qrcodes_web_version_check', sql`${t.webVersion} in (1, 2)`),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * Files of the spreadsheet service (spec 000 §7 "excel-upload"), kept in the database so every server
 * instance can parse an upload another received. Removed after SPREADSHEET_LIMITS.keepHours.
 */
export const spreadsheetUploads = pgTable(
  'spreadsheet_uploads',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('spreadsheet_uploads_created_idx').on(t.createdAt)],
);
