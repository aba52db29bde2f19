import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, updatedAtColumn } from './columns';
import { orders } from './orders';
import { accounts } from './shops';

/**
 * A shop's logistics configuration (spec 001 §3 "Logistic configuration"). isLogistic and isLala stay on
 * businesses (they are business flags, 001 §3 "Flag keys"); the rest lives here. No row = never saved:
 * the contract's normaliseConfiguration gives the on-load values.
 */
export const shopLogistics = pgTable('shop_logistics', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  platform: text('platform', { enum: ['platform', 'selfie'] }).notNull(),
  mode: text('mode', { enum: ['auto', 'manual', 'selfie'] }),
  wallet: text('wallet', { enum: ['public', 'private'] }).notNull(),
  defaultVendor: text('default_vendor').notNull(),
  gitDefaultVendor: text('git_default_vendor').notNull(),
  uberUuid: text('uber_uuid'),
  updatedAt: updatedAtColumn(),
});

/** Vendor accounts (spec 001 §3 "Vendor settings"); the token is sealed (lib/secret-box.ts). */
export const shopLogisticVendors = pgTable(
  'shop_logistic_vendors',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    vendor: text('vendor').notNull(),
    merchantId: text('merchant_id').notNull().default(''),
    accessKey: text('access_key').notNull().default(''),
    accessTokenSealed: text('access_token_sealed'),
    updatedAt: updatedAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.vendor] })],
);

/**
 * Delivery rules (spec 001 §3 "Delivery rule"), in matching order (position). Meters on rules; polygons as
 * lists of {x: latitude, y: longitude}, closed by repeating the first point.
 */
export const deliveryRules = pgTable(
  'delivery_rules',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    type: text('type', { enum: ['distance', 'map'] }).notNull(),
    name: text('name').notNull().default(''),
    polygons: jsonb('polygons').$type<{ x: number; y: number }[][]>().notNull().default(sql`'[]'::jsonb`),
    minDistanceInMeter: integer('min_distance_in_meter'),
    maxDistanceInMeter: integer('max_distance_in_meter'),
    deliveryCharge: integer('delivery_charge').notNull().default(0),
    additionalDeliveryTime: integer('additional_delivery_time').notNull().default(0),
    qtyLimit: integer('qty_limit').notNull().default(0),
    amountLimit: integer('amount_limit').notNull().default(0),
  },
  (t) => [index('delivery_rules_account_idx').on(t.accountId, t.position)],
);

/**
 * Courier requests to a delivery vendor: one row per request (a recall makes a new one). The
 * vendor's order id and its last status; the order's logistics_status follows the newest request.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    vendor: text('vendor').notNull(),
    vendorOrderId: text('vendor_order_id'),
    /** The shop's own vendor account key it was placed with (自有物流); null = the platform's account. */
    accountKey: text('account_key'),
    quotationId: text('quotation_id'),
    /** The vendor's status word (ASSIGNING_DRIVER, ON_GOING, PICKED_UP, COMPLETED, CANCELED, EXPIRED, …). */
    vendorStatus: text('vendor_status'),
    priceTotal: text('price_total'),
    driver: jsonb('driver').$type<Record<string, unknown>>(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('deliveries_order_idx').on(t.orderId),
    uniqueIndex('deliveries_vendor_order_unique').on(t.vendor, t.vendorOrderId),
  ],
);

/**
 * The courier webhooks already received: one row per signed webhook, keyed by its signature
 * (the signed part: Lalamove signs the timestamp and `data`, not the event id), so a replay is refused after a
 * restart and at every instance. Rows older than the prune age (features/delivery/delivery/webhook-events.ts) go.
 */
export const deliveryWebhookEvents = pgTable(
  'delivery_webhook_events',
  {
    vendor: text('vendor').notNull(),
    eventKey: text('event_key').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.vendor, t.eventKey] }),
    index('delivery_webhook_events_received_idx').on(t.receivedAt),
  ],
);
