import { bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn } from './columns';

/**
 * Audit record (spec 001 §3): who changed what. Keeps old and new values so the Record tab can show a
 * diff and a gaa can revert a change.
 */
export const auditRecords = pgTable(
  'audit_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id'),
    userId: integer('user_id'),
    userName: text('user_name').notNull(),
    consoleType: text('console_type').notNull(),
    /** Item label shown in the Record tab (e.g. 店名). */
    displayName: text('display_name').notNull(),
    /** Category (e.g. business, accounts, opening-hours, order-limits, qrcode). */
    resourceCode: text('resource_code').notNull(),
    action: text('action', { enum: ['create', 'update', 'delete'] }).notNull(),
    displayLog: text('display_log').notNull(),
    /** Where the value lives, so a revert can write it back: table and key (column). */
    targetTable: text('target_table'),
    targetKey: text('target_key'),
    targetId: text('target_id'),
    oldValue: jsonb('old_value'),
    newValue: jsonb('new_value'),
    revertOf: integer('revert_of'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('audit_account_time_idx').on(t.accountId, t.createdAt),
    index('audit_account_resource_idx').on(t.accountId, t.resourceCode),
    index('audit_account_action_idx').on(t.accountId, t.action),
  ],
);
