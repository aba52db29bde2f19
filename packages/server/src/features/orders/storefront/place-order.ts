import {
  commentShown,
  deliveryFeeOf,
  emailRefusal,
  haversineKm,
  keptInvoice,
  msg,
  OTP_MESSAGES,
  otpHolder,
  otpPhoneField,
  pickUpRefusal,
  productNoteShown,
  quoteOrder,
  refusal,
  serialDayStart,
  type TOrderRefusal,
  type TPlacedOrder,
  type ZPlaceOrderRequest,
} from '@shopdesk/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { inTx } from '../../../db/transaction';
import { ApiError } from '../../../http/errors';
import { recordRedemption, takeVoucher } from '../../marketing/coupons/redeem';
import {
  checkUsesTaken,
  pricePromotions,
  promotionRowsOf,
  promotionWritesSql,
  promotionWritesValues,
  runningPromotionsFold,
} from '../../marketing/promotions/order-pricing';
import { takeStock } from '../../menus/menus/stock';
import { requestPayment } from '../../payments/qrpay/payment-jobs';
import { recordOrderEventPrepared, runOrderReactions } from '../order-flow/order-events';
import { isPhoneVerified } from '../phone-otp/otp-service';
import { checkIntake } from './intake-check';
import {
  findByKey,
  loadPlacedOrder,
  type NewOrderRow,
  newOrderColumns,
  newOrderCtes,
  newOrderValues,
  orderIdSql,
  presentOrder,
} from './order-store';
import { loadOrderShop, type OrderShop } from './shop-context';
import { slotCountsOf, slotsToCount } from './slot-counts';

type Body = z.output<typeof ZPlaceOrderRequest>;
/** The order as intake checks it: a delivery always has its point (geocoded before, locate-delivery.ts). */
export type LocatedBody = Omit<Body, 'delivery' | 'items'> & {
  /** 團購 (group-cart.ts): each item of a group order carries its participant's name. */
  items: (Body['items'][number] & { participant?: string })[];
  delivery?: { address: string; lat: number; lng: number; routeMeters?: number | null } | null;
};

export const IDEMPOTENCY_MESSAGES = {
  required: msg('缺少 Idempotency-Key 標頭', 'The Idempotency-Key header is required'),
};

/** A refusal as the API answers it: 409, the rule's code and its message. */
export const refused = (r: TOrderRefusal, status = 409) => new ApiError(status, r.code, r.message);

/**
 * Order intake, one transaction: lock the shop (concurrent orders of one shop queue here, so
 * the order-limit count and the idempotency check see every earlier order), answer a retried key with its
 * order, price the items from the menu, re-check every rule, take stock (never below zero), take the next
 * serial and insert. Manual-acceptance shops (accounts.is_manual) get the order as 'new'; others accept it.
 */
