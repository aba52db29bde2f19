import type { TGoLiveItem, TShopPortal } from '@shopdesk/contract';

/**
 * Where each go-live item is done, for the caller's type, in the current tree (console or retail); null
 * where that type has no page for it (the printer and Time tabs are gaa's and the owner's settings pages,
 * the go-live switch is on gaa's shop list, spec 002 §4). Paths are inside the router's basename.
 */
export const goLiveLink = (
  item: TGoLiveItem,
  type: TShopPortal,
  retail: boolean,
  id: number,
): string | null => {
  const shopPage = (page: string) => `/${type}/${retail ? 'common' : 'business'}/${id}/${page}`;
  // the settings page: gaa's (console tree only) with ?accountId, the owner's under its shop
  const settings = (tab: string) =>
    type === 'eaa'
      ? `/eaa/business/${id}/settings?tab=${tab}`
      : type === 'gaa' && !retail
        ? `/gaa/settings?accountId=${id}&tab=${tab}`
        : null;
  switch (item) {
    case 'owner':
      return type === 'eaa' ? null : '/eaa-accounts';
    case 'hours':
      return settings('time');
    case 'menu':
      return `/menu-management?shop=${id}`;
    case 'tableQr':
      return shopPage('qr');
    case 'printer':
      return type === 'gaa' ? settings('printer') : null;
    case 'payment':
      return shopPage('edit');
    case 'live':
      return type === 'gaa' ? `/gaa/business?id=${id}` : null;
  }
};
