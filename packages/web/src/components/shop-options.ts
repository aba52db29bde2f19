import { listMenuShopsOp, type TMenuShopOption, type TShopKind, type TUserType } from '@shopdesk/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useApiQuery } from '../lib/api-query';
import { useShopKind } from '../shell/variant';

/** One key family for the shop select, whatever page it sits on (the answer is the same in one tree). */
export const shopOptionKeys = {
  search: (type: TUserType, kind: TShopKind, q: string) => ['shop-options', type, kind, q] as const,
};

/**
 * The caller's shops by name or account id, first 20: the menu editor's shop search (GET /:type/menu/shops),
 * role-scoped on the server (gaa any shop, si its SI account's, eaa its own, line its one), of the tree's
 * shop kind (retail in /retail/, catering in /console/).
 */
export const useShopOptions = (type: TUserType, q: string, enabled = true) => {
  const kind = useShopKind();
  return useApiQuery(
    listMenuShopsOp,
    { params: { type }, query: { q: q || undefined, kind, limit: 20 } },
    { queryKey: shopOptionKeys.search(type, kind, q), placeholderData: keepPreviousData, enabled },
  );
};

/** The caller's only shop when it has exactly one (a page that needs a shop preselects it), else null. */
export const useOnlyShop = (type: TUserType, enabled: boolean): TMenuShopOption | null => {
  const all = useShopOptions(type, '', enabled);
  return enabled && all.data?.total === 1 ? (all.data.rows[0] ?? null) : null;
};
