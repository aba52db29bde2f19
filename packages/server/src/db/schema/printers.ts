import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, updatedAtColumn } from './columns';
import { accounts } from './shops';

/**
 * A shop's cloud printers (spec 001 §3 "Printer"). The secret is sealed (app.secretBox); state, queue
 * length and last print are what the printer service reported last (docs/decisions/printing.md "Printers").
 */
export const printers = pgTable(
  'printers',
  {
    id: serial('id').primaryKey(),
    did: uuid('did').notNull().defaultRandom(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sn: text('sn').notNull(),
    secretSealed: text('secret_sealed').notNull(),
    /** Last four characters of the secret, for the masked display. */
    secretHint: text('secret_hint').notNull(),
    printerType: text('printer_type', { enum: ['PT4G', 'PL4G', 'PTE'] })
      .notNull()
      .default('PT4G'),
    server: text('server', { enum: ['iiot', 'qc'] })
      .notNull()
      .default('qc'),
    voiceId: smallint('voice_id').notNull().default(0),
    volume: text('volume', { enum: ['large', 'medium', 'small', 'didi', 'mute'] })
      .notNull()
      .default('large'),
    isOnline: boolean('is_online').notNull().default(false),
    state: text('state', { enum: ['online', 'offline', 'paper_out', 'unknown'] })
      .notNull()
      .default('unknown'),
    queueLength: integer('queue_length').notNull().default(0),
    lastPrintAt: timestamp('last_print_at', { withTimezone: true }),
    stateAt: timestamp('state_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('printers_did_unique').on(t.did),
    // spec 001 §5: 出單機名稱重複 (per shop)
    uniqueIndex('printers_account_name_unique').on(t.accountId, t.name),
    // one physical printer belongs to one shop
    uniqueIndex('printers_server_sn_unique').on(t.server, t.sn),
    index('printers_state_idx').on(t.state),
    index('printers_account_idx').on(t.accountId, t.id),
  ],
);
