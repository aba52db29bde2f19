import { z } from 'zod';
import { zText } from '../../../common/bounds';
import { defineOperation } from '../../../common/operation';
import { type TSettingsTable, ZSettingValue } from './setting-fields';
import { ZSettingsAccountParams } from './settings-load';

/**
 * A field save (spec 001 §7): { label, table, key, value }. table and key are plain strings here so that
 * the server's allow-list, not the schema, answers an unknown one (400, never a write).
 */
export const ZSettingSave = z.object({
  label: zText().trim().min(1).max(100),
  table: zText().max(64),
  key: zText().max(64),
  value: z.unknown(),
});
export type TSettingSave = z.infer<typeof ZSettingSave>;

/** What a write changed: the asked field plus what the payment linkage (spec 001 §4) changed with it. */
export const ZSettingChange = z.object({ table: zText(), key: zText(), value: ZSettingValue });
export type TSettingChange = z.infer<typeof ZSettingChange>;
export const ZSaveResult = z.object({
  changes: z.array(ZSettingChange),
  auditIds: z.array(z.number().int()),
});
export type TSaveResult = z.infer<typeof ZSaveResult>;

/** The five save paths of spec 001 §7 and the tables each accepts (`both` goes through accounts). */
export const SAVE_PATHS = {
  accounts: ['accounts', 'both'],
  business: ['business'],
  'business-info': ['business_info'],
  'account-sso': ['account_sso'],
  'large-order': ['large_order'],
} as const satisfies Record<string, readonly TSettingsTable[]>;
export type TSavePath = keyof typeof SAVE_PATHS;

/** The save path of a table (the web picks the call from the field's table). */
export const savePathOf = (table: TSettingsTable): TSavePath =>
  (Object.keys(SAVE_PATHS) as TSavePath[]).find((p) => (SAVE_PATHS[p] as readonly string[]).includes(table))!;

const saveOp = <P extends TSavePath>(segment: P) =>
  defineOperation({
    method: 'PUT',
    path: `/console/:id/${segment}`,
    summary: `Settings page: save one field (${SAVE_PATHS[segment].join(', ')})`,
    spec: '001 §7, 002 §7 Admin tools',
    // line: a shop manager with the `shop` acl, editing what the owner (eaa) may (settingsUserOf)
    allow: ['gaa', 'si', 'eaa', 'line'],
    params: ZSettingsAccountParams,
    body: ZSettingSave,
    response: ZSaveResult,
  });

export const SAVE_OPS = {
  accounts: saveOp('accounts'),
  business: saveOp('business'),
  'business-info': saveOp('business-info'),
  'account-sso': saveOp('account-sso'),
  'large-order': saveOp('large-order'),
} as const;

// spec 001 §7, 002 §7 Admin tools: gaa only
export const accountToggleOp = defineOperation({
  method: 'PATCH',
  path: '/gaa/accounts/:id/account-toggle',
  summary: 'Toggle an account flag (sys_closed, is_manual, is_new_style)',
  spec: '001 §7, 002 §7 Admin tools',
  allow: ['gaa'],
  params: ZSettingsAccountParams,
  body: z.object({ key: zText().max(64), value: z.boolean(), label: zText().trim().min(1).max(100) }),
  response: ZSaveResult,
});

export const businessToggleOp = defineOperation({
  method: 'PATCH',
  path: '/gaa/accounts/:id/business-toggle',
  summary: 'Toggle a business flag (the flag keys of spec 001 §3)',
  spec: '001 §7, 002 §7 Admin tools',
  allow: ['gaa'],
  params: ZSettingsAccountParams,
  body: z.object({ key: zText().max(64), value: z.boolean() }),
  response: ZSaveResult,
});
