import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, updatedAtColumn } from './columns';
import { siAccounts, users } from './users';

/**
 * The shop's account (the chat official account side). accountId in the spec.
 * Every shop has exactly one account and one business with the same id (docs/decisions/foundation.md).
 */
export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['catering', 'retail'] })
      .notNull()
      .default('catering'),
    siAccountId: integer('si_account_id').references(() => siAccounts.id),
    /** The eaa user who owns the shop. */
    ownerUserId: integer('owner_user_id').references(() => users.id),
    /** Go-live status (spec 002 §4): false = not online, true = online. */
    isInitialized: boolean('is_initialized').notNull().default(false),
    sysClosed: boolean('sys_closed').notNull().default(false),
    isManual: boolean('is_manual').notNull().default(false),
    isNewStyle: boolean('is_new_style').notNull().default(false),
    isStation: boolean('is_station').notNull().default(false),
    isOaDisabled: boolean('is_oa_disabled').notNull().default(false),
    /** Store-system shop id (shopId). */
    shopId: text('shop_id'),
    ssoAppId: text('sso_app_id'),
    /** Binding code and its expiry (spec 000 §3 "Binding code response"). */
    code: text('code'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    randomCode: text('random_code'),
    lineChannelId: text('line_channel_id'),
    lineAddFriendUrl: text('line_add_friend_url'),
    lineBasicId: text('line_basic_id'),
    lineChannelImageUrl: text('line_channel_image_url'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('accounts_si_idx').on(t.siAccountId, t.id),
    index('accounts_owner_idx').on(t.ownerUserId, t.id),
    index('accounts_kind_idx').on(t.kind, t.id),
    // one shop per LINE channel (a double-clicked wizard Finish opened two with the same channel)
    uniqueIndex('accounts_line_channel_id_key')
      .on(t.lineChannelId)
      .where(sql`${t.lineChannelId} IS NOT NULL`),
  ],
);

