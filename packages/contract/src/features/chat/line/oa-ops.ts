import { z } from 'zod';
import { TEXT_MAX, zText } from '../../../common/bounds';
import { msg } from '../../../common/errors';
import { defineOperation } from '../../../common/operation';
import { ZShopKind } from '../../../common/user-types';

const ZId = z.coerce.number().int().positive().max(2_147_483_647);
const GS = ['gaa', 'si'] as const;

/** Messaging-account settings texts (spec 000 §5, §8 "Account settings", "Unbind"). */
export const OA_MESSAGES = {
  chooseStyle: msg('請選擇選單樣式', 'Please choose a menu style'),
  updated: msg('更新成功', 'Updated'),
  updateFailed: msg('更新失敗，請檢查所有參數', 'Update failed, please check all parameters'),
  menuCleared: msg('選單刪除成功', 'Menu deleted'),
  saved: msg('當前OA設定已儲存', 'Current OA settings saved'),
  // ours (the spec shows no restore): the saved settings list and its restore
  restored: msg('已還原儲存的OA設定', 'The saved OA settings are restored'),
  snapshotNotFound: msg('找不到此筆儲存的OA設定', 'These saved OA settings do not exist'),
  copied: msg('已複製', 'Copied'),
  copyFailed: msg('錯誤', 'Error'),
  unbound: msg('解除綁定完成', 'Unbound'),
  unbindFailed: msg('解除綁定失敗', 'Unbind failed'),
  accountIdRequired: msg('Account ID是必填項目', 'Account ID is required'),
  channelCreated: msg('已建立LINE官方帳號設定', 'LINE official account created'),
  maskedSecret: msg(
    '請輸入完整的Channel Secret與Access Token',
    'Enter the full channel secret and access token',
  ),
} as const;

/** The error code of a shop without a LINE channel (the OA page then offers to enter one). */
export const NO_LINE_CHANNEL = 'NO_LINE_CHANNEL';

/** The OA settings form (spec 000 §2 "Messaging-account settings screen"); secrets arrive masked. */
export const ZOaFields = z.object({
  accountName: zText(20).trim().min(1),
  channelId: zText(TEXT_MAX.code).trim().min(1),
  /** The mask shown (••••abcd) keeps the stored value. */
  channelSecret: zText(TEXT_MAX.name).trim().min(1),
  channelAccessToken: zText(500).trim().min(1),
  channelImageUrl: zText(TEXT_MAX.url).trim(),
  channelAddFriendUrl: zText(TEXT_MAX.url).trim(),
  channelBasicId: zText(TEXT_MAX.code).trim(),
  menuLiffId: zText(TEXT_MAX.code).trim(),
  eatInLiffId: zText(TEXT_MAX.code).trim(),
  orderLiffId: zText(TEXT_MAX.code).trim(),
  pickUpLiffId: zText(TEXT_MAX.code).trim(),
  isChatbotDisabled: z.boolean(),
});
export type TOaFields = z.infer<typeof ZOaFields>;

export const ZOaSettings = ZOaFields.extend({
  accountId: z.number().int(),
  kind: ZShopKind,
  /** The style applied (file name), null = none. */
  fileName: z.string().nullable(),
  /** LINE's id of the default menu now, and whether it is the "closed now" variant. */
  richMenuId: z.string().nullable(),
  menuState: z.enum(['open', 'closed']),
  savedAt: z.string().nullable(),
  webhookUrl: z.string(),
  infoUrl: z.string(),
  orderUrl: z.string(),
  menuUrl: z.string(),
});
export type TOaSettings = z.infer<typeof ZOaSettings>;

const params = z.object({ type: z.enum(GS), accountId: ZId });

// not in the spec (the screen loads its fields somehow): the OA settings of a shop, secrets masked
export const getOaSettingsOp = defineOperation({
  method: 'GET',
  path: '/:type/shops/:accountId/oa',
  summary: "A shop's messaging-account settings (secret and token masked) and its copyable URLs",
  allow: GS,
  params,
  response: ZOaSettings,
});

// spec 000 §7 Messaging: POST /{type}/shops/{accountId}/update-oa body {data}
export const updateOaOp = defineOperation({
  method: 'POST',
  path: '/:type/shops/:accountId/update-oa',
  summary: 'Save the channel fields and apply the chosen rich-menu style at LINE',
  spec: '000 §7 Messaging',
  allow: GS,
  params,
  body: z.object({ data: ZOaFields.extend({ fileName: zText(TEXT_MAX.code).trim().nullable() }) }),
  response: ZOaSettings,
});

// spec 000 §7 Messaging: POST /{type}/shops/{accountId}/del-richmenu body {data}
export const deleteRichMenuOp = defineOperation({
  method: 'POST',
  path: '/:type/shops/:accountId/del-richmenu',
  summary: "Clear the account's rich menu: deleted at LINE too",
  spec: '000 §7 Messaging',
  allow: GS,
  params,
  body: z.object({ data: z.object({}).optional() }).optional(),
  response: ZOaSettings,
});

