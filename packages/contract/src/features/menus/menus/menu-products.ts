import { z } from 'zod';
import { PG_INT } from '../../../common/bounds';
import { defineOperation } from '../../../common/operation';
import { ZOk, ZReorderRequest } from './menu-classes';
import {
  MENU_MESSAGES,
  MENU_USER_TYPES,
  ZCalories,
  ZDescription,
  ZId,
  ZImageName,
  ZMealTypes,
  ZMenuParams,
  ZMenuProduct,
  ZNames,
  ZPrice,
  ZStock,
} from './menu-model';

const productFields = {
  classId: z
    .number({ error: MENU_MESSAGES.classRequired.zh })
    .int()
    .positive(MENU_MESSAGES.classRequired.zh)
    .max(PG_INT.max),
  names: ZNames,
  description: ZDescription.default({ zh: '', en: '' }),
  /** NT$, whole dollars. */
  price: ZPrice,
  image: ZImageName.nullable().default(null),
  calories: ZCalories.nullable().default(null),
  mealTypes: ZMealTypes,
  /** null = unlimited; otherwise what the shop can sell per day (restored at reset_time). */
  dailyStock: ZStock.nullable().default(null),
  soldOut: z.boolean().default(false),
};

export const ZCreateProductRequest = z.object(productFields);
export type TCreateProductRequest = z.input<typeof ZCreateProductRequest>;

/**
 * Every field optional. stockLeft sets what is left today; without it a change of dailyStock moves
 * stockLeft by the same amount (never below 0), so what was already sold stays sold.
 */
export const ZUpdateProductRequest = z.object({
  classId: productFields.classId.optional(),
  names: ZNames.optional(),
  description: ZDescription.optional(),
  price: ZPrice.optional(),
  image: ZImageName.nullable().optional(),
  calories: ZCalories.nullable().optional(),
  mealTypes: ZMealTypes.optional(),
  dailyStock: ZStock.nullable().optional(),
  stockLeft: ZStock.optional(),
  soldOut: z.boolean().optional(),
});
export type TUpdateProductRequest = z.input<typeof ZUpdateProductRequest>;

const ZProductParams = ZMenuParams.extend({ productId: ZId });
const ZProductResponse = z.object({ product: ZMenuProduct });

export const createProductOp = defineOperation({
  method: 'POST',
  path: '/:type/shops/:accountId/menu/products',
  summary: 'Add a product at the end of its class',
  allow: MENU_USER_TYPES,
  params: ZMenuParams,
  body: ZCreateProductRequest,
  response: ZProductResponse,
  status: 201,
});

export const updateProductOp = defineOperation({
  method: 'PATCH',
  path: '/:type/shops/:accountId/menu/products/:productId',
  summary: 'Change a product (a new classId moves it to the end of that class)',
  allow: MENU_USER_TYPES,
  params: ZProductParams,
  body: ZUpdateProductRequest,
  response: ZProductResponse,
});

export const deleteProductOp = defineOperation({
  method: 'DELETE',
  path: '/:type/shops/:accountId/menu/products/:productId',
  summary: 'Remove a product from the menu (archived: past orders keep pointing at it)',
  allow: MENU_USER_TYPES,
  params: ZProductParams,
  response: ZOk,
});

export const reorderProductsOp = defineOperation({
  method: 'PUT',
  path: '/:type/shops/:accountId/menu/classes/:classId/products/order',
  summary: 'Set the order of the products of one class (every product id of the class)',
  allow: MENU_USER_TYPES,
  params: ZMenuParams.extend({ classId: ZId }),
  body: ZReorderRequest,
  response: ZOk,
});
