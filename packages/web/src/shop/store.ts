import type { TMealType } from '@shopdesk/contract';

/**
 * What the customer app keeps on the phone: the cart of each shop (with the Idempotency-Key of
 * its next send, so a double tap or a retry after a lost connection makes one order) and the links of the
 * orders placed from this device. localStorage only; a blocked storage keeps them for the visit.
 */
export type TCartLine = {
  key: string;
  productId: number;
  optionIds: number[];
  quantity: number;
  /** The customer's note on the line. */
  note?: string;
  /** 團購: the participant who ordered the line (a group cart's line, pages/GroupPage.tsx). */
  participant?: string;
};
export type TCart = {
  lines: TCartLine[];
  idempotencyKey: string;
  mealType: TMealType | null;
  table: string | null;
  name: string;
  phone: string;
  address: string;
  taxId: string;
  carrier: string;
  /** The customer asks for a paper receipt (is_receipt). */
  receipt?: boolean;
  /** Self pick-up of a to-go order (spec 000 §3 isPickup). */
  pickUp?: boolean;
  /** The customer's e-mail (spec 001 §2.2 is_email). */
  email?: string;
};

const memory = new Map<string, string>();
const read = (key: string): string | null => {
  try {
    return localStorage.getItem(key);
  } catch {
    return memory.get(key) ?? null;
  }
};
const write = (key: string, value: string) => {
  try {
    localStorage.setItem(key, value);
  } catch {
    memory.set(key, value);
  }
};

export const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;

const cartKey = (shopId: number) => `shopdesk.shop.${shopId}.cart`;
const ordersKey = (shopId: number) => `shopdesk.shop.${shopId}.orders`;
const profileKey = 'shopdesk.shop.customer';

export const emptyCart = (): TCart => {
  const me = loadCustomer();
  return {
    lines: [],
    idempotencyKey: newKey(),
    mealType: null,
    table: null,
    name: me.name,
    phone: me.phone,
    address: me.address,
    taxId: '',
    carrier: me.carrier,
    email: me.email,
  };
};

export const loadCart = (shopId: number): TCart => {
  try {
    const saved = JSON.parse(read(cartKey(shopId)) ?? 'null') as Partial<TCart> | null;
    if (saved && Array.isArray(saved.lines) && typeof saved.idempotencyKey === 'string')
      return { ...emptyCart(), ...saved } as TCart;
  } catch {
    // a garbled cart starts empty
  }
  return emptyCart();
};

export const saveCart = (shopId: number, cart: TCart) => write(cartKey(shopId), JSON.stringify(cart));

/** Name, phone, address and carrier typed once are offered again (this device only). */
type TCustomer = { name: string; phone: string; address: string; carrier: string; email?: string };
export const loadCustomer = (): TCustomer => {
  try {
    const c = JSON.parse(read(profileKey) ?? '{}');
    return {
      name: String(c.name ?? ''),
      phone: String(c.phone ?? ''),
      address: String(c.address ?? ''),
      carrier: String(c.carrier ?? ''),
      email: String(c.email ?? ''),
    };
  } catch {
    return { name: '', phone: '', address: '', carrier: '' };
  }
};
export const saveCustomer = (c: TCustomer) => write(profileKey, JSON.stringify(c));

export const loadOrderTokens = (shopId: number): string[] => {
  try {
    const list = JSON.parse(read(ordersKey(shopId)) ?? '[]');
    return Array.isArray(list) ? list.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
};

export const rememberOrder = (shopId: number, token: string) => {
  const list = loadOrderTokens(shopId).filter((t) => t !== token);
  write(ordersKey(shopId), JSON.stringify([token, ...list].slice(0, 50)));
};

export const forgetOrder = (shopId: number, token: string) =>
  write(ordersKey(shopId), JSON.stringify(loadOrderTokens(shopId).filter((t) => t !== token)));
