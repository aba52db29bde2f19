import { z } from 'zod';
import { zId, zQueryId, zQueryInt, zText } from '../../../common/bounds';
import { defineOperation } from '../../../common/operation';

const ZAccountIdParams = z.object({ accountId: zQueryId() });

// spec 002 §7 Shops: POST /gaa/shops/{id}/initail-status (the spec's spelling) "with data".
export const ZInitialStatusBody = z.object({ data: z.object({ isInitialized: z.boolean() }) });
export type TInitialStatusBody = z.infer<typeof ZInitialStatusBody>;
export const setInitialStatusOp = defineOperation({
  method: 'POST',
  path: '/gaa/shops/:id/initail-status',
  summary: 'Set the go-live status (not online / online)',
  spec: '002 §7 Shops, §4',
  allow: ['gaa'],
  params: z.object({ id: zQueryId() }),
  body: ZInitialStatusBody,
  response: z.object({ accountId: z.number().int(), isInitialized: z.boolean() }),
});

// spec 002 §7 Shops: POST /gaa/shops/{accountId}/oa-disabled, empty body.
export const disableOldOaOp = defineOperation({
  method: 'POST',
  path: '/gaa/shops/:accountId/oa-disabled',
  summary: "Stop the shop's old official account",
  spec: '002 §7 Shops, §4',
  allow: ['gaa'],
  params: ZAccountIdParams,
  response: z.object({ accountId: z.number().int(), isOaDisabled: z.literal(true) }),
});

// Ours: the undo of the stop, DELETE on the spec's resource; the old channel is live again.
export const enableOldOaOp = defineOperation({
  method: 'DELETE',
  path: '/gaa/shops/:accountId/oa-disabled',
  summary: "Turn the shop's old official account back on (undo the stop)",
  spec: '002 §4 (undo: ours)',
  allow: ['gaa'],
  params: ZAccountIdParams,
  response: z.object({ accountId: z.number().int(), isOaDisabled: z.literal(false) }),
});

/** Online ordering on or off (spec 000 §3 isEnabled, §4). */
export const ZShopStatusBody = z.object({ isEnabled: z.boolean() });
export type TShopStatusBody = z.infer<typeof ZShopStatusBody>;
const ZShopStatusResponse = z.object({ accountId: z.number().int(), isEnabled: z.boolean() });

// spec 000 §7 Shops: PUT /{type}/shops/{accountId}/status body {isEnabled}; {type} is the caller's portal.
export const setShopStatusOp = defineOperation({
  method: 'PUT',
  path: '/:type/shops/:accountId/status',
  summary: 'Turn online ordering on or off',
  spec: '000 §7 Shops, §4',
  allow: ['gaa', 'si', 'eaa'],
  params: ZAccountIdParams.extend({ type: z.enum(['gaa', 'si', 'eaa']) }),
  body: ZShopStatusBody,
  response: ZShopStatusResponse,
});

// spec 002 §7 Shops: PUT /eaa/eaa-shops/{accountId}/status with isEnabled (the eaa list's switch).
export const setEaaShopStatusOp = defineOperation({
  method: 'PUT',
  path: '/eaa/eaa-shops/:accountId/status',
  summary: 'eaa: turn online ordering on or off',
  spec: '002 §7 Shops, §4',
  allow: ['eaa'],
  params: ZAccountIdParams,
  body: ZShopStatusBody,
  response: ZShopStatusResponse,
});

/** SI account option (spec 002 §3 "SI account: id, name"); displayName is what the dropdown shows. */
export const ZSiAccountOption = z.object({ id: z.number().int(), name: zText(), displayName: zText() });
export type TSiAccountOption = z.infer<typeof ZSiAccountOption>;

// spec 000 §7 Messaging, 002 §7 Shops: GET /gaa/si-accounts
export const listSiAccountsOp = defineOperation({
  method: 'GET',
  path: '/gaa/si-accounts',
  summary: 'SI accounts for the SI dropdown',
  spec: '002 §7 Shops',
  allow: ['gaa'],
  response: z.object({ siAccounts: z.array(ZSiAccountOption) }),
});

/**
 * spec 000 §7, 002 §7: PUT /gaa/shops/{shopId}/si-account body shopId, accountId, siAccountId.
 * The path's shopId is the account id; body accountId must match it. Body shopId is accepted and ignored
 * (the wizard's link call sends the constant 1, spec 000 §7). siAccountId null = no SI (shown as 無).
 */
export const ZSetSiAccountBody = z.object({
  shopId: zQueryInt().optional(),
  accountId: zQueryId(),
  siAccountId: zId().nullable(),
});
export type TSetSiAccountBody = z.infer<typeof ZSetSiAccountBody>;
export const setSiAccountOp = defineOperation({
  method: 'PUT',
  path: '/gaa/shops/:shopId/si-account',
  summary: 'Assign the shop to an SI account (or none)',
  spec: '002 §7 Shops',
  allow: ['gaa'],
  params: z.object({ shopId: zQueryId() }),
  body: ZSetSiAccountBody,
  response: z.object({
    accountId: z.number().int(),
    siAccountId: z.number().int().nullable(),
    siAccountName: zText().nullable(),
  }),
});
