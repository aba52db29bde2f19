import { z } from 'zod';
import { zId } from '../../../common/bounds';
import { defineOperation } from '../../../common/operation';
import { MENU_USER_TYPES, ZId, ZMenuClass, ZMenuParams, ZNames, ZSku } from './menu-model';

/** sku may be left empty on create: the server then gives the next free C01, C02, … */
export const ZCreateMenuClassRequest = z.object({
  sku: z.union([ZSku, z.literal('')]).optional(),
  names: ZNames,
});
export type TCreateMenuClassRequest = z.input<typeof ZCreateMenuClassRequest>;

export const ZUpdateMenuClassRequest = z.object({ sku: ZSku.optional(), names: ZNames.optional() });
export type TUpdateMenuClassRequest = z.input<typeof ZUpdateMenuClassRequest>;

/** The full ordered list of ids of one level (classes of a shop, products of a class, …). */
export const ZReorderRequest = z.object({ ids: z.array(zId()).max(1000) });
export type TReorderRequest = z.infer<typeof ZReorderRequest>;

const ZClassParams = ZMenuParams.extend({ classId: ZId });
const ZClassResponse = z.object({ class: ZMenuClass });
export const ZOk = z.object({ ok: z.literal(true) });

export const createMenuClassOp = defineOperation({
  method: 'POST',
  path: '/:type/shops/:accountId/menu/classes',
  summary: 'Add a class (category) at the end of the menu',
  allow: MENU_USER_TYPES,
  params: ZMenuParams,
  body: ZCreateMenuClassRequest,
  response: ZClassResponse,
  status: 201,
});

export const updateMenuClassOp = defineOperation({
  method: 'PATCH',
  path: '/:type/shops/:accountId/menu/classes/:classId',
  summary: "Change a class's code or names",
  allow: MENU_USER_TYPES,
  params: ZClassParams,
  body: ZUpdateMenuClassRequest,
  response: ZClassResponse,
});

export const deleteMenuClassOp = defineOperation({
  method: 'DELETE',
  path: '/:type/shops/:accountId/menu/classes/:classId',
  summary: 'Delete an empty class (409 while it still holds products)',
  allow: MENU_USER_TYPES,
  params: ZClassParams,
  response: ZOk,
});

export const reorderMenuClassesOp = defineOperation({
  method: 'PUT',
  path: '/:type/shops/:accountId/menu/classes/order',
  summary: "Set the order of the shop's classes (every class id, in the new order)",
  allow: MENU_USER_TYPES,
  params: ZMenuParams,
  body: ZReorderRequest,
  response: ZOk,
});
