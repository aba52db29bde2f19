import { z } from 'zod';
import { zId, zQueryId, zText } from '../../../common/bounds';
import { defineOperation } from '../../../common/operation';
import { isTaiwanPhone, TW_NUMBER_MESSAGES } from '../../../common/tw-numbers';
import {
  COUPON_MESSAGES,
  normalizeVoucherCode,
  VOUCHER_CODE,
  VOUCHER_CODE_INPUT_MAX,
} from '../../marketing/coupons/coupon-rules';
import { COMPUTE_MODULES } from '../../marketing/promotions/promotion-formula';
import { PROMO_MEAL_KEYS, ZMealSettingShape } from '../../marketing/promotions/promotion-model';
import { ZStoredFormulas } from '../../marketing/promotions/promotion-ops';
import { ZMealType } from '../../menus/menus/menu-model';
import { ZCarrier, ZTaxId } from '../../payments/einvoice/einvoice';
import { PAYMENT_SERVICES } from '../../payments/qrpay/qrpay';
import { normalizePhone } from '../order-summary/summary-orders';
import { ORDER_REFUSALS, STAFF_PREVIEW_TOKEN_MAX } from './messages';
import { ORDER_COMMENT_MAX, PAYMENT_METHODS, PRODUCT_NOTE_MAX } from './order-context';
import { CUSTOMER_EMAIL_MAX } from './order-switches';

/**
 * The public storefront: what a customer may order now, bookable times, order intake and the
 * availability check. No session: the customer apps call these; rate and size limits guard them.
 */
const ZParams = z.object({ accountId: zQueryId() });
const ZMealQuery = z.object({ mealType: ZMealType });

/** A running promotion as the storefront shows it: the engine's rule, so the app can preview the price. */
export const ZStorefrontPromotion = z.object({
  id: z.number().int(),
  name: zText(),
  description: zText(),
  start: zText(),
  end: zText(),
  settings: z.partialRecord(z.enum(PROMO_MEAL_KEYS), ZMealSettingShape),
  /** The configuration form's formulas and modules: the app's preview evaluates them as intake does. */
  formulas: ZStoredFormulas.nullable().optional(),
  computeModules: z.array(z.enum(COMPUTE_MODULES)).readonly().nullable().optional(),
});

export const ZStorefrontMenu = z.object({
  /** Promotions running now for this meal type; order intake prices with the same rules. */
  promotions: z.array(ZStorefrontPromotion),
  classes: z.array(
    z.object({
      id: z.number().int(),
      name: zText(),
      /** The English name ('' when the shop gave none: the app shows name). */
      nameEn: zText().optional(),
      products: z.array(
        z.object({
          id: z.number().int(),
          name: zText(),
          nameEn: zText().optional(),
          price: z.number().int(),
          soldOut: z.boolean(),
          /** The day's stock left (null = not limited): the app caps the quantity and says 只剩 N 份. */
          stockLeft: z.number().int().nullable().optional(),
          /** what the customer app shows (calories only when the shop turns is_calorie on). */
          description: zText(),
          descriptionEn: zText().optional(),
          imageUrl: zText().nullable(),
          calories: z.number().int().nullable(),
          optionGroups: z.array(
            z.object({
              id: z.number().int(),
              name: zText(),
              nameEn: zText().optional(),
              min: z.number().int(),
              max: z.number().int(),
              options: z.array(
                z.object({
                  id: z.number().int(),
                  name: zText(),
                  nameEn: zText().optional(),
                  priceDelta: z.number().int(),
                  soldOut: z.boolean(),
                }),
              ),
            }),
          ),
        }),
      ),
    }),
  ),
});
export type TStorefrontMenu = z.infer<typeof ZStorefrontMenu>;

export const getStorefrontMenuOp = defineOperation({
  method: 'GET',
  path: '/storefront/v1/shops/:accountId/menu',
  summary: 'What a customer may order now for a meal type',
  allow: 'public',
  params: ZParams,
  query: ZMealQuery,
  response: ZStorefrontMenu,
});