// spec 000 §7 Messaging: POST /gaa/shops/{accountId}/oa_settings empty body
export const saveOaSettingsOp = defineOperation({
  method: 'POST',
  path: '/gaa/shops/:accountId/oa_settings',
  summary: 'Save the current OA settings as a snapshot (secrets left out)',
  spec: '000 §7 Messaging',
  allow: ['gaa'],
  params: z.object({ accountId: ZId }),
  response: z.object({ savedAt: z.string() }),
});

/**
 * What "save current settings" keeps (docs/decisions/chat.md "OA settings snapshots"): the channel fields and the
 * style, never the secret or the token (a restore keeps the ones stored then).
 */
export const ZOaSnapshotSettings = ZOaFields.omit({ channelSecret: true, channelAccessToken: true }).extend({
  fileName: zText(TEXT_MAX.code).nullable(),
});
export type TOaSnapshotSettings = z.infer<typeof ZOaSnapshotSettings>;

export const ZOaSnapshot = z.object({
  id: z.number().int(),
  savedAt: z.string(),
  /** Who saved it (the user's name then; '' when unknown). */
  savedBy: z.string(),
  settings: ZOaSnapshotSettings,
});
export type TOaSnapshot = z.infer<typeof ZOaSnapshot>;

/** At most this many saved settings are kept per shop (the oldest go first). */
export const OA_SNAPSHOTS_MAX = 20;

// ours: the saved settings of POST /gaa/shops/{accountId}/oa_settings, newest first
export const listOaSnapshotsOp = defineOperation({
  method: 'GET',
  path: '/gaa/shops/:accountId/oa_settings',
  summary: "The shop's saved OA settings (save current settings), newest first",
  spec: '000 §7 Messaging',
  allow: ['gaa'],
  params: z.object({ accountId: ZId }),
  response: z.object({ snapshots: z.array(ZOaSnapshot) }),
});

// ours: put saved settings back, as an update would (applied at LINE, nothing half-saved when LINE refuses)
export const restoreOaSnapshotOp = defineOperation({
  method: 'POST',
  path: '/gaa/shops/:accountId/oa_settings/:snapshotId/restore',
  summary: 'Restore saved OA settings: saved and applied at LINE like update-oa, all or nothing',
  spec: '000 §7 Messaging',
  allow: ['gaa'],
  params: z.object({ accountId: ZId, snapshotId: ZId }),
  response: z.object({ settings: ZOaSettings, message: zText(TEXT_MAX.name) }),
});

export const ZRichMenuSettingRow = z.object({
  accountId: z.number().int(),
  name: z.string(),
  siName: z.string(),
  menuUrl: z.string(),
  orderUrl: z.string(),
  infoUrl: z.string(),
});
export type TRichMenuSettingRow = z.infer<typeof ZRichMenuSettingRow>;

// spec 000 §7 Messaging: GET /gaa/qc/shops/richmenu-settings?siName= (the public table of 000 §2)
export const richMenuSettingsOp = defineOperation({
  method: 'GET',
  path: '/gaa/qc/shops/richmenu-settings',
  summary: "Public rich-menu settings table of an SI's shops: public links only, never a secret",
  spec: '000 §7 Messaging',
  allow: 'public',
  query: z.object({ siName: zText(TEXT_MAX.code).trim().min(1) }),
  response: z.object({ results: z.array(ZRichMenuSettingRow) }),
});

// spec 000 §7 Directory and tools: DELETE /gaa/accounts/{id}/line-module
export const unbindLineModuleOp = defineOperation({
  method: 'DELETE',
  path: '/gaa/accounts/:id/line-module',
  summary: "Unbind the account's LINE channel: rich menus deleted at LINE, managers and groups unbound",
  spec: '000 §7 Directory and tools',
  allow: ['gaa'],
  params: z.object({ id: ZId }),
  response: z.object({ ok: z.literal(true) }),
});

export const ZFlag = z.object({
  key: z.string(),
  label: z.string(),
  value: z.boolean(),
  inverted: z.boolean(),
});
export type TFlag = z.infer<typeof ZFlag>;

// spec 000 §7 Directory and tools: GET /gaa/accounts/{id}/developer-tool/account and /business
export const developerToolAccountOp = defineOperation({
  method: 'GET',
  path: '/gaa/accounts/:id/developer-tool/account',
  summary: 'Account flags of the developer tool (sys_closed, is_manual, is_new_style)',
  spec: '000 §7 Directory and tools',
  allow: ['gaa'],
  params: z.object({ id: ZId }),
  response: z.object({ name: z.string(), results: z.array(ZFlag) }),
});

export const developerToolBusinessOp = defineOperation({
  method: 'GET',
  path: '/gaa/accounts/:id/developer-tool/business',
  summary: 'Business flags of the developer tool (the flag keys of spec 001 §3)',
  spec: '000 §7 Directory and tools',
  allow: ['gaa'],
  params: z.object({ id: ZId }),
  response: z.object({ name: z.string(), results: z.array(ZFlag) }),
});
