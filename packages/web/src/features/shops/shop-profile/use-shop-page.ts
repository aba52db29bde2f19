import type { TShopPortal } from '@shopdesk/contract';
import { useParams, useSearchParams } from 'react-router';
import type { TRouteDef } from '../../../shell/route-types';
import { useVariant } from '../../../shell/variant';

/** Where "back to shop list" leads for each type (spec 000 §2: gaa and si business lists, eaa shop management). */
export const SHOP_LIST_PATHS: Record<TShopPortal, string> = {
  gaa: '/gaa/business',
  si: '/si/business',
  eaa: '/eaa/business/shop-management',
};

/**
 * The shop a page is about: the type is the route's own (/{type}/business/{id}/…, one route per type),
 * the id comes from the path, and siAccountId from the query (spec 000 §2 "Shop info screen").
 */
export const useShopPage = (route: TRouteDef) => {
  const type = route.path.split('/')[1] as TShopPortal;
  const raw = useParams().id ?? '';
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  const [search] = useSearchParams();
  const si = search.get('siAccountId');
  return {
    type,
    id,
    retail: useVariant().variant === 'retail',
    siAccountId: si && /^\d+$/.test(si) ? Number(si) : null,
  };
};
