import { deliveryAmounts, type TMealType, type TOrderShop } from '@shopdesk/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { runPrepared } from '../../../db/prepared';
import { accounts, businesses, tableQrcodes } from '../../../db/schema';
import { notFound } from '../../../http/errors';
import { preparedRulesOf } from '../../delivery/logistics/logistics-store';
import { anyEnabledSql } from '../../marketing/promotions/order-pricing';
import { paymentConfigsJson, servicesOn } from '../../payments/qrpay/payment-jobs';
import { hasPrintersSql } from '../../printing/printers/printer-store';
import { toBusinessData } from '../../shops/shop-profile/business-columns';
import type { StoredShop } from '../../shops/shop-profile/shop-store';
import { openingHoursJson, openingHoursOf } from '../../shops/shop-time/opening-service';
import { limitsJson, presentLimit } from '../../shops/shop-time/order-limit-store';
import { specialDaysJson, specialDaysOf } from '../../shops/shop-time/special-day-service';

export type OrderShop = {
  stored: StoredShop;
  shop: TOrderShop;
  siAccountId: number | null;
  /** Whether the shop has a printer (an accepted order is printed after commit: none, no read then). */
  hasPrinters: boolean;
  /**
   * Whether the shop has an enabled promotion (none: intake reads and locks no promotion rows). Read in the
   * locking statement: a promotion enabled while this order waited for the lock is as if the order came first.
   */
  hasPromotions: boolean;
};

/**
 * The shop's small settings of other features, each as its feature reads it (opening hours, days off,
 * order limits, payment services, table QR codes) and whether it has printers: one json value beside the
 * shop's rows, so the whole shop is one statement (docs/decisions/orders.md "Order intake: 22 statements → 11").
 */
const settingsJson = (accountId: number) =>
  sql<string>`json_build_object('hours', ${openingHoursJson(accountId)}, 'days', ${specialDaysJson(accountId)},
    'limits', ${limitsJson(accountId)}, 'payments', ${paymentConfigsJson(accountId)},
    'tables', (select coalesce(json_agg(json_build_object('type', q.qr_type, 'table', q.table_number)), '[]')
      from table_qrcodes q where q.account_id = ${accountId}),
    'printers', ${hasPrintersSql(accountId)}, 'promotions', ${anyEnabledSql(accountId)})::text`;
type ShopRow = {
  account: typeof accounts.$inferSelect;
  business: typeof businesses.$inferSelect;
  settings: string;
};
type Settings = {
  hours: Parameters<typeof openingHoursOf>[0];
  days: Parameters<typeof specialDaysOf>[0];
  limits: Parameters<typeof presentLimit>[0][];
  payments: Parameters<typeof servicesOn>[0];
  tables: { type: 'eatIn' | 'toGo'; table: string }[];
  printers: boolean;
  promotions: boolean;
};

/**
 * Everything order intake needs to know of a shop, read through the features that own it:
 * shop-profile's businessData (switches, preparation minutes, reservation days), shop-time's opening
 * periods, days off and order limits. `lock` holds the shop rows: concurrent orders of one shop queue here.
 */