export const placeOrder = async (
  db: Db,
  accountId: number,
  body: LocatedBody,
  key: string,
  now: Date = new Date(),
  /** The origin the customer ordered from (LINE Pay sends the customer back there). */
  returnBase?: string,
  /** A staff test order (the caller's staff preview link was checked, staff-preview.ts). */
  test = false,
): Promise<{
  created: boolean;
  result: TPlacedOrder;
  /** When the order was made (its link's validity counts from it): no read after commit. */
  createdAt: Date;
  /** Whether the shop has printers (read with the shop): none, the accepted order is not printed. */
  hasPrinters: boolean;
}> =>
  // a deadlocked attempt runs again (db/transaction.ts); the idempotency key is checked in each attempt
  inTx(db, async (t) => {
    // the delivery rules are read for a delivery only (the cache holds them 5 s, logistics-store.ts)
    const o = await loadOrderShop(t, accountId, { lock: true, deliveryRules: body.mealType === 'delivery' });
    const { hasPrinters } = o;
    // the phone as the shop asks for it (a hidden field takes none; delivery always needs one; SMS
    // verification always asks for one)
    const phoneAsked = otpPhoneField(o.shop.phone, body.mealType, o.shop.phoneOtp);
    const phone = phoneAsked === 'hidden' ? '' : body.customer.phone;
    const wantedAt = body.wantedAt ? new Date(body.wantedAt) : null;
    // after the lock (every earlier order of the shop is visible), one read: the key's order, the banned
    // list, the order-limit counts of the wanted time's slots and the ordered products
    const { earlier, banned, counts, products } = await findByKey(t, {
      accountId,
      key,
      phone,
      lineUserId: body.customer.lineUserId ?? null,
      mealType: body.mealType,
      slots: slotsToCount(o, body.mealType, wantedAt ?? now),
      productIds: body.items.map((i) => i.productId),
    });
    if (earlier)
      return {
        created: false,
        result: await loadPlacedOrder(t, earlier),
        createdAt: earlier.createdAt,
        hasPrinters,
      };
    if (phoneAsked === 'required' && !phone) throw refused(refusal('PHONE_REQUIRED'), 422);
    // spec 001 §2.2 is_otp_enabled: the phone must be verified by SMS for this LINE user / device first
    if (o.shop.phoneOtp && !(await isPhoneVerified(t, phone, otpHolder(body.customer))))
      throw new ApiError(422, 'PHONE_NOT_VERIFIED', OTP_MESSAGES.notVerified, 'customer.phone');
    // spec 000 §3 isPickup, spec 001 §2.2 is_email: the contract's rules (storefront/order-switches.ts)
    const switchRefusal =
      pickUpRefusal(o.shop, body.mealType, body.pickUp) ?? emailRefusal(o.shop, body.customer.email);
    if (switchRefusal) throw refused(switchRefusal, 422);
    // an e-mail is kept (and mailed) only when the shop asks for it
    const email = o.shop.emailRequired ? (body.customer.email ?? '').trim() : null;
    if (banned) throw refused(refusal('CUSTOMER_BLOCKED'), 403);

    // the very checks the availability panel runs (intake-check.ts)
    const checked = await checkIntake(
      t,
      o,
      {
        mealType: body.mealType,
        wantedAt,
        paymentMethod: body.paymentMethod,
        paymentService: body.paymentService ?? null,
        tableNumber: body.tableNumber ?? null,
        cart: body.items,
        delivery: body.delivery ?? null,
        requireAddress: true,
        test,
        slotCounts: slotCountsOf(counts),
        products,
      },
      now,
    );
    if (!checked.ok) throw refused(checked.refusal, checked.status);
    const { ctx, quantities: qty } = checked;
    const priced = { order: checked.priced! };
    // the delivery rule the address fell in prices the delivery
    const quote = quoteOrder(ctx);
    // deliveryAmtTh is the free-delivery amount when logistics is on (spec 000 §3)
    const deliveryFee = deliveryFeeOf(ctx, quote);

    // a shop with enabled promotions: their locked read rides in the stock statement (after the UPDATE,
    // keeping the lock order), for a one-product order (docs/decisions/orders.md "Intake statements: the cuts")
    const stock = await takeStock(
      t,
      [...qty].map(([productId, n]) => ({ productId, qty: n })),
      { accountId, fold: o.hasPromotions ? runningPromotionsFold(accountId, now) : undefined },
    );
    if (!stock.ok) throw refused(refusal('SOLD_OUT', stock.productId));

    // the one discount engine prices every order; uses are taken here, atomically
    const { pricing, uses } = await pricePromotions(
      t,
      accountId,
      {
        mealType: body.mealType,
        items: priced.order.items,
        phone,
        lineUserId: body.customer.lineUserId ?? null,
      },
      now,
      {
        noneEnabled: !o.hasPromotions,
        rows: stock.folded === undefined ? undefined : promotionRowsOf(stock.folded),
      },
    );
    // a campaign voucher prices what the promotions left, and its use is taken here, atomically
    const voucher = body.voucherCode
      ? await takeVoucher(t, accountId, body.voucherCode, priced.order.items, pricing.total, now)
      : null;
    const voucherOff = voucher?.discount ?? 0;
    const manual = o.stored.data.isManual;
    const status = manual ? 'new' : 'accepted';
    const discount = pricing.discount + voucherOff;
    // promotions price the items; the delivery fee is added after them (docs/decisions/customer-app.md)
    const total = pricing.total - voucherOff + deliveryFee;
    // only the e-invoice fields the shop asks for (is_invoice, is_carrier) are kept
    const invoice = keptInvoice(o.shop.invoiceFields, body.invoice);
    const notes = productNoteShown(o.shop.productNoteHidden) ? body.items.map((i) => i.note) : [];
    // one statement (docs/decisions/orders.md "Order intake CPU"): the serial, the order, its items, the
    // promotions' uses and rows, then the feed event, last: the feed's per-shop lock is held until commit
    // (features/orders/order-flow/order-events.ts)
    const event = {
      accountId,
      orderId: null as number | null,
      kind: 'created' as const,
      status,
      data: {
        mealType: body.mealType,
        total,
        discount,
        autoAccepted: !manual,
        ...(test ? { test: true } : {}),
        // the order mails' reaction (order-mails.ts) reads this instead of the order row: one round trip less
        ...(email ? { email: true } : {}),
      } as Record<string, unknown>,
      actor: 'customer',
    };
    // built once and run by name (docs/decisions/orders.md "Intake CPU: The order statement built once")
    const recorded = await recordOrderEventPrepared<NewOrderRow & { uses: number }>(t, event, {
      name: 'new_order',
      build: () => ({
        ctes: newOrderCtes(promotionWritesSql(orderIdSql)),
        orderId: orderIdSql,
        // the serial is known in the statement only
        data: sql`jsonb_build_object('serial', (select serial from s))`,
        columns: sql`${newOrderColumns}, (select count(*) from uses)::int as uses`,
      }),
      values: {
        ...promotionWritesValues({ accountId, phone }, pricing, uses),
        ...newOrderValues({
          // the day's serial restarts at order_start_number at each reset_time (shop's clock)
          serial: {
            accountId,
            startNumber: Number(o.stored.data.orderStartNumber ?? 1),
            day: serialDayStart(now, o.stored.data.resetTime, o.shop.timeZone),
          },
          order: {
            accountId,
            siAccountId: o.siAccountId,
            status,
            mealType: body.mealType,
            paymentMethod: body.paymentMethod,
            customerName: body.customer.name,
            customerPhone: phone,
            lineUserId: body.customer.lineUserId ?? null,
            tableNumber: body.tableNumber ?? null,
            // a hidden comment box takes no note (an API caller's is dropped)
            comment: commentShown(o.shop.commentHidden, body.mealType) ? body.comment || null : null,
            receiptRequested: Boolean(o.shop.receipt && body.receipt),
            pickUp: Boolean(body.pickUp),
            customerEmail: email,
            buyerTaxId: invoice?.buyerTaxId ?? null,
            carrier: invoice?.carrier ?? null,
            wantedAt,
            deliveryAddress: body.delivery?.address ?? null,
            deliveryLat: body.delivery ? String(body.delivery.lat) : null,
            deliveryLng: body.delivery ? String(body.delivery.lng) : null,
            deliveryDistance:
              quote?.distanceMeters !== null && quote?.distanceMeters !== undefined
                ? (quote.distanceMeters / 1000).toFixed(3)
                : distanceOf(o, body),
            subtotal: priced.order.subtotal,
            deliveryFee,
            discount,
            voucherCode: voucher?.code ?? null,
            total,
            itemCount: priced.order.itemCount,
            idempotencyKey: key,
            isTest: test,
            createdAt: now,
            acceptedAt: manual ? null : now,
          },
          items: priced.order.items,
          notes,
          participants: body.items.map((i) => i.participant),
        }),
      },
    });
    const { row } = recorded;
    const orderId = Number(row.order_id);
    const serial = Number(row.serial);
    // fewer uses taken than applied: 409, and the whole transaction (the order with it) is rolled back
    checkUsesTaken(Number(row.uses), pricing);
    const applied: { promotionId: number | null; name: string; discount: number }[] = pricing.applied.map(
      (a) => ({
        promotionId: a.promotionId,
        name: a.name,
        discount: a.discount,
      }),
    );
    if (voucher) applied.push(await recordRedemption(t, { id: orderId, accountId, phone }, voucher));
    // the reactions see the event as before: its order id and serial; and the order as written, so they
    // need not read it back (order-events.ts OrderEventInput.order)
    await runOrderReactions(
      t,
      {
        ...event,
        orderId,
        data: { ...event.data, serial },
        order: {
          serial,
          status,
          mealType: body.mealType,
          total,
          isTest: test,
          paymentMethod: body.paymentMethod,
          buyerTaxId: invoice?.buyerTaxId ?? null,
          carrier: invoice?.carrier ?? null,
          items: priced.order.items,
        },
      },
      recorded,
    );
    // an order paying through a payment service gets its payment request (outbox, qrpay/payment-jobs)
    if (body.paymentService)
      await requestPayment(t, {
        accountId,
        orderId,
        service: body.paymentService,
        amount: total,
        prime: body.paymentPrime,
        returnBase,
      });
    return {
      created: true,
      result: presentOrder(
        { id: orderId, serial, status, deliveryFee, subtotal: priced.order.subtotal, discount, total },
        priced.order.items,
        applied,
      ),
      createdAt: now,
      hasPrinters,
    };
  });

const distanceOf = (o: OrderShop, body: LocatedBody) => {
  const { lat, lng } = o.shop;
  if (!body.delivery || lat === null || lng === null) return null;
  return haversineKm({ lat, lng }, body.delivery).toFixed(3);
};
