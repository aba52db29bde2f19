// 團購's plain constants, without zod: the customer app's menu imports them (its bundle stays without
// schemas, docs/decisions/customer-app.md "Bundle budget"); group-cart.ts re-exports them.

export const GROUP_CART = {
  /** A participant's name as the board and the ticket print it. */
  nameMax: 20,
  /** Lines of a group cart in all: an order takes at most 100 (ZPlaceOrderRequest.items). */
  linesMax: 100,
  /** Hours a group cart stays open after it is opened. */
  hours: 12,
} as const;

/** The header carrying the browser's participant key (a random id the app makes once per group cart). */
export const GROUP_KEY_HEADER = 'x-group-key';