/** Store / business (spec 000 §3): the shop's own data and switches. id equals its account id. */
export const businesses = pgTable(
  'businesses',
  {
    id: integer('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .unique()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    companyName: text('company_name'),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    businessCode: text('business_code'),
    bossEmail: text('boss_email'),
    bossPhone: text('boss_phone'),
    invoice: text('invoice'),
    googleReviewUrl: text('google_review_url'),
    fbUrl: text('fb_url'),
    localTimeZone: text('local_time_zone').notNull().default('Asia/Taipei'),
    storeInfo: text('store_info'),
    content: jsonb('content'),
    /** Ordering web version: 1 = QC1.0 (classic one-page layout), 2 = Web2.0 (docs/decisions/customer-app.md "Web version"). */
    version: integer('version').notNull().default(2),
    lat: numeric('lat', { precision: 9, scale: 6 }),
    lng: numeric('lng', { precision: 9, scale: 6 }),

    isEnabled: boolean('is_enabled').notNull().default(false),
    isMobilePayment: boolean('is_mobile_payment').notNull().default(false),
    isEatIn: boolean('is_eat_in').notNull().default(true),
    isEatInCash: boolean('is_eat_in_cash').notNull().default(true),
    isEatInPay: boolean('is_eat_in_pay').notNull().default(false),
    isToGo: boolean('is_to_go').notNull().default(false),
    isToGoCash: boolean('is_to_go_cash').notNull().default(false),
    isToGoPay: boolean('is_to_go_pay').notNull().default(false),
    isDelivery: boolean('is_delivery').notNull().default(false),
    isDeliveryCash: boolean('is_delivery_cash').notNull().default(false),
    isDeliveryPay: boolean('is_delivery_pay').notNull().default(false),
    isLogistic: boolean('is_logistic').notNull().default(false),
    isLala: boolean('is_lala').notNull().default(false),
    isAutoRestoreStock: boolean('is_auto_restore_stock').notNull().default(false),
    distanceByRoute: boolean('distance_by_route').notNull().default(false),
    isPickup: boolean('is_pick_up').notNull().default(false),
    isInvoice: boolean('is_invoice').notNull().default(false),
    isCarrier: boolean('is_carrier').notNull().default(false),
    isReceipt: boolean('is_receipt').notNull().default(false),
    isCalorie: boolean('is_calorie').notNull().default(false),
    isRebuild: boolean('is_rebuild').notNull().default(false),
    isGroupbuy: boolean('is_groupbuy').notNull().default(false),
    isOtpEnabled: boolean('is_otp_enabled').notNull().default(false),
    isEmail: boolean('is_email').notNull().default(false),
    isNotThOfDeliveryDisplay: boolean('is_not_th_of_delivery_display').notNull().default(false),
    isNotCommentOfDeliveryDisplay: boolean('is_not_comment_of_delivery_display').notNull().default(false),
    isNotCommentOfOrderDisplay: boolean('is_not_comment_of_order_display').notNull().default(false),
    isNotCommentProductDisplay: boolean('is_not_comment_product_display').notNull().default(false),
    isNotReply: boolean('is_not_reply').notNull().default(false),
    isNotPhone: boolean('is_not_phone').notNull().default(false),
    // honoured by the customer app and intake since migration 0024, which set it on everywhere (so no
    // shop stopped asking for a phone); a new shop asks for one until the owner turns it off
    isPhoneRequired: boolean('is_phone_required').notNull().default(true),
    isPrinterTemplate: boolean('is_printer_template').notNull().default(false),

    deliveryAmtTh: integer('delivery_amt_th').notNull().default(0),
    deliveryQtyTh: integer('delivery_qty_th').notNull().default(0),
    deliveryDistanceTh: numeric('delivery_distance_th', { precision: 6, scale: 2 }).notNull().default('3'),
    orderStartNumber: integer('order_start_number').notNull().default(1),
    bufferTime: integer('buffer_time').notNull().default(0),
    waitingTime: integer('waiting_time').notNull().default(10),
    eatInWaitingTime: integer('eat_in_waiting_time'),
    toGoWaitingTime: integer('to_go_waiting_time'),
    deliveryWaitingTime: integer('delivery_waiting_time'),
    resetTime: text('reset_time').notNull().default('00:10:00'),
    // Nullable: an immediate-only shop (0 reservable days) needs no interval (spec 001 §5).
    timeSectorLength: integer('time_sector_length').default(15),
    timeSectorDays: integer('time_sector_days').notNull().default(1),
    timeObjSectors: jsonb('time_obj_sectors')
      .$type<{ start: string; end: string }[]>()
      .notNull()
      .default(sql`'[{"start":"00:00","end":"23:59"}]'::jsonb`),
    timeSetting: text('time_setting').notNull().default('0-24,1'),
    logisticDistanceType: text('logistic_distance_type', { enum: ['route', 'linear'] })
      .notNull()
      .default('linear'),
    defaultMealType: text('default_meal_type', { enum: ['eat_in', 'to_go', 'delivery', 'none'] })
      .notNull()
      .default('to_go'),
    largeOrderAmount: integer('large_order_amount').notNull().default(99999),
    largeOrderQty: integer('large_order_qty').notNull().default(999),
    /** Printer template ids per meal type (spec 000 §3 printerTemplates). */
    printerTemplates: jsonb('printer_templates')
      .$type<{ here: number | null; togo: number | null; deliver: number | null }>()
      .notNull()
      .default(sql`'{"here":null,"togo":null,"deliver":null}'::jsonb`),
    /** Label printing disabled per meal type (spec 000 §7 label-printer). */
    disabledLabel: jsonb('disabled_label').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** Offline/online notices per meal type (spec 001 §2.2), line breaks stored as <br>. */
    notices: jsonb('notices').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('businesses_name_idx').on(t.name), index('businesses_invoice_idx').on(t.invoice)],
);

export const tags = pgTable('tags', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  createdAt: createdAtColumn(),
});

export const accountTags = pgTable(
  'account_tags',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.tagId] }),
    index('account_tags_tag_idx').on(t.tagId, t.accountId),
  ],
);
