import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, updatedAtColumn } from './columns';
import { accounts } from './shops';

/**
 * A shop's LINE channel (spec 000 §3 "Messaging account"), one per shop account. The channel secret and
 * the access token are sealed with app.secretBox (never stored or answered in clear). The public fields
 * that the shop edit form also shows (channel id, add-friend URL, basic id, channel image) stay on
 * `accounts`; this row holds the rest and the rich-menu state at LINE.
 */
export const lineChannels = pgTable(
  'line_channels',
  {
    accountId: integer('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    accountName: text('account_name').notNull(),
    channelSecretSealed: text('channel_secret_sealed').notNull(),
    accessTokenSealed: text('access_token_sealed').notNull(),
    menuLiffId: text('menu_liff_id').notNull().default(''),
    eatInLiffId: text('eat_in_liff_id').notNull().default(''),
    orderLiffId: text('order_liff_id').notNull().default(''),
    pickUpLiffId: text('pick_up_liff_id'),
    isChatbotDisabled: boolean('is_chatbot_disabled').notNull().default(false),
    lineProviderId: text('line_provider_id'),
    isNewOa: boolean('is_new_oa').notNull().default(true),
    /** The chosen style's file name (spec 000 §3 Rich menu fileName), null = none. */
    richMenuFile: text('rich_menu_file'),
    /**
     * The style the menus now at LINE were made from: the chosen one, or its pick-up twin when the shop's
     * pick-up switch says so (docs/decisions/chat.md "Pick-up rich menu"); null = as chosen (rows before it).
     */
    liveRichMenuFile: text('live_rich_menu_file'),
    /** LINE's id of the shop's open-state rich menu, and of the closed variant while it is default. */
    richMenuId: text('rich_menu_id'),
    closedRichMenuId: text('closed_rich_menu_id'),
    /** Which of the two is the account default now: 'open' | 'closed' (rich menu follows the shop). */
    menuState: text('menu_state', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    /** The chat bar text of the closed variant now at LINE ("opens at …"), to know when it changes. */
    closedLabel: text('closed_label'),
    /** The public base the rich menu's links were written with (jobs switching menus have no request). */
    linkBase: text('link_base'),
    /** When "save current settings" last ran (the rows are in line_oa_snapshots). */
    savedAt: timestamp('saved_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('line_channels_state_idx').on(t.menuState)],
);

/**
 * "Save current settings" (POST /gaa/shops/{accountId}/oa_settings): the channel fields and style as they were,
 * secrets left out; listed on the OA page and restorable there (docs/decisions/foundation.md "OA settings snapshots").
 */
export const lineOaSnapshots = pgTable(
  'line_oa_snapshots',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    savedByUserId: integer('saved_by_user_id'),
    savedByName: text('saved_by_name').notNull().default(''),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('line_oa_snapshots_account_idx').on(t.accountId, t.savedAt)],
);

/**
 * The shop account's followers as LINE tells them (a coupon campaign reaches the shops' customers,
 * "from the shops' orders and followers"): a follow event adds or renews the row, an unfollow (the user
 * blocked the account) marks it; a blocked follower is never pushed a voucher.
 */
export const lineFollowers = pgTable(
  'line_followers',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    lineUserId: text('line_user_id').notNull(),
    /** LINE's display name when the follow came in ('' when LINE did not give it). */
    name: text('name').notNull().default(''),
    followedAt: timestamp('followed_at', { withTimezone: true }).notNull().defaultNow(),
    unfollowedAt: timestamp('unfollowed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('line_followers_account_user_idx').on(t.accountId, t.lineUserId)],
);

/**
 * Who receives a shop's pushes: a manager's LINE user (kind 'user') bound with the binding code, or a LINE
 * group (kind 'group', the notification group that replaced LINE Notify) bound the same way.
 */
export const lineRecipients = pgTable(
  'line_recipients',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['user', 'group'] }).notNull(),
    /** LINE userId or groupId. */
    lineId: text('line_id').notNull(),
    name: text('name').notNull().default(''),
    /** Groups: members seen (who bound it, who joined): { userId, name }. */
    members: jsonb('members').$type<{ userId: string; name: string }[]>().notNull().default([]),
    /** Bound = receives pushes; a group the bot joined but not yet bound has null. */
    boundAt: timestamp('bound_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('line_recipients_account_line_idx').on(t.accountId, t.lineId),
    index('line_recipients_line_idx').on(t.lineId),
  ],
);

/**
 * Wrong binding codes sent to a shop's bot: one row per wrong code, by the LINE user (or
 * group) who sent it, counted over a window per sender and per shop (features/chat/line/binding-attempts.ts), so
 * guessing the 6 digits stops after a few tries at every instance. Rows older than the window are pruned.
 */
export const lineBindingFailures = pgTable(
  'line_binding_failures',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    lineId: text('line_id').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('line_binding_failures_account_idx').on(t.accountId, t.createdAt)],
);
