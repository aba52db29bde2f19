import { z } from 'zod';
import { zId, zQueryId, zText } from '../../../common/bounds';
import { msg } from '../../../common/errors';
import { defineOperation } from '../../../common/operation';
import { ZMealType } from '../../menus/menus/menu-model';
import { GROUP_CART } from './group-cart-limits';
import { PRODUCT_NOTE_MAX } from './order-context';
import { ZPlacedOrderWithLink, ZPlaceOrderRequest } from './storefront-ops';

/**
 * 團購 (is_groupbuy, docs/decisions/customer-app.md "Group orders"): one customer opens a shared cart, the
 * others add their items under their names, the opener checks out once through order intake. No session:
 * the cart's unguessable token is the link; each browser proves who it is with its own participant key
 * (GROUP_KEY_HEADER), kept on the phone, so a participant changes only their own items.
 */
export { GROUP_CART, GROUP_KEY_HEADER } from './group-cart-limits';

/** 16–64 characters of a random id (crypto.randomUUID in the app). */
export const ZGroupKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,64}$/);

export const GROUP_CART_TOKEN_MAX = 64;
const ZTokenParams = z.object({ token: zText().min(1).max(GROUP_CART_TOKEN_MAX) });

export const ZGroupCartStatus = z.enum(['open', 'checked_out', 'cancelled']);
export type TGroupCartStatus = z.infer<typeof ZGroupCartStatus>;

const ZName = zText().trim().min(1).max(GROUP_CART.nameMax);

export const ZGroupCart = z.object({
  token: zText(),
  accountId: z.number().int(),
  mealType: ZMealType,
  status: ZGroupCartStatus,
  /** true once expiresAt has passed while still open: nothing more is added and it cannot be checked out. */
  expired: z.boolean(),
  expiresAt: zText(),
  openerName: zText(),
  /** The caller's key is the opener's: it may check out and cancel. */
  isOpener: z.boolean(),
  /** The order it became (its number for everyone; its link only for the opener). */
  order: z.object({ serial: z.number().int(), token: zText().nullable() }).nullable(),
  lines: z.array(
    z.object({
      id: z.number().int(),
      participant: zText(),
      productId: z.number().int(),
      optionIds: z.array(z.number().int()),
      quantity: z.number().int(),
      note: zText().nullable(),
      /** Added with the caller's key: the caller may remove it. */
      mine: z.boolean(),
    }),
  ),
});
export type TGroupCart = z.infer<typeof ZGroupCart>;

export const openGroupCartOp = defineOperation({
  method: 'POST',
  path: '/storefront/v1/shops/:accountId/group-carts',
  summary: '團購: open a shared cart (x-group-key: the opener’s key); refused when the shop has it off',
  allow: 'public',
  params: z.object({ accountId: zQueryId() }),
  body: z.object({
    mealType: ZMealType,
    name: ZName,
    lineUserId: zText().max(64).optional(),
  }),
  response: z.object({ cart: ZGroupCart }),
  status: 201,
});

export const getGroupCartOp = defineOperation({
  method: 'GET',
  path: '/storefront/v1/group-carts/:token',
  summary: '團購: the shared cart by its link, lines by name (x-group-key marks the caller’s own)',
  allow: 'public',
  params: ZTokenParams,
  response: z.object({ cart: ZGroupCart }),
});

export const addGroupLineOp = defineOperation({
  method: 'POST',
  path: '/storefront/v1/group-carts/:token/lines',
  summary: '團購: add an item under the participant’s name (x-group-key)',
  allow: 'public',
  params: ZTokenParams,
  body: z.object({
    name: ZName,
    productId: zId(),
    quantity: z.number().int().min(1).max(99),
    optionIds: z.array(zId()).max(50).default([]),
    note: zText().trim().max(PRODUCT_NOTE_MAX).optional(),
  }),
  response: z.object({ cart: ZGroupCart }),
  status: 201,
});

export const removeGroupLineOp = defineOperation({
  method: 'DELETE',
  path: '/storefront/v1/group-carts/:token/lines/:lineId',
  summary: '團購: remove one of the caller’s own items (x-group-key)',
  allow: 'public',
  params: ZTokenParams.extend({ lineId: zQueryId() }),
  response: z.object({ cart: ZGroupCart }),
});

/** The order's fields as at intake, without items: the items are the group cart's lines. */
export const ZGroupCheckout = ZPlaceOrderRequest.omit({ items: true });
export type TGroupCheckout = z.input<typeof ZGroupCheckout>;

export const checkoutGroupCartOp = defineOperation({
  method: 'POST',
  path: '/storefront/v1/group-carts/:token/checkout',
  summary: '團購: the opener places the one order (Idempotency-Key, x-group-key); once only',
  allow: 'public',
  params: ZTokenParams,
  body: ZGroupCheckout,
  response: ZPlacedOrderWithLink,
  status: 201,
});

export const cancelGroupCartOp = defineOperation({
  method: 'POST',
  path: '/storefront/v1/group-carts/:token/cancel',
  summary: '團購: the opener cancels the shared cart (x-group-key)',
  allow: 'public',
  params: ZTokenParams,
  response: z.object({ cart: ZGroupCart }),
});

export const GROUP_CART_MESSAGES = {
  off: msg('本店未開放團購', 'This shop does not take group orders'),
  notFound: msg('找不到此團購，請確認連結是否完整', 'Group order not found: please check the link'),
  keyRequired: msg('缺少團購識別碼，請重新開啟連結', 'The group key is missing: please open the link again'),
  checkedOut: msg('此團購已結帳，無法再變更', 'This group order has been checked out: it cannot change'),
  cancelled: msg('此團購已取消', 'This group order was cancelled'),
  expired: msg('此團購已逾時', 'This group order has expired'),
  full: msg('團購品項已達上限', 'This group order is full'),
  notOpener: msg('只有開團者可以結帳或取消', 'Only the person who started the group order can do this'),
  notYours: msg('只能移除自己點的品項', 'You can only remove your own items'),
  lineNotFound: msg('找不到此品項', 'Item not found'),
  empty: msg('團購還沒有任何品項', 'Nobody has added anything yet'),
} as const;

/** Why a group cart takes no change now (add, remove, checkout), or null while it is open. */
export const groupCartClosed = (
  cart: { status: TGroupCartStatus; expiresAt: Date },
  now: Date,
): keyof typeof GROUP_CART_MESSAGES | null => {
  if (cart.status === 'checked_out') return 'checkedOut';
  if (cart.status === 'cancelled') return 'cancelled';
  if (cart.expiresAt.getTime() <= now.getTime()) return 'expired';
  return null;
};
