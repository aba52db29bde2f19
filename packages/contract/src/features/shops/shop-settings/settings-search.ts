import { z } from 'zod';
import { zText } from '../../../common/bounds';
import { defineOperation } from '../../../common/operation';

/** At most this many search hits (ours; a remote-search selector shows a short list). */
export const SETTINGS_SEARCH_LIMIT = 20;

/** One search hit (spec 001 §7, 002 §7): id, shop_id, shop_name, concatName. */
export const ZSettingsSearchHit = z.object({
  id: z.number().int(),
  shop_id: zText().nullable(),
  shop_name: zText(),
  concatName: zText(),
});
export type TSettingsSearchHit = z.infer<typeof ZSettingsSearchHit>;

/** "12 - 阿嬤牛肉麵 (S0012)": what the selector shows. */
export const concatShopName = (id: number, name: string, shopId: string | null): string =>
  shopId ? `${id} - ${name} (${shopId})` : `${id} - ${name}`;

// spec 001 §7, 002 §7 Admin tools: matches the account id, the store-system shop id and the name
export const searchSettingsAccountsOp = defineOperation({
  method: 'GET',
  path: '/gaa/console/accounts/:search',
  summary: 'Search shops by account id, store-system shop id or name (settings page)',
  spec: '001 §7, 002 §7',
  allow: ['gaa'],
  params: z.object({ search: zText().trim().min(1).max(100) }),
  response: z.array(ZSettingsSearchHit).max(SETTINGS_SEARCH_LIMIT),
});