export const loadOrderShop = async (
  db: Db,
  accountId: number,
  /**
   * `deliveryRules: false`: the shop's delivery rules are not read (an order that is not a delivery: only
   * `quoteOrder` reads them, and it quotes deliveries only).
   */
  opts: { lock?: boolean; deliveryRules?: boolean } = {},
): Promise<OrderShop> => {
  // one read of the account and business rows (it was two, the lock taken by the first): the
  // shop as shop-profile's loadShop gives it, and beside it what is not part of businessData (the kill
  // switch, the coordinates, the settings tab's item-note switch), and the other features' settings (it was
  // five more reads). Read in the locking statement: a settings save in between is as if the order came
  // first; what must see every earlier order (the idempotency key, the limit counts) is read after the lock.
  // built once per process and run by name, the account id its only value (db/prepared.ts): the ~100
  // columns and the settings' sub-selects are not built again for each order
  const [row] = await runPrepared<ShopRow>(
    db,
    opts.lock ? 'order_shop_locked' : 'order_shop',
    (d) => {
      const id = sql.placeholder('id') as unknown as number;
      const query = d
        .select({ account: accounts, business: businesses, settings: settingsJson(id) })
        .from(accounts)
        .innerJoin(businesses, eq(businesses.id, accounts.id))
        .where(eq(accounts.id, id));
      return opts.lock ? query.for('update') : query;
    },
    { id: accountId },
  );
  if (!row) throw notFound();
  const stored: StoredShop = {
    accountId: row.account.id,
    kind: row.account.kind,
    codeExpiresAt: row.account.codeExpiresAt,
    data: toBusinessData(row.account, row.business),
  };
  const d = stored.data;
  const extra = {
    sysClosed: row.account.sysClosed,
    lat: row.business.lat,
    lng: row.business.lng,
    productNoteHidden: row.business.isNotCommentProductDisplay,
    emailRequired: row.business.isEmail,
  };
  const settings = JSON.parse(row.settings) as Settings;
  const hours = openingHoursOf(settings.hours);
  const specialDays = specialDaysOf(settings.days);
  const limits = settings.limits.map(presentLimit);
  const wait = (own: number | null | undefined) => Number(own ?? d.waitingTime ?? 0);
  const waitingMinutes: Record<TMealType, number> = {
    eat_in: wait(d.eatInWaitingTime),
    to_go: wait(d.toGoWaitingTime),
    delivery: wait(d.deliveryWaitingTime),
  };
  // (spec 000 §3): deliveryAmtTh is a minimum, or the free-delivery amount when logistics is on
  const amounts = deliveryAmounts(Number(d.deliveryAmtTh ?? 0), Boolean(d.isLogistic));
  const num = (v: string | null | undefined) => (v === null || v === undefined ? null : Number(v));
  const shop: TOrderShop = {
    online: d.isEnabled && !extra?.sysClosed,
    systemClosed: Boolean(extra?.sysClosed),
    // spec 002 §2 go-live status: not live = staff test orders only
    live: row.account.isInitialized,
    // spec 000 §3 timeObjSectors: the service periods the wanted times and the slots keep to
    servicePeriods: d.timeObjSectors,
    mealTypes: {
      eat_in: { on: d.isEatIn, cash: d.isEatInCash, online: d.isEatInPay },
      to_go: { on: d.isToGo, cash: d.isToGoCash, online: d.isToGoPay },
      delivery: { on: d.isDelivery, cash: d.isDeliveryCash, online: d.isDeliveryPay },
    },
    periods: { general: hours.general, togo: hours.togo, delivery: hours.delivery },
    specialDays,
    waitingMinutes,
    reservationDays: Number(d.timeSectorDays ?? 0),
    intervalMinutes: Number(d.timeSectorLength ?? 15) || 15,
    limits,
    deliveryAmountMin: amounts.minimum,
    freeDeliveryFrom: amounts.freeFrom,
    deliveryQtyMin: Number(d.deliveryQtyTh ?? 0),
    deliveryDistanceMax: Number(d.deliveryDistanceTh ?? 0),
    lat: num(extra?.lat),
    lng: num(extra?.lng),
    timeZone: d.localTimeZone || 'Asia/Taipei',
    deliveryRules: opts.deliveryRules === false ? undefined : await preparedRulesOf(db, accountId),
    paymentServicesOn: servicesOn(settings.payments),
    tables: tablesByKind(settings.tables),
    commentHidden: {
      order: Boolean(d.isNotCommentOfOrderDisplay),
      delivery: Boolean(d.isNotCommentOfDeliveryDisplay),
    },
    // the shop edit form's phone switches (spec 000 §3), item notes and receipts
    phone: { required: Boolean(d.isPhoneRequired), hidden: Boolean(d.isNotPhone) },
    productNoteHidden: Boolean(extra?.productNoteHidden),
    receipt: Boolean(d.isReceipt),
    // spec 000 §3 isPickup, spec 001 §2.2 is_email (contract storefront/order-switches.ts)
    pickUp: Boolean(d.isPickup),
    emailRequired: Boolean(extra.emailRequired),
    // spec 001 §2.2 is_otp_enabled: the phone is verified by SMS before the order (features/orders/phone-otp)
    phoneOtp: row.business.isOtpEnabled,
    // spec 001 §2.2: the tax-id and mobile-carrier fields, each by its own switch
    invoiceFields: { taxId: Boolean(d.isInvoice), carrier: Boolean(d.isCarrier) },
  };
  return {
    stored,
    shop,
    siAccountId: d.siAccountId,
    hasPrinters: settings.printers,
    hasPromotions: settings.promotions,
  };
};

/** The table numbers of the shop's table QR codes, by kind (a table link's table must be one). */
export const tablesOf = async (db: Db, accountId: number) => {
  const rows = await db
    .select({ type: tableQrcodes.qrType, table: tableQrcodes.tableNumber })
    .from(tableQrcodes)
    .where(eq(tableQrcodes.accountId, accountId));
  return tablesByKind(rows);
};

const tablesByKind = (rows: readonly { type: 'eatIn' | 'toGo'; table: string }[]) => {
  return {
    eat_in: rows.filter((r) => r.type === 'eatIn').map((r) => r.table),
    to_go: rows.filter((r) => r.type === 'toGo').map((r) => r.table),
  };
};
