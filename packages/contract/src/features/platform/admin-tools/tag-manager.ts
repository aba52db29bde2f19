import { z } from 'zod';
import { PG_INT, zText } from '../../../common/bounds';
import { msg, type TMessage } from '../../../common/errors';
import { defineOperation } from '../../../common/operation';

/**
 * The tag-manager (GTM) setter (spec 002 §2 screen 12, §4, §5, §7 PUT /gaa/business/bulk/gtm, §8): one GTM
 * container id for a list of shops (account ids). The storefront pages of those shops load that container.
 */
export const GTM_MESSAGES = {
  // spec 002 §5
  gtmRequired: msg('請填入GTM', 'Enter the GTM id'),
  idsRequired: msg('請輸入商店ID', 'Enter at least one shop id'),
  notNumber: msg('請輸入數字', 'Enter numbers'),
  // spec 002 §8
  updated: msg('更新成功！', 'Updated!'),
  failed: msg('更新失敗！請重新嘗試。', 'Update failed! Please try again.'),
  // ours: the id goes into the storefront's script address, so only a container id is taken
  badGtm: msg('GTM 格式應為 GTM-XXXXXXX', 'A GTM id looks like GTM-XXXXXXX'),
  unknownShops: (ids: readonly number[]) =>
    msg(`找不到商店：${ids.join(', ')}`, `No such shop: ${ids.join(', ')}`),
} as const;

/** Most shops one call sets (ours). */
export const GTM_MAX_SHOPS = 500;
export const GTM_ID = /^GTM-[A-Z0-9]{4,12}$/;

/**
 * spec 002 §5: account ids are split on commas or spaces, must be positive numbers and duplicates are
 * removed; at least one is needed. Takes the tags of the form (each may hold several ids) or one text.
 */
export const parseAccountIds = (
  input: string | readonly (string | number)[],
): { ok: true; ids: number[] } | { ok: false; error: TMessage } => {
  const parts = (typeof input === 'string' ? [input] : input)
    .flatMap((x) => String(x).split(/[,，\s]+/))
    .filter((x) => x !== '');
  if (parts.length === 0) return { ok: false, error: GTM_MESSAGES.idsRequired };
  const ids: number[] = [];
  for (const p of parts) {
    if (!/^\d+$/.test(p)) return { ok: false, error: GTM_MESSAGES.notNumber };
    const n = Number(p);
    if (n < 1 || n > PG_INT.max) return { ok: false, error: GTM_MESSAGES.notNumber };
    if (!ids.includes(n)) ids.push(n);
  }
  return { ok: true, ids };
};

/** spec 002 §5: the value is required ('請填入GTM'); ours: it must be a container id (upper-cased). */
export const checkGtmValue = (
  value: string | null | undefined,
): { ok: true; gtm: string } | { ok: false; error: TMessage } => {
  const v = (value ?? '').trim().toUpperCase();
  if (v === '') return { ok: false, error: GTM_MESSAGES.gtmRequired };
  if (!GTM_ID.test(v)) return { ok: false, error: GTM_MESSAGES.badGtm };
  return { ok: true, gtm: v };
};

export const ZGtmUpdate = z
  .object({
    accountIds: z
      .array(z.union([z.number().min(-2147483648).max(2147483647), zText(200)]))
      .max(GTM_MAX_SHOPS),
    gtm: zText(64),
  })
  .superRefine((v, ctx) => {
    const ids = parseAccountIds(v.accountIds);
    if (!ids.ok) ctx.addIssue({ code: 'custom', path: ['accountIds'], message: ids.error.zh });
    const gtm = checkGtmValue(v.gtm);
    if (!gtm.ok) ctx.addIssue({ code: 'custom', path: ['gtm'], message: gtm.error.zh });
  });
export type TGtmUpdate = z.infer<typeof ZGtmUpdate>;

export const setShopsGtmOp = defineOperation({
  method: 'PUT',
  path: '/gaa/business/bulk/gtm',
  summary: 'Set the tag-manager (GTM) id of several shops',
  spec: '002 §7 Admin tools',
  allow: ['gaa'],
  body: ZGtmUpdate,
  response: z.object({ accountIds: z.array(z.number().int()), gtm: zText(), message: zText() }),
});
