import { z } from 'zod';
import { zId, zQueryId, zQueryInt, zText } from '../../../common/bounds';
import { msg } from '../../../common/errors';
import { defineOperation } from '../../../common/operation';
import { ZMealType } from '../../menus/menus/menu-model';
import { ZOrderStatus } from '../../orders/orders/order-status';

/**
 * /extra/app-mngmt (the spec names the route only): the API clients outside systems (a POS
 * middleware, an ERP) use to read the orders of the shops they are scoped to. Keys are shown once, stored
 * as SHA-256 hashes, rotated and revoked here (docs/decisions/platform.md "API clients").
 */
export const API_KEY_PREFIX = 'sdk_';
export const API_CLIENT_MAX_SHOPS = 500;

export const API_CLIENT_MESSAGES = {
  scopeRequired: msg('請選擇商店，或勾選全部商店', 'Choose shops, or all shops'),
  created: msg('已建立應用程式', 'App created'),
  rotated: msg('已更換金鑰，舊金鑰立即失效', 'Key rotated: the old key stops working now'),
  revoked: msg('已停用應用程式', 'App revoked'),
  saved: msg('已儲存', 'Saved'),
  revokedAlready: msg('此應用程式已停用', 'This app is revoked'),
  badKey: msg('API 金鑰無效或已停用', 'The API key is invalid or revoked'),
  shopOutOfScope: msg('此應用程式無權存取此商店', 'This app may not access this shop'),
};

export const ZApiClient = z.object({
  id: z.number().int(),
  name: zText(),
  /** The key's first characters, to tell keys apart; never the key. */
  keyPrefix: zText(),
  allShops: z.boolean(),
  shopIds: z.array(z.number().int()),
  createdAt: zText(),
  lastUsedAt: zText().nullable(),
  rotatedAt: zText().nullable(),
  revokedAt: zText().nullable(),
});
export type TApiClient = z.infer<typeof ZApiClient>;

export const ZApiClientInput = z
  .object({
    name: zText(50).trim().min(1),
    allShops: z.boolean().default(false),
    shopIds: z.array(zId()).max(API_CLIENT_MAX_SHOPS).default([]),
  })
  .refine((v) => v.allShops || v.shopIds.length > 0, {
    message: API_CLIENT_MESSAGES.scopeRequired.zh,
    path: ['shopIds'],
  });
export type TApiClientInput = z.input<typeof ZApiClientInput>;

const ZId = z.object({ id: zQueryId() });
/** The key, once: after create and rotate only. */
const ZWithKey = z.object({ client: ZApiClient, key: zText() });

export const listApiClientsOp = defineOperation({
  method: 'GET',
  path: '/gaa/api-clients',
  summary: 'API clients (keys never shown)',
  spec: '000 §2 Extra',
  allow: ['gaa'],
  response: z.object({ clients: z.array(ZApiClient) }),
});
export const createApiClientOp = defineOperation({
  method: 'POST',
  path: '/gaa/api-clients',
  summary: 'Create an API client scoped to shops; answers its key once',
  spec: '000 §2 Extra',
  allow: ['gaa'],
  body: ZApiClientInput,
  response: ZWithKey,
  status: 201,
});
export const updateApiClientOp = defineOperation({
  method: 'PUT',
  path: '/gaa/api-clients/:id',
  summary: 'Rename an API client or change its shops (the key stays)',
  spec: '000 §2 Extra',
  allow: ['gaa'],
  params: ZId,
  body: ZApiClientInput,
  response: z.object({ client: ZApiClient }),
});
export const rotateApiClientOp = defineOperation({
  method: 'POST',
  path: '/gaa/api-clients/:id/rotate',
  summary: 'A new key for the client; the old one stops working at once; answers the new key once',
  spec: '000 §2 Extra',
  allow: ['gaa'],
  params: ZId,
  response: ZWithKey,
});
export const revokeApiClientOp = defineOperation({
  method: 'POST',
  path: '/gaa/api-clients/:id/revoke',
  summary: 'Revoke an API client: its key stops working for good',
  spec: '000 §2 Extra',
  allow: ['gaa'],
  params: ZId,
  response: z.object({ client: ZApiClient }),
});

// ---- what a client calls with its key ---------------------------------------------------------------

export const ZExtOrder = z.object({
  id: z.number().int(),
  serial: z.number().int(),
  status: ZOrderStatus,
  mealType: ZMealType,
  total: z.number().int(),
  createdAt: zText(),
  items: z.array(z.object({ name: zText(), quantity: z.number().int(), lineTotal: z.number().int() })),
});
export const extShopOrdersOp = defineOperation({
  method: 'GET',
  path: '/ext/v1/shops/:shopId/orders',
  summary: "An API client reads a scoped shop's orders after an order id (oldest first)",
  spec: '(ours)',
  allow: 'client',
  params: z.object({ shopId: zQueryId() }),
  query: z.object({ after: zQueryInt(0).default(0), limit: zQueryInt(1, 200).default(50) }),
  response: z.object({ orders: z.array(ZExtOrder) }),
});
