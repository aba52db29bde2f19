import { GROUP_KEY_HEADER, type TGroupCart, type TGroupCheckout, type TMealType } from '@shopdesk/contract';
import { call, withStaff } from './api';

/** 團購 (storefront/group-cart.ts): the shared cart's calls; the browser's key goes in GROUP_KEY_HEADER. */
const keyed = (key: string, init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: { ...init.headers, [GROUP_KEY_HEADER]: key },
});
const at = (token: string, rest = '') => `/group-carts/${encodeURIComponent(token)}${rest}`;

export const groupApi = {
  open: (shopId: number, key: string, body: { mealType: TMealType; name: string; lineUserId?: string }) =>
    call<{ cart: TGroupCart }>(
      `/shops/${shopId}/group-carts`,
      keyed(key, { method: 'POST', body: JSON.stringify(body) }),
    ),
  read: (token: string, key: string | null) => call<{ cart: TGroupCart }>(at(token), key ? keyed(key) : {}),
  add: (
    token: string,
    key: string,
    line: { name: string; productId: number; quantity: number; optionIds: number[]; note?: string },
  ) =>
    call<{ cart: TGroupCart }>(
      at(token, '/lines'),
      keyed(key, { method: 'POST', body: JSON.stringify(line) }),
    ),
  remove: (token: string, key: string, lineId: number) =>
    call<{ cart: TGroupCart }>(at(token, `/lines/${lineId}`), keyed(key, { method: 'DELETE' })),
  cancel: (token: string, key: string) =>
    call<{ cart: TGroupCart }>(at(token, '/cancel'), keyed(key, { method: 'POST' })),
  checkout: (shopId: number, token: string, key: string, body: TGroupCheckout, idempotencyKey: string) =>
    call<{ orderToken: string }>(
      at(token, '/checkout'),
      keyed(key, {
        method: 'POST',
        body: JSON.stringify(withStaff(shopId, body)),
        headers: { 'idempotency-key': idempotencyKey },
      }),
    ),
};
