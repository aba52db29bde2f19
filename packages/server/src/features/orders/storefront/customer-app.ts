import {
  APP_PAYMENT_SERVICES,
  CUSTOMER_APP_MESSAGES,
  DRIVER_SHOWN_LOGISTICS,
  generateSlots,
  inServicePeriod,
  isOpenAt,
  localTime,
  NOTICE_KEYS,
  periodsForMealType,
  servicePeriodsOf,
  type TCustomerOrder,
  type TLogisticsStatus,
  type TMealType,
  type TStorefrontShop,
} from '@shopdesk/contract';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { PaymentGateway } from '../../../adapters/payment';
import type { Db } from '../../../db/client';
import {
  businesses,
  deliveries,
  lineChannels,
  orderItems,
  orderPayments,
  orders,
  paymentServices,
} from '../../../db/schema';
import { notFound } from '../../../http/errors';
import { signLink, verifyLink } from '../../../lib/signed-link';
import { paymentServicesOn } from '../../payments/qrpay/payment-jobs';
import { shopGtmId } from '../../platform/admin-tools/tag-manager';
import { getOpeningHours } from '../../shops/shop-time/opening-service';
import { loadOrderShop } from './shop-context';

/**
 * The customer app's order links: an HMAC-signed token naming the shop and the order, the
 * way the board's pickup-display link is signed (lib/signed-link.ts), under a purpose of its own. It is
 * deterministic (a retried order answers the same link) and lasts a year from the order.
 */
const ORDER_LINK_PURPOSE = 'storefront-order';
const ORDER_LINK_DAYS = 366;

export const orderToken = (secret: string, accountId: number, orderId: number, createdAt: Date) =>
  signLink(
    secret,
    ORDER_LINK_PURPOSE,
    { a: accountId, o: orderId },
    new Date(createdAt.getTime() + ORDER_LINK_DAYS * 86_400_000),
  );

/** The order a token names, or null for anything forged, tampered, expired or of another purpose. */
export const orderOfToken = (
  secret: string,
  token: string,
): { accountId: number; orderId: number } | null => {
  const p = verifyLink(secret, ORDER_LINK_PURPOSE, token);
  const accountId = Number(p?.a);
  const orderId = Number(p?.o);
  if (!p || !Number.isSafeInteger(accountId) || !Number.isSafeInteger(orderId)) return null;
  return { accountId, orderId };
};

export const tokenOfOrder = async (db: Db, secret: string, orderId: number) => {
  const [row] = await db
    .select({ accountId: orders.accountId, createdAt: orders.createdAt })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!row) throw notFound();
  return orderToken(secret, row.accountId, orderId, row.createdAt);
};

