import type { TUserType } from '@shopdesk/contract';
import type { layout } from '../../i18n/resources/layout';

type TGroupKey = Extract<keyof (typeof layout)['zh-TW'], `group_${string}`>;

/** A sidebar entry points at a route id; its label is the route's title. */
export type TSidebarItem = { routeId: string; beta?: boolean };

/** A titled group, named by a layout-namespace key; '' for an untitled list. */
export type TSidebarGroup = { group: TGroupKey | ''; items: readonly TSidebarItem[] };

/** Ungrouped items (line) use an empty group key. */
const flat = (items: readonly TSidebarItem[]): TSidebarGroup => ({ group: '', items });
const items = (...ids: string[]): TSidebarItem[] => ids.map((routeId) => ({ routeId }));

/** spec 000 §2 "Sidebar by user type", in the spec's order. */
export const SIDEBAR: Record<TUserType, readonly TSidebarGroup[]> = {
  gaa: [
    { group: 'group_overview', items: items('summary-stat', 'summary-orders', 'summary-shop-stat') },
    {
      group: 'group_store',
      items: [
        { routeId: 'gaa-settings', beta: true },
        ...items(
          'gaa-business',
          'menu-management',
          'newmenu-management',
          'sales-query',
          'sales-banned-list',
          'printers-list',
          'report-shop-settings',
          'report-formulas',
          'report-online-payment-configs',
          'extra-app-mngmt',
          'report-360-stats',
        ),
      ],
    },
    { group: 'group_vas', items: items('vas-billing-accounts', 'vas-deposit-records', 'vas-transactions') },
    { group: 'group_entrance', items: items('portals') },
    { group: 'group_registrations', items: items('registrations') },
    { group: 'group_finance', items: items('acct-bank-accounts', 'acct-billing-tool') },
    { group: 'group_users', items: items('gaa-users', 'si-accounts', 'eaa-accounts') },
  ],
  si: [
    { group: 'group_overview', items: items('summary-stat', 'summary-orders') },
    {
      group: 'group_store',
      items: [
        ...items('si-business', 'menu-management'),
        { routeId: 'newmenu-management', beta: true },
        ...items('sales-query'),
      ],
    },
    { group: 'group_marketing', items: items('send-coupons') },
    { group: 'group_users', items: items('si-users', 'eaa-accounts') },
  ],
  eaa: [
    { group: 'group_overview', items: items('summary-stat', 'summary-orders') },
    {
      group: 'group_store',
      items: items(
        'eaa-shop-management',
        'menu-management',
        'sales-query',
        'sales-banned-list',
        'report-360-stats',
      ),
    },
    { group: 'group_marketing', items: items('eaa-promotions') },
    { group: 'group_account', items: items('eaa-account') },
  ],
  // spec 000 §2: line sees the first three; ours (spec 002 §3 acls): the pages of its one shop that the
  // shop, user, contract and admin acls open. Each entry shows only when its acl is held (shell/manager-pages.ts).
  line: [
    flat(
      items(
        'summary-stat',
        'summary-orders',
        'menu-management',
        'line-business-info',
        'line-business-edit',
        'line-business-settings',
        'line-business-pos-users',
        'line-business-contract',
        'line-business-acls',
      ),
    ),
  ],
};

/** spec 000 §2: the hidden gaa-only "other tools" menu, revealed by ten quick clicks. */
export const HIDDEN_TOOLS: TSidebarGroup = {
  group: 'group_other',
  items: items(
    'other-line-spot',
    'other-line-module',
    'other-developer-tool',
    'other-line-deliveries',
    'other-printer-stations',
    'other-mail-outbox',
  ),
};