export const getStorefrontSlotsOp = defineOperation({
  method: 'GET',
  path: '/storefront/v1/shops/:accountId/slots',
  summary: 'Bookable times for a meal type',
  allow: 'public',
  params: ZParams,
  query: ZMealQuery,
  response: z.object({ slots: z.array(z.object({ at: zText(), local: zText() })) }),
});

const ZText = (max: number) => zText().trim().min(1).max(max);

export const ZPlaceOrderRequest = z.object({
  mealType: ZMealType,
  customer: z.object({
    name: ZText(50),
    // stored without spaces and dashes: phone search and the banned list compare it as typed digits
    // '' when the shop does not ask for one (phoneField); intake refuses '' where it is required
    phone: zText()
      .trim()
      .max(30)
      .refine((v) => v === '' || isTaiwanPhone(v), TW_NUMBER_MESSAGES.phone.zh)
      .transform(normalizePhone)
      .default(''),
    lineUserId: zText().max(64).optional(),
    /** The customer app's device id: outside LINE, whose SMS verification the phone has (contract otpHolder). */
    deviceId: zText().trim().max(64).optional(),
    /** spec 001 §2.2 is_email: checked by emailRefusal (order-switches.ts); dropped when the shop asks none. */
    email: zText().trim().max(CUSTOMER_EMAIL_MAX).optional(),
  }),
  items: z
    .array(
      z.object({
        productId: zId(),
        quantity: z.number().int().min(1).max(99),
        optionIds: z.array(zId()).max(50).default([]),
        /** The customer's note on this item; dropped when the shop hides the item note box. */
        note: zText().trim().max(PRODUCT_NOTE_MAX).optional(),
      }),
    )
    .min(1, ORDER_REFUSALS.EMPTY_ORDER.zh)
    .max(100),
  /** ISO time; null or absent = as soon as possible. */
  wantedAt: z.iso.datetime({ offset: true }).nullish(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  /** The online payment service (Qrpay tab): the order pays through it (paymentMethod online). */
  paymentService: z.enum(PAYMENT_SERVICES).nullish(),
  /** TapPay: the prime of the storefront's card form (pay-by-prime). */
  paymentPrime: zText(200).trim().optional(),
  tableNumber: zText().trim().max(20).nullish(),
  /** The customer's note for the shop; dropped when the shop hides the comment box. */
  comment: zText().trim().max(ORDER_COMMENT_MAX).nullish(),
  /**
   * A campaign voucher's code (features/marketing/coupons): priced by the promotion engine after the shop's
   * promotions and redeemed once, atomically, by this order.
   */
  voucherCode: zText(VOUCHER_CODE_INPUT_MAX)
    .transform(normalizeVoucherCode)
    .refine((c) => c === '' || VOUCHER_CODE.test(c), COUPON_MESSAGES.voucherUnknown.zh)
    .optional(),
  /** The customer asks for a paper receipt (is_receipt); ignored when the shop offers none. */
  receipt: z.boolean().optional(),
  /** Self pick-up (spec 000 §3 isPickup) of a to-go order; refused when the shop does not offer it. */
  pickUp: z.boolean().optional(),
  /**
   * The token of a staff preview link (docs/decisions/orders.md "Go-live status and test orders"): the order is a
   * staff test order (is_test). A token that is not valid for this shop is refused (403), never ignored.
   */
  staffPreview: zText(STAFF_PREVIEW_TOKEN_MAX).optional(),
  /** The buyer's tax id (統一編號) or mobile barcode carrier for the e-invoice. */
  invoice: z.object({ buyerTaxId: ZTaxId.optional(), carrier: ZCarrier.optional() }).nullish(),
  /**
   * A delivery's address, and its point when the storefront has one (a map pin). Without a point the server
   * geocodes the address.
   */
  delivery: z
    .object({
      address: ZText(200),
      lat: z.number().min(-90).max(90).optional(),
      lng: z.number().min(-180).max(180).optional(),
    })
    .refine((d) => (d.lat === undefined) === (d.lng === undefined), {
      message: '請同時提供經緯度',
      path: ['lat'],
    })
    .nullish(),
});
export type TPlaceOrderRequest = z.input<typeof ZPlaceOrderRequest>;

export const ZPlacedOrder = z.object({
  order: z.object({
    id: z.number().int(),
    serial: z.number().int(),
    status: zText(),
    /** NT$ of the delivery rule the address fell in; included in total. */
    deliveryFee: z.number().int(),
    subtotal: z.number().int(),
    /** NT$ taken off by promotions; total = subtotal - discount + deliveryFee. */
    discount: z.number().int(),
    promotions: z.array(
      z.object({ promotionId: z.number().int().nullable(), name: zText(), discount: z.number().int() }),
    ),
    total: z.number().int(),
    items: z.array(
      z.object({
        productId: z.number().int(),
        name: zText(),
        unitPrice: z.number().int(),
        quantity: z.number().int(),
        optionIds: z.array(z.number().int()),
        lineTotal: z.number().int(),
      }),
    ),
  }),
});
export type TPlacedOrder = z.infer<typeof ZPlacedOrder>;
/** The intake answer with the order's unguessable link token (the customer app's order page). */
export const ZPlacedOrderWithLink = ZPlacedOrder.extend({ orderToken: zText() });

export const IDEMPOTENCY_HEADER = 'idempotency-key';

export const placeOrderOp = defineOperation({
  method: 'POST',
  path: '/storefront/v1/shops/:accountId/orders',
  summary: 'Place an order (Idempotency-Key header: a retry returns the same order)',
  allow: 'public',
  params: ZParams,
  body: ZPlaceOrderRequest,
  response: ZPlacedOrderWithLink,
  status: 201,
});

export const ZAvailabilityQuery = z.object({
  mealType: ZMealType,
  at: z.iso.datetime({ offset: true }).optional(),
  lat: z.coerce.number().min(-90).max(90).optional(),
  lng: z.coerce.number().min(-180).max(180).optional(),
  /** A delivery address to geocode when no lat/lng is given. */
  address: zText().trim().max(200).optional(),
  productId: zQueryId().optional(),
});

const ZAvailability = z.object({
  ok: z.boolean(),
  blocking: z.object({ code: z.string(), message: z.string(), messageEn: z.string() }).nullable(),
  nextAcceptedAt: z.string().nullable(),
  /** The delivery rule the point fell in: its charge and extra minutes. */
  delivery: z
    .object({
      ruleName: z.string(),
      charge: z.number().int(),
      extraMinutes: z.number().int(),
      distanceMeters: z.number().nullable(),
    })
    .nullable()
    .optional(),
});
export type TAvailability = z.infer<typeof ZAvailability>;

export const getAvailabilityOp = defineOperation({
  method: 'GET',
  path: '/storefront/v1/shops/:accountId/availability',
  summary: 'The first rule that would block an order, and the next accepted time',
  allow: 'public',
  params: ZParams,
  query: ZAvailabilityQuery,
  response: ZAvailability,
});

/**
 * The same question with a cart and a payment method: the cart is priced and checked exactly as
 * order intake would (minimums, payment mode, options, stock), without placing anything. The items and the
 * payment method are optional; without a cart the minimums are not checked, as in the GET.
 */
export const ZAvailabilityCheck = z.object({
  mealType: ZMealType,
  at: z.iso.datetime({ offset: true }).nullish(),
  paymentMethod: z.enum(PAYMENT_METHODS).optional(),
  paymentService: z.enum(PAYMENT_SERVICES).nullish(),
  items: ZPlaceOrderRequest.shape.items.optional(),
  point: z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }).nullish(),
  /** A delivery address to geocode when no point is given. */
  address: zText().trim().max(200).optional(),
  /** A staff preview link's token: answered as for a staff test order (the go-live check passes). */
  staffPreview: zText(STAFF_PREVIEW_TOKEN_MAX).optional(),
});
export type TAvailabilityCheck = z.input<typeof ZAvailabilityCheck>;

export const checkAvailabilityOp = defineOperation({
  method: 'POST',
  path: '/storefront/v1/shops/:accountId/availability',
  summary:
    'Would order intake take this cart? The first refusal and the next accepted time (nothing is placed)',
  allow: 'public',
  params: ZParams,
  body: ZAvailabilityCheck,
  response: ZAvailability,
  status: 200,
});