/** A failed payment's answer as the service wrote it ("<code> <text>", payment-jobs.ts). */
const failureOf = (answer: string | null) => {
  const m = /^(\S+)\s*(.*)$/.exec(answer ?? '');
  return m ? { code: m[1]!, text: m[2]! } : null;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The courier of the order's newest delivery as the customer sees it: name and phone only (never
 * the vendor's ids or plate), only while the courier is on the way (DRIVER_SHOWN_LOGISTICS) and only once
 * the vendor gave them (features/delivery/delivery/webhook.ts).
 */
const courierDriver = async (db: Db, orderId: number, logisticsStatus: TLogisticsStatus | null) => {
  if (!logisticsStatus || !DRIVER_SHOWN_LOGISTICS.includes(logisticsStatus)) return null;
  const [d] = await db
    .select({ driver: deliveries.driver })
    .from(deliveries)
    .where(eq(deliveries.orderId, orderId))
    .orderBy(desc(deliveries.id))
    .limit(1);
  const name = d?.driver?.name;
  const phone = d?.driver?.phone;
  return typeof name === 'string' && name && typeof phone === 'string' ? { name, phone } : null;
};

/**
 * One order as its customer sees it: never the customer's phone number, never another order;
 * the courier's progress and, while on the way, the courier's name and phone.
 */
export const customerOrder = async (db: Db, secret: string, token: string): Promise<TCustomerOrder> => {
  const ref = orderOfToken(secret, token);
  if (!ref) throw notFound(CUSTOMER_APP_MESSAGES.orderNotFound);
  const [row] = await db
    .select({ o: orders, shopName: businesses.name })
    .from(orders)
    .innerJoin(businesses, eq(businesses.id, orders.accountId))
    .where(and(eq(orders.id, ref.orderId), eq(orders.accountId, ref.accountId)));
  if (!row) throw notFound(CUSTOMER_APP_MESSAGES.orderNotFound);
  const o = row.o;
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, o.id))
    .orderBy(asc(orderItems.id));
  const [pay] = await db
    .select({
      service: orderPayments.service,
      status: orderPayments.status,
      paymentUrl: orderPayments.paymentUrl,
      answer: orderPayments.answer,
    })
    .from(orderPayments)
    .where(eq(orderPayments.orderId, o.id));
  return {
    token,
    accountId: o.accountId,
    shopName: row.shopName,
    serial: o.serial,
    isTest: o.isTest,
    status: o.status,
    statusReason: o.statusReason,
    logisticsStatus: o.logisticsStatus as TLogisticsStatus | null,
    driver: await courierDriver(db, o.id, o.logisticsStatus as TLogisticsStatus | null),
    mealType: o.mealType,
    paymentMethod: o.paymentMethod,
    // the approval page only while the payment awaits the customer
    payment: pay
      ? {
          service: pay.service,
          status: pay.status,
          paymentUrl: pay.status === 'requested' ? pay.paymentUrl : null,
          failure: pay.status === 'failed' ? failureOf(pay.answer) : null,
        }
      : null,
    tableNumber: o.tableNumber,
    comment: o.comment,
    receipt: o.receiptRequested,
    pickUp: o.pickUp,
    customerName: o.customerName,
    wantedAt: iso(o.wantedAt),
    deliveryAddress: o.deliveryAddress,
    createdAt: o.createdAt.toISOString(),
    acceptedAt: iso(o.acceptedAt),
    completedAt: iso(o.completedAt),
    subtotal: o.subtotal,
    discount: o.discount,
    deliveryFee: o.deliveryFee,
    total: o.total,
    items: items.map((i) => ({
      productId: i.productId,
      optionIds: i.options.map((x) => x.id),
      name: i.names.zh,
      options: i.options.map((x) => x.names.zh),
      unitPrice: i.unitPrice,
      quantity: i.quantity,
      lineTotal: i.lineTotal,
      note: i.note,
      participant: i.participant,
    })),
  };
};

/** TapPay's card form of a shop: its public app id and key (Qrpay tab) with the server's SDK and type. */
const tappayCardForm = async (
  db: Db,
  accountId: number,
  cardForm: NonNullable<PaymentGateway['cardForm']>,
) => {
  const [s] = await db
    .select({ fields: paymentServices.fields })
    .from(paymentServices)
    .where(and(eq(paymentServices.accountId, accountId), eq(paymentServices.service, 'tappay')));
  const f = (s?.fields ?? {}) as { tappayAppId?: string; tappayAppKey?: string };
  if (!f.tappayAppId || !f.tappayAppKey) return null;
  return { appId: Number(f.tappayAppId), appKey: f.tappayAppKey, ...cardForm };
};

