import { z } from 'zod';
import { zQueryId, zText } from '../../../common/bounds';
import { defineOperation } from '../../../common/operation';
import { SETTINGS_INFO_PATH } from '../acls/acl-map';
import { ZSettingValue } from './setting-fields';

const ZAccountParams = z.object({ id: zQueryId() });

/** Values of one target table, keyed by the spec's snake_case keys (the keys a save names). */
const ZTableValues = z.record(zText(), ZSettingValue);

/** GET /console/{id}/info: the account side (accounts, account_sso, business_info) and who the shop is. */
export const ZSettingsInfo = z.object({
  accountId: z.number().int(),
  kind: z.enum(['catering', 'retail']),
  name: zText(),
  values: z.object({ accounts: ZTableValues, account_sso: ZTableValues, business_info: ZTableValues }),
});
export type TSettingsInfo = z.infer<typeof ZSettingsInfo>;

/** GET /console/{id}/settings: the business values; `both.name` is the shop name the name edit writes. */
export const ZSettingsBusiness = z.object({
  accountId: z.number().int(),
  values: z.object({ business: ZTableValues, both: ZTableValues }),
});
export type TSettingsBusiness = z.infer<typeof ZSettingsBusiness>;

/** GET /console/{id}/large-order: amount and qty (defaults 99999 and 999, spec 001 §2.2). */
export const ZLargeOrder = z.object({
  accountId: z.number().int(),
  values: z.object({ large_order: z.object({ amount: z.number().int(), qty: z.number().int() }) }),
});
export type TLargeOrder = z.infer<typeof ZLargeOrder>;

// a shop manager (line) reads its one shop when it holds the `shop` acl (acls.ts: /console/:id/… is `shop`)
const ALLOW = ['gaa', 'si', 'eaa', 'line'] as const;

// spec 001 §7 "load settings data"; shop-scoped by requireShop
export const getSettingsInfoOp = defineOperation({
  method: 'GET',
  path: SETTINGS_INFO_PATH,
  summary: 'Settings page: the account values of a shop',
  spec: '001 §7',
  allow: ALLOW,
  params: ZAccountParams,
  response: ZSettingsInfo,
});

export const getSettingsBusinessOp = defineOperation({
  method: 'GET',
  path: '/console/:id/settings',
  summary: 'Settings page: the business values of a shop',
  spec: '001 §7',
  allow: ALLOW,
  params: ZAccountParams,
  response: ZSettingsBusiness,
});

export const getLargeOrderOp = defineOperation({
  method: 'GET',
  path: '/console/:id/large-order',
  summary: 'Settings page: the large-order amount and quantity of a shop',
  spec: '001 §7',
  allow: ALLOW,
  params: ZAccountParams,
  response: ZLargeOrder,
});

export { ZAccountParams as ZSettingsAccountParams };
