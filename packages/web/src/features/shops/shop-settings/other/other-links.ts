import { POS_USER_CONSOLE_TYPES } from '@shopdesk/contract';
import { newTabHref, shopPage, type TShopRef, updateOaPage } from '../../shop-lists/shop-links';
import type { SettingsTabProps } from '../tab-types';

type TTabUser = SettingsTabProps['userType'];

/** What a card of the Other tab does: an in-app page, a page in a new browser tab, or a dialog. */
export type TOtherLink =
  | { key: string; kind: 'page' | 'new-tab'; routeId: string; path: string }
  | { key: string; kind: 'dialog'; who: readonly TTabUser[] };

type TContext = { type: TTabUser; retail: boolean; shop: TShopRef };

/**
 * The shop's other pages, in the order an operator looks for them: the shop's own pages, then the shell
 * pages that open in a new browser tab with shop_id and shop_name (spec 002 §2 "These pages open in a new
 * browser tab"; /summary/orders takes shopId). Each names its route id: the tab shows a card only when the
 * app's route table (of the tree it runs in) has that route and lets the user's type open it, so roles and
 * trees are decided by the route table alone. The pages that are another tab's content (the Logistic tab is
 * /logistics, Contract and Promotion) are not repeated.
 */
export const otherLinks = ({ type, retail, shop }: TContext): TOtherLink[] => {
  const segment = retail ? 'common' : 'business';
  const page = (key: string, routeId: string, path: string): TOtherLink => ({
    key,
    kind: 'page',
    routeId,
    path,
  });
  const newTab = (key: string, routeId: string, path: string): TOtherLink => ({
    key,
    kind: 'new-tab',
    routeId,
    path,
  });
  return [
    page('edit', `${type}-${segment}-edit`, shopPage(type, retail, shop.id, 'edit')),
    page('qr', `${type}-${segment}-qr`, shopPage(type, retail, shop.id, 'qr')),
    page('order-limits', `${type}-business-order-limits`, shopPage(type, false, shop.id, 'order-limits')),
    page('acls', 'eaa-acls', `/eaa/business/${shop.id}/acls`),
    page('update-oa', `${type}-business-update-oa`, updateOaPage(type, shop)),
    page(
      'printer-stations',
      'gaa-printer-stations',
      `/gaa/printer/stations?${new URLSearchParams({ shop_id: String(shop.id), shop_name: shop.name })}`,
    ),
    // spec 002 §2 screen 5: a dialog of the shop lists, not a page; the API's types may open it
    { key: 'pos-users', kind: 'dialog', who: POS_USER_CONSOLE_TYPES },
    newTab('orders', 'summary-orders', `/summary/orders?shopId=${shop.id}`),
    newTab('notify', 'line-notify-groups', newTabHref('', '/line-notify-groups', shop)),
    newTab('opening', 'opening', newTabHref('', '/opening', shop)),
    newTab('posmws', 'posmws', newTabHref('', '/posmws', shop)),
    newTab('account-email', 'account-email', newTabHref('', '/account-email', shop)),
  ];
};