/** The shop's public face and the switches that shape the order form (docs/decisions/customer-app.md). */
export const storefrontShop = async (
  db: Db,
  accountId: number,
  cardForm: PaymentGateway['cardForm'],
): Promise<TStorefrontShop> => {
  const o = await loadOrderShop(db, accountId);
  const services = (await paymentServicesOn(db, accountId)).filter(
    (x): x is (typeof APP_PAYMENT_SERVICES)[number] =>
      (APP_PAYMENT_SERVICES as readonly string[]).includes(x) && (x !== 'tappay' || cardForm !== null),
  );
  const tappay =
    services.includes('tappay') && cardForm ? await tappayCardForm(db, accountId, cardForm) : null;
  const d = o.stored.data;
  const [b] = await db
    .select({
      notices: businesses.notices,
      defaultMealType: businesses.defaultMealType,
      largeOrderAmount: businesses.largeOrderAmount,
      largeOrderQty: businesses.largeOrderQty,
    })
    .from(businesses)
    .where(eq(businesses.id, accountId));
  const [line] = await db
    .select({
      menu: lineChannels.menuLiffId,
      eatIn: lineChannels.eatInLiffId,
      order: lineChannels.orderLiffId,
      pickUp: lineChannels.pickUpLiffId,
    })
    .from(lineChannels)
    .where(eq(lineChannels.accountId, accountId));
  const hours = await getOpeningHours(db, accountId);
  const now = new Date();
  // opening hours, days off and the service periods (spec 000 §3 timeObjSectors), as intake reads them
  const serving = inServicePeriod(
    servicePeriodsOf(o.shop.servicePeriods),
    localTime(now, o.shop.timeZone).minute,
  );
  const openFor = (m: TMealType) =>
    serving &&
    isOpenAt(
      periodsForMealType(hours.general, hours.togo, hours.delivery, m),
      o.shop.specialDays,
      now,
      o.shop.timeZone,
    );
  const notices: Record<string, string> = {};
  for (const k of NOTICE_KEYS) {
    const text = b?.notices?.[k];
    if (text) notices[k] = text;
  }
  return {
    id: accountId,
    name: d.businessName,
    phone: d.businessPhone,
    address: d.businessAddress,
    content: d.content,
    storeInfo: d.storeInfo,
    online: o.shop.online,
    systemClosed: Boolean(o.shop.systemClosed),
    live: o.shop.live !== false,
    webVersion: d.version,
    paymentServices: tappay ? services : services.filter((x) => x !== 'tappay'),
    tappay,
    tables: { eat_in: [...(o.shop.tables?.eat_in ?? [])], to_go: [...(o.shop.tables?.to_go ?? [])] },
    mealTypes: o.shop.mealTypes,
    defaultMealType: b?.defaultMealType ?? 'to_go',
    reservationDays: o.shop.reservationDays,
    hours: { general: hours.general, togo: hours.togo, delivery: hours.delivery },
    openNow: { eat_in: openFor('eat_in'), to_go: openFor('to_go'), delivery: openFor('delivery') },
    // order limits aside (a full slot is the checkout's to say): is any time in the window at all
    bookable: {
      eat_in: generateSlots(o.shop, 'eat_in', now).length > 0,
      to_go: generateSlots(o.shop, 'to_go', now).length > 0,
      delivery: generateSlots(o.shop, 'delivery', now).length > 0,
    },
    notices,
    form: {
      phoneRequired: d.isPhoneRequired,
      hidePhone: d.isNotPhone,
      hideProductNote: Boolean(o.shop.productNoteHidden),
      bufferMinutes: Number(d.bufferTime ?? 0),
      invoice: d.isInvoice,
      carrier: d.isCarrier,
      receipt: d.isReceipt,
      pickUp: Boolean(o.shop.pickUp),
      email: Boolean(o.shop.emailRequired),
      otp: Boolean(o.shop.phoneOtp),
      rebuild: d.isRebuild,
      groupbuy: d.isGroupbuy,
      calorie: d.isCalorie,
      singleColumn: d.isNewStyle,
      hideOrderComment: d.isNotCommentOfOrderDisplay,
      hideDeliveryComment: d.isNotCommentOfDeliveryDisplay,
      hideDeliveryThreshold: d.isNotThOfDeliveryDisplay,
      deliveryAmountMin: o.shop.deliveryAmountMin,
      freeDeliveryFrom: o.shop.freeDeliveryFrom ?? null,
      deliveryQtyMin: o.shop.deliveryQtyMin,
      largeOrderAmount: b?.largeOrderAmount ?? 99999,
      largeOrderQty: b?.largeOrderQty ?? 999,
    },
    liff: {
      menu: line?.menu ?? '',
      eatIn: line?.eatIn ?? '',
      order: line?.order ?? '',
      pickUp: line?.pickUp ?? '',
    },
    lineAddFriendUrl: d.lineAddFriendUrl,
    gtmId: await shopGtmId(db, accountId),
  };
};
