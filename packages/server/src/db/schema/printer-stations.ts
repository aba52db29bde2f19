import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, updatedAtColumn } from './columns';
import { menuClasses, products } from './menus';
import { printers } from './printers';
import { accounts } from './shops';

/**
 * Printer stations (spec 002 §2.11, §3 "Printer station"): with the shop's is_station on, an accepted
 * order's items print at the printers of the stations their class belongs to, `times` copies each
 * (docs/decisions/printing.md "Printer stations"). Every row carries its shop's account_id.
 */
export const printerStations = pgTable(
  'printer_stations',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** spec 002 §5: print times ≥ 0; §2.11: default 1. */
    times: integer('times').notNull().default(1),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('printer_stations_account_name_unique').on(t.accountId, t.name),
    check('printer_stations_times_check', sql`${t.times} >= 0 and ${t.times} <= 10`),
  ],
);

/** stationHasClass: the menu classes a station prints. */
export const printerStationClasses = pgTable(
  'printer_station_classes',
  {
    stationId: integer('station_id')
      .notNull()
      .references(() => printerStations.id, { onDelete: 'cascade' }),
    classId: integer('class_id')
      .notNull()
      .references(() => menuClasses.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.stationId, t.classId] }),
    index('printer_station_classes_account_idx').on(t.accountId),
  ],
);

/** The printers a station sends its tickets to (a printer may serve several stations). */
export const printerStationPrinters = pgTable(
  'printer_station_printers',
  {
    stationId: integer('station_id')
      .notNull()
      .references(() => printerStations.id, { onDelete: 'cascade' }),
    printerId: integer('printer_id')
      .notNull()
      .references(() => printers.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.stationId, t.printerId] }),
    index('printer_station_printers_account_idx').on(t.accountId),
  ],
);

/** Negative cart products: products of a station's class it does not print (unchecked in the picker). */
export const printerStationNegativeProducts = pgTable(
  'printer_station_negative_products',
  {
    stationId: integer('station_id')
      .notNull()
      .references(() => printerStations.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    classId: integer('class_id')
      .notNull()
      .references(() => menuClasses.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.stationId, t.productId] }),
    index('printer_station_negative_account_idx').on(t.accountId),
  ],
);

/** originPrinterDidArr: printers that keep printing the whole order while stations are on. */
export const printerStationOrigins = pgTable(
  'printer_station_origins',
  {
    printerId: integer('printer_id')
      .primaryKey()
      .references(() => printers.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
  },
  (t) => [index('printer_station_origins_account_idx').on(t.accountId)],
);
