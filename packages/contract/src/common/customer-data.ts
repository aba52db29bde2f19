import type { TUserType } from './user-types';

/**
 * Data minimisation (docs/decisions/foundation.md "Proxy, CSRF, throttling, data minimisation"): what
 * each caller sees of a customer, decided here once and applied by every route and export that answers
 * customer data (order summary list and detail, sales query and its files, banned list, POS board).
 * - gaa (the platform's support), eaa (the shop's owner), line (the shop's own staff): everything.
 * - pos (an order machine on the counter): name, phone and delivery address, to hand over and deliver;
 *   never the chat user id, which only the console needs (blocking).
 * - si (an integrator setting shops up): no customer identity. Phone 0912***678, name 王** (first character),
 *   delivery address cut after its first 6 characters, chat user id withheld.
 */
export type TCustomerViewer = TUserType | 'pos';

export type TCustomerData = {
  customerName?: string;
  customerPhone?: string;
  /** The banned list's name for the customer's phone. */
  phone?: string;
  lineUserId?: string | null;
  deliveryAddress?: string | null;
};

/** 0912345678 → 0912***678; short numbers keep only their last two digits. */
export const maskPhone = (phone: string): string =>
  phone.length <= 6 ? phone.replace(/\d(?=\d{2})/g, '*') : `${phone.slice(0, 4)}***${phone.slice(-3)}`;

/** 王小明 → 王**; an empty name stays empty. */
export const maskName = (name: string): string => {
  const chars = Array.from(name.trim());
  return chars.length === 0 ? '' : `${chars[0]}${'*'.repeat(Math.min(Math.max(chars.length - 1, 1), 4))}`;
};

/** 台北市中正區忠孝西路一段 100 號 → 台北市中正區…: the district, not the door. */
export const maskAddress = (address: string): string => {
  const chars = Array.from(address.trim());
  return chars.length <= 6 ? chars.join('') : `${chars.slice(0, 6).join('')}…`;
};

/** Viewers who see customers in full. */
export const seesCustomersInFull = (viewer: TCustomerViewer): boolean =>
  viewer === 'gaa' || viewer === 'eaa' || viewer === 'line';

/** Audit records that name customers (blocking and unblocking); the record tab lists them only to those above. */
export const CUSTOMER_AUDIT_RESOURCES = ['banned-customers'] as const;

/** The one rule: the customer fields of a row as this viewer may see them (other fields untouched). */
export const customerDataFor = <T extends TCustomerData>(viewer: TCustomerViewer, row: T): T => {
  if (seesCustomersInFull(viewer)) return row;
  const out: T = { ...row };
  if ('lineUserId' in row) out.lineUserId = null;
  if (viewer === 'pos') return out;
  if (row.customerName !== undefined) out.customerName = maskName(row.customerName);
  if (row.customerPhone !== undefined) out.customerPhone = maskPhone(row.customerPhone);
  if (row.phone !== undefined) out.phone = maskPhone(row.phone);
  if (row.deliveryAddress) out.deliveryAddress = maskAddress(row.deliveryAddress);
  return out;
};
