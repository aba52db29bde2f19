import { msg, type TMessage } from '../../../common/errors';
import type { TMealType } from '../../menus/menus/menu-model';
import { MEAL_TYPE_LABELS } from '../orders/order-status';
import { refusal, type TOrderRefusal } from './messages';
import type { TOrderShop } from './order-context';

/**
 * Self pick-up (自取; spec 000 §3 isPickup, spec 001 §2.2 is_pick_up): a to-go order the customer collects
 * by themselves at the shop's pick-up point (the pick-up-cup rich menu's 自取 area opens the app for it).
 * Offered only for to-go, and only when the shop turns the switch on. The checkout offers the choice by
 * this function, and order intake refuses a pick-up the shop does not offer (docs/decisions).
 */
export const pickUpOffered = (shop: Pick<TOrderShop, 'pickUp'>, mealType: TMealType): boolean =>
  Boolean(shop.pickUp) && mealType === 'to_go';

export const pickUpRefusal = (
  shop: Pick<TOrderShop, 'pickUp'>,
  mealType: TMealType,
  pickUp: boolean | undefined,
): TOrderRefusal | null => (pickUp && !pickUpOffered(shop, mealType) ? refusal('PICK_UP_OFF') : null);

/** The longest e-mail address an order keeps (RFC 5321 path limit). */
export const CUSTOMER_EMAIL_MAX = 254;

// the WHATWG form's e-mail shape (what <input type="email"> accepts), with a dot in the domain
const EMAIL_RE =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export const isCustomerEmail = (v: string): boolean => v.length <= CUSTOMER_EMAIL_MAX && EMAIL_RE.test(v);

/**
 * The customer's e-mail (spec 001 §2.2 is_email "email required"): asked only when the shop turns it on,
 * and then required and well-formed. Null when the order may pass; the checkout runs the same function.
 */
export const emailRefusal = (
  shop: Pick<TOrderShop, 'emailRequired'>,
  email: string | undefined,
): TOrderRefusal | null => {
  if (!shop.emailRequired) return null;
  const v = (email ?? '').trim();
  if (!v) return refusal('EMAIL_REQUIRED');
  return isCustomerEmail(v) ? null : refusal('EMAIL_INVALID');
};

/** How a self pick-up order is named on the board, the ticket and the customer's pages. */
export const PICK_UP_LABEL = msg('自取', 'Self pick-up');

/** The meal type's label, or 自取 for a self pick-up to-go order (board, ticket, order page). */
export const mealLabelOf = (mealType: TMealType, pickUp: boolean | null | undefined): TMessage =>
  pickUp ? PICK_UP_LABEL : MEAL_TYPE_LABELS[mealType];
