import {
  ALL,
  E,
  G,
  GE,
  GS,
  GSE,
  L,
  LOGIN_ROUTES,
  narrowTo,
  route as r,
  S,
  SHOP_TYPES,
  type TRouteDef,
  type TRouteWho,
} from './route-types';

/**
 * Every route of spec 000 §2 with its users from spec routes.tsv. Pages register in pages.ts; a route
 * without a page shows the shared "not built yet" notice. Titles feed the i18n `routes` namespace.
 */

// spec 000 §2 "Shop pages": /{type}/business/... One route per type, open to that type only: the
// page calls the API under the same prefix, so another type would only get 403s there.
export type TShopPage = { key: string; path: string; who: TRouteWho; zh: string; en: string };
export const SHOP_PAGES: readonly TShopPage[] = [
  { key: 'info', path: ':id/info', who: GSE, zh: '商店資訊', en: 'Shop info' },
  { key: 'edit', path: ':id/edit', who: GSE, zh: '編輯商店', en: 'Edit shop' },
  { key: 'qr', path: ':id/qr', who: GSE, zh: '桌邊 QR Code', en: 'Table QR codes' },
  { key: 'promotion', path: ':id/promotion', who: G, zh: '優惠活動', en: 'Promotions' },
  { key: 'update-oa', path: ':id/update-oa', who: GS, zh: '官方帳號設定', en: 'Official account settings' },
  { key: 'order-limits', path: ':id/order-limits', who: GSE, zh: '訂單上限', en: 'Order limits' },
  { key: 'line-spot', path: 'line-spot', who: G, zh: 'LINE SPOT 商店', en: 'LINE SPOT shops' },
  {
    key: 'richmenu',
    path: 'info/richmenu-settings',
    who: 'public',
    zh: '圖文選單設定表',
    en: 'Rich-menu settings',
  },
];

export const expandShopPages = (pages: readonly TShopPage[], segment: string): TRouteDef[] =>
  SHOP_TYPES.flatMap((type) =>
    pages
      .map((p) => ({ p, who: narrowTo(p.who, type) }))
      .filter(({ who }) => typeof who === 'string' || who.length > 0)
      .map(({ p, who }) =>
        r(`${type}-${segment}-${p.key}`, `/${type}/${segment}/${p.path}`, who, p.zh, p.en),
      ),
  );

