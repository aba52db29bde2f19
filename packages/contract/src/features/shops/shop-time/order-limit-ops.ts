import { z } from 'zod';
import { defineOperation } from '../../../common/operation';
import { SHOP_PORTALS, ZShopPortal } from '../shop-profile/shop-profile-ops';
import { ZRowId } from './opening-ops';
import { ZOrderLimit, ZOrderLimitData, ZOrderLimitDataWithId } from './order-limits';

/**
 * Every order-limit path the spec names (api-calls.tsv: 000 §7, 001 §7, 002 §7). They are several names
 * for the same four services (list, read, create, update, delete); the server maps each to one of them.
 */
const ZId = ZRowId;
const ZTyped = z.object({ type: ZShopPortal, accountId: ZId });
const ZConsole = z.object({ accountId: ZId });
const ZList = z.object({ orderLimits: z.array(ZOrderLimit) });
const ZInsert = z.object({ insertId: z.number().int() });
const ZUpdated = z.object({ affectedRows: z.number().int(), orderLimit: ZOrderLimit });
const ZDeleted = z.object({ affectedRows: z.number().int() });
const common = { allow: SHOP_PORTALS } as const;

// List
export const listOrderLimitsOp = defineOperation({
  ...common,
  method: 'GET',
  path: '/:type/accounts/:accountId/order-limits',
  summary: 'Order limits of a shop',
  spec: '000 §7 Directory and tools',
  params: ZTyped,
  response: ZList,
});
export const listConsoleOrderLimitsOp = defineOperation({
  ...common,
  method: 'GET',
  path: '/console/:accountId/order-limits',
  summary: 'Order limits of a shop (settings page)',
  spec: '002 §7 Order limits',
  params: ZConsole,
  response: ZList,
});
export const getConsoleOrderLimitOp = defineOperation({
  ...common,
  method: 'GET',
  path: '/console/:accountId/order-limits/:id',
  summary: 'One order limit',
  spec: '002 §7 Order limits',
  params: ZConsole.extend({ id: ZId }),
  response: z.object({ orderLimit: ZOrderLimit }),
});

// Create
export const createOrderLimitOp = defineOperation({
  method: 'POST',
  path: '/gaa/console/:accountId/order-limits',
  summary: 'Add an order limit (orderLimitData); answers insertId',
  spec: '001 §7, 002 §7 Order limits',
  allow: ['gaa'],
  params: ZConsole,
  body: ZOrderLimitData,
  response: ZInsert,
  status: 201,
});
export const createAccountOrderLimitOp = defineOperation({
  ...common,
  method: 'POST',
  path: '/:type/accounts/:id/order-limit',
  summary: 'Add an order limit to shop {id}; answers insertId',
  spec: '000 §7 Directory and tools',
  params: z.object({ type: ZShopPortal, id: ZId }),
  body: ZOrderLimitData,
  response: ZInsert,
  status: 201,
});

// Update (the whole limit: the forms always send every field)
export const patchOrderLimitOp = defineOperation({
  ...common,
  method: 'PATCH',
  path: '/:type/accounts/:accountId/order-limits/:id',
  summary: 'Update an order limit',
  spec: '002 §7 Order limits',
  params: ZTyped.extend({ id: ZId }),
  body: ZOrderLimitData,
  response: ZUpdated,
});
export const putConsoleOrderLimitOp = defineOperation({
  ...common,
  method: 'PUT',
  path: '/console/:accountId/order-limits/:id',
  summary: 'Update an order limit',
  spec: '002 §7 Order limits',
  params: ZConsole.extend({ id: ZId }),
  body: ZOrderLimitData,
  response: ZUpdated,
});
export const putConsoleOrderLimitsOp = defineOperation({
  ...common,
  method: 'PUT',
  path: '/console/:accountId/order-limits',
  summary: 'Update an order limit named by the id in the body (orderLimitData plus id)',
  spec: '001 §7 (update helper), 002 §7 Order limits',
  params: ZConsole,
  body: ZOrderLimitDataWithId,
  response: ZUpdated,
});

// Delete
export const deleteOrderLimitOp = defineOperation({
  ...common,
  method: 'DELETE',
  path: '/:type/accounts/:accountId/order-limits/:id',
  summary: 'Delete an order limit',
  spec: '002 §7 Order limits',
  params: ZTyped.extend({ id: ZId }),
  response: ZDeleted,
});
export const deleteConsoleOrderLimitOp = defineOperation({
  method: 'DELETE',
  path: '/gaa/console/:accountId/order-limits/:id',
  summary: 'Delete an order limit',
  spec: '001 §7',
  allow: ['gaa'],
  params: ZConsole.extend({ id: ZId }),
  response: ZDeleted,
});