export const CONSOLE_ROUTES: readonly TRouteDef[] = [
  ...LOGIN_ROUTES,
  // Summary
  r('summary-orders', '/summary/orders', ALL, '訂單查詢', 'Orders'),
  r('summary-stat', '/summary/stat', ALL, '營運統計', 'Business statistics'),
  r('summary-shop-stat', '/summary/shop-stat', G, '商店統計', 'Shop statistics'),
  r('summary-adv-shop-stat', '/summary/adv-shop-stat', G, '進階商店統計', 'Advanced shop statistics'),
  // Sales
  r('sales-query', '/sales/query', GSE, '銷售查詢', 'Sales query'),
  r('sales-vouchers', '/sales/vouchers', G, '優惠券查詢', 'Vouchers'),
  r('sales-banned-list', '/sales/banned-list', GE, '黑名單', 'Banned customers'),
  // Printers, Extra, Report
  r('printers-list', '/printers/list', G, '出單機管理', 'Printers'),
  r('extra-app-mngmt', '/extra/app-mngmt', G, '應用程式管理', 'App management'),
  r('report-shop-settings', '/report/shop-settings', G, '商店設定總覽', 'Shop settings overview'),
  r('report-formulas', '/report/formulas', G, '費率公式', 'Rate formulas'),
  r(
    'report-online-payment-configs',
    '/report/online-payment-configs',
    G,
    '線上支付設定',
    'Online payment configs',
  ),
  r('report-360-stats', '/report/360-stats', GE, '360 報表', '360° statistics'),
  // Accounting, Logistics, Stored funds
  r('acct-bank-accounts', '/acct/bank-accounts', G, '銀行帳戶', 'Bank accounts'),
  r('acct-billing-tool', '/acct/billing-tool', G, '帳務工具', 'Billing tool'),
  r('logistic-polygons', '/logistic-polygons', G, '外送範圍', 'Delivery areas'),
  r('logistics', '/logistics', GSE, '外送條件', 'Delivery conditions'),
  r('vas-billing-accounts', '/vas/billing-accounts', G, '儲值帳戶', 'Billing accounts'),
  r('vas-deposit-records', '/vas/deposit-records', G, '儲值紀錄', 'Deposit records'),
  r('vas-transactions', '/vas/transactions', G, '交易紀錄', 'Transactions'),
  // Shell pages
  r('dashboard', '/dashboard', G, '儀表板', 'Dashboard'),
  r('charts', '/charts', G, '圖表', 'Charts'),
  r('menu-management', '/menu-management', ALL, '菜單管理', 'Menu management'),
  r('newmenu-management', '/newmenu-management', GS, '新版菜單管理', 'New menu management'),
  r('line-notify-groups', '/line-notify-groups', GE, '訂單通知群組', 'Order notification groups'),
  r('registrations', '/registrations', G, '開店申請', 'Store-opening applications'),
  r('registration', '/registrations/:id', G, '開店申請明細', 'Application details'),
  r('opening', '/opening', GSE, '公休日設定', 'Closed days'),
  r('posmws', '/posmws', GS, '整合與加值服務', 'Integrations and add-ons'),
  r('account-email', '/account-email', GS, '寄送商店資訊', 'Send shop-info e-mail'),
  r('si-email-template', '/si-email-template', GS, 'SI 信件範本', 'SI e-mail template'),
  // Portals (entrances)
  r('portals', '/portals', G, '入口管理', 'Entrances'),
  r('portals-new', '/portals/new', G, '新增入口', 'New entrance'),
  r('portals-edit', '/portals/:portalKey/edit', G, '編輯入口', 'Edit entrance'),
  r('portals-shops', '/portals/shops', G, '入口商店總覽', 'Entrance shops'),
  r('portals-add-shops', '/portals/:portalKey/add-shops', G, '加入入口商店', 'Add shops to entrance'),
  r('portal-shops', '/portals/:portalKey/shops', G, '入口商店列表', 'Shops of the entrance'),
  r('portal-shop', '/portals/:portalKey/shops/:shopId', G, '入口商店設定', 'Entrance shop'),
  // Coupon campaigns
  r('send-coupons', '/send-coupons', S, '發送優惠券', 'Coupon campaigns'),
  r('send-coupons-new', '/send-coupons/new', S, '新增優惠券活動', 'New coupon campaign'),
  r('send-coupons-edit', '/send-coupons/:groupId/edit', S, '編輯優惠券活動', 'Edit coupon campaign'),
  r('send-coupons-shops', '/send-coupons/shops', S, '活動商店總覽', 'Campaign shops'),
  r('send-coupons-add-shops', '/send-coupons/:groupId/add-shops', S, '加入活動商店', 'Add shops to campaign'),
  r('send-coupons-group-shops', '/send-coupons/:groupId/shops', S, '活動商店列表', 'Shops of the campaign'),
  r('send-coupons-voucher', '/send-coupons/:groupId/vouchers/:voucherId', S, '優惠券明細', 'Voucher details'),
  // Admin users
  r('gaa-users', '/gaa-users', G, '管理員帳號', 'Administrators'),
  r('gaa-users-new', '/gaa-users/new', G, '新增管理員', 'New administrator'),
  r('gaa-users-edit', '/gaa-users/:gaaId/edit', G, '編輯管理員', 'Edit administrator'),
  // Integrator accounts and users
  r('si-accounts', '/si-accounts', G, 'SI 帳號管理', 'Integrator accounts'),
  r('si-accounts-new', '/si-accounts/new', G, '新增 SI 帳號', 'New integrator account'),
  r('si-accounts-edit', '/si-accounts/:siId/edit', G, '編輯 SI 帳號', 'Edit integrator account'),
  r('si-users', '/si-users', S, 'SI 使用者', 'Integrator users'),
  r('si-users-new', '/si-users/new', S, '新增 SI 使用者', 'New integrator user'),
  r('si-account-users', '/si-accounts/:siId/si-users', G, 'SI 使用者', 'Integrator users'),
  r('si-account-users-new', '/si-accounts/:siId/si-users/new', G, '新增 SI 使用者', 'New integrator user'),
  r(
    'si-account-users-edit',
    '/si-accounts/:siId/si-users/:siUserId/edit',
    G,
    '編輯 SI 使用者',
    'Edit integrator user',
  ),
  // Store accounts
  r('eaa-account', '/eaa-account', E, '我的帳號', 'My account'),
  // ours: the same page for the other types, whose spec has no own-account page (two-factor, sessions)
  r('my-account', '/my-account', ['gaa', 'si', 'line'], '我的帳號', 'My account'),
  r('eaa-accounts', '/eaa-accounts', GS, '商店帳號管理', 'Store accounts'),
  r('eaa-accounts-new', '/eaa-accounts/new', GS, '新增商店帳號', 'New store account'),
  r('eaa-accounts-edit', '/eaa-accounts/:eaaId/edit', GS, '編輯商店帳號', 'Edit store account'),
  r('eaa-accounts-shops', '/eaa-accounts/:eaaId/shops', GS, '帳號商店列表', 'Shops of the account'),
  // Shop pages, one per type
  ...expandShopPages(SHOP_PAGES, 'business'),
  // gaa shop pages
  r('gaa-business', '/gaa/business', G, '商店列表', 'Shops'),
  r('gaa-business-wizard', '/gaa/business/wizard', G, '開店精靈', 'Shop-opening wizard'),
  r('gaa-business-contract', '/gaa/business/:id/contract', G, '合約管理', 'Contracts'),
  // spec 002 §2: the retail tree's gaa promotions, also reachable at the spec's console path
  r('gaa-retail-common-promotion', '/gaa/retail/common/:id/promotion', G, '優惠活動', 'Promotions'),
  // the same page as eaa-settings (spec 002 §2 'shop parameters'): one name, the sidebar adds the beta tag
  r('gaa-settings', '/gaa/settings', G, '商店參數', 'Shop parameters'),
  r('gaa-printer-stations', '/gaa/printer/stations', G, '出單站管理', 'Printer stations'),
  // si, eaa
  r('si-business', '/si/business', S, '商店列表', 'Shops'),
  r('eaa-shop-management', '/eaa/business/shop-management', E, '我的商店', 'My shops'),
  r('eaa-promotions', '/eaa/business/promotions', E, '優惠活動', 'Promotions'),
  r('eaa-promotion-setting', '/eaa/business/:id/promotion-setting', E, '優惠活動設定', 'Promotion settings'),
  r('eaa-settings', '/eaa/business/:id/settings', E, '商店參數', 'Shop parameters'),
  r('eaa-acls', '/eaa/business/:id/acls', E, '權限設定', 'Permissions'),
  // ours (spec 002 §3 acls): a shop manager's (line) pages of its one shop, each opened by an acl
  // (shell/manager-pages.ts); docs/decisions/shops.md "Permissions"
  r('line-business-info', '/line/business/:id/info', L, '商店資訊', 'Shop info'),
  r('line-business-pos-users', '/line/business/:id/pos-users', L, '點餐機使用者', 'Order-machine users'),
  r('line-business-contract', '/line/business/:id/contract', L, '合約管理', 'Contracts'),
  r('line-business-acls', '/line/business/:id/acls', L, '權限設定', 'Permissions'),
  // the `shop` acl: the shop's edit form and its settings tabs (the fields an owner may edit)
  r('line-business-edit', '/line/business/:id/edit', L, '編輯商店', 'Edit shop'),
  r('line-business-settings', '/line/business/:id/settings', L, '商店參數', 'Shop parameters'),
  // Other tools (the hidden gaa menu, spec 000 §2)
  r('other-line-spot', '/other/line-spot', G, '商店目錄上傳', 'Store directory upload'),
  r('other-line-module', '/other/line-module', G, 'LINE 模組解除綁定', 'LINE module unbind'),
  r('other-developer-tool', '/other/developer-tool', G, '開發者工具', 'Developer tool'),
  // ours: the LINE delivery log of GET /gaa/line/deliveries
  r('other-line-deliveries', '/other/line-deliveries', G, 'LINE 傳送紀錄', 'LINE delivery log'),
  r('other-printer-stations', '/other/printer/stations', G, '出單站管理', 'Printer stations'),
  r('other-mail-outbox', '/other/mail-outbox', G, '寄件匣（本機擷取）', 'Mail outbox (local capture)'),
  // Point of sale and public pages
  r('qcpos-pos', '/qcpos/pos', 'pos', '點餐機', 'Point of sale'),
  r('pub-qcpos', '/pub/qcpos', 'public', '點餐機', 'Point of sale'),
  r('pub-shop-stat', '/pub/shop-stat', 'public', '商店統計', 'Shop statistics'),
  // (ours): the public store-opening application form behind /registrations
  r('pub-apply', '/pub/apply', 'public', '開店申請', 'Open a shop'),
  r('pub-firebase-demo', '/pub/firebase-demo', 'public', '即時資料示範', 'Realtime data demo'),
  r('retail-page', '/retail-page', 'public', '零售頁面', 'Retail page'),
  // Template demo pages
  r('components', '/components', G, '元件範例', 'Components'),
  r('forms', '/forms', G, '表單範例', 'Forms'),
  r('table-list', '/table-list', G, '表格範例', 'Table list'),
  r('maps', '/maps', G, '地圖範例', 'Maps'),
  r('pages-user', '/pages/user', G, '使用者資料範例', 'User profile'),
  r('pages-timeline', '/pages/timeline', G, '時間軸範例', 'Timeline'),
];

/** spec 000 §2 "Redirects"; they apply in both trees. */
export const REDIRECTS: readonly { from: string; to: string }[] = [
  { from: '/', to: '/summary/stat' },
  { from: '/sales', to: '/sales/query' },
  { from: '/printers', to: '/printers/list' },
];

export const HOME_PATH = '/summary/stat';
