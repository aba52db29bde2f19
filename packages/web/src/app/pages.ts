import { lazyPage, type TLazyPage } from '../shell/lazy-page';

/**
 * Page registry: route id → lazy page. A feature registers its screen by adding one line here; every
 * route without a line shows the shared NotBuiltPage notice (never fake data).
 */
const loginPage = lazyPage(() => import('../features/platform/session/LoginPage'));
const tableQrPage = lazyPage(() => import('../features/shops/table-qr/TableQrPage'));
const shopInfoPage = lazyPage(() => import('../features/shops/shop-profile/ShopInfoPage'));
const shopEditPage = lazyPage(() => import('../features/shops/shop-profile/ShopEditPage'));
const shopSettingsPage = lazyPage(() => import('../features/shops/shop-settings/ShopSettingsPage'));
const richMenuSettingsPage = lazyPage(() => import('../features/chat/line/RichMenuSettingsPage'));

const promotionsPage = lazyPage(() => import('../features/marketing/promotions/PromotionsPage'));
const movedPage = lazyPage(() => import('../features/platform/moved/MovedPage'));
const orderLimitsPage = lazyPage(() => import('../features/shops/order-limits/OrderLimitsPage'));
const printerStationsPage = lazyPage(
  () => import('../features/printing/printer-stations/PrinterStationsPage'),
);
const lineSpotPage = lazyPage(() => import('../features/chat/line-spot/LineSpotPage'));
const userNewPage = lazyPage(() => import('../features/platform/admin-users/UserNewPage'));
const userEditPage = lazyPage(() => import('../features/platform/admin-users/UserEditPage'));
const siUsersPage = lazyPage(() => import('../features/platform/admin-users/SiUsersPage'));
const siAccountFormPage = lazyPage(() => import('../features/platform/admin-users/SiAccountFormPage'));
const portalFormPage = lazyPage(() => import('../features/platform/portals/PortalFormPage'));
const campaignFormPage = lazyPage(() => import('../features/marketing/coupons/CampaignFormPage'));
export const PAGES: Readonly<Record<string, TLazyPage>> = {
  // spec 000 §2 Login pages (the POS sign-in, qcpos-login, is with the point-of-sale pages below)
  'eaa-login': loginPage,
  'line-login': loginPage,
  'si-login': loginPage,
  'gaa-login': loginPage,
  // one's own account (change password, sessions)
  'eaa-account': lazyPage(() => import('../features/platform/session/MyAccountPage')),
  'my-account': lazyPage(() => import('../features/platform/session/MyAccountPage')),
  // users and accounts (features/platform/admin-users); the retail tree shares these route ids
  'gaa-users': lazyPage(() => import('../features/platform/admin-users/GaaUsersPage')),
  'gaa-users-new': userNewPage,
  'gaa-users-edit': userEditPage,
  'si-accounts': lazyPage(() => import('../features/platform/admin-users/SiAccountsPage')),
  'si-accounts-new': siAccountFormPage,
  'si-accounts-edit': siAccountFormPage,
  'si-users': siUsersPage,
  'si-users-new': userNewPage,
  'si-account-users': siUsersPage,
  'si-account-users-new': userNewPage,
  'si-account-users-edit': userEditPage,
  'eaa-accounts': lazyPage(() => import('../features/platform/admin-users/EaaAccountsPage')),
  'eaa-accounts-new': userNewPage,
  'eaa-accounts-edit': userEditPage,
  'eaa-accounts-shops': lazyPage(() => import('../features/platform/admin-users/EaaShopsPage')),
  'account-email': lazyPage(() => import('../features/platform/account-email/AccountEmailPage')),
  'other-mail-outbox': lazyPage(() => import('../features/platform/mail-outbox/MailOutboxPage')),
  // printer stations (features/printing/printer-stations), both routes of spec 000 §2
  'gaa-printer-stations': printerStationsPage,
  'other-printer-stations': printerStationsPage,
  // the chat account (features/chat/line)
  'gaa-business-wizard': lazyPage(() => import('../features/chat/line/WizardPage')),
  'line-notify-groups': lazyPage(() => import('../features/chat/line/NotifyGroupsPage')),
  'gaa-business-update-oa': lazyPage(() => import('../features/chat/line/OaSettingsPage')),
  'si-business-update-oa': lazyPage(() => import('../features/chat/line/OaSettingsPage')),
  'other-line-module': lazyPage(() => import('../features/chat/line/LineModulePage')),
  'other-line-deliveries': lazyPage(() => import('../features/chat/line/DeliveriesPage')),
  'gaa-business-richmenu': richMenuSettingsPage,
  'si-business-richmenu': richMenuSettingsPage,
  'eaa-business-richmenu': richMenuSettingsPage,
  // the admin tools (the developer tool's switches, printer templates, GTM, logistics recall)
  'other-developer-tool': lazyPage(() => import('../features/platform/admin-tools/AdminToolsPage')),
  'gaa-business': lazyPage(() => import('../features/shops/shop-lists/GaaShopListPage')),
  'si-business': lazyPage(() => import('../features/shops/shop-lists/SiShopListPage')),
  'eaa-shop-management': lazyPage(() => import('../features/shops/shop-lists/EaaShopListPage')),
  'gaa-business-qr': tableQrPage,
  'si-business-qr': tableQrPage,
  'eaa-business-qr': tableQrPage,
  'gaa-common-qr': tableQrPage,
  'si-common-qr': tableQrPage,
  'eaa-common-qr': tableQrPage,
  'gaa-business-info': shopInfoPage,
  'si-business-info': shopInfoPage,
  'eaa-business-info': shopInfoPage,
  'gaa-common-info': shopInfoPage,
  'si-common-info': shopInfoPage,
  'eaa-common-info': shopInfoPage,
  'gaa-business-edit': shopEditPage,
  'si-business-edit': shopEditPage,
  'eaa-business-edit': shopEditPage,
  'gaa-common-edit': shopEditPage,
  'si-common-edit': shopEditPage,
  'eaa-common-edit': shopEditPage,
  'gaa-settings': shopSettingsPage,
  'eaa-settings': shopSettingsPage,
  'gaa-business-order-limits': orderLimitsPage,
  'si-business-order-limits': orderLimitsPage,
  'eaa-business-order-limits': orderLimitsPage,
  opening: lazyPage(() => import('../features/shops/shop-time/OpeningPage')),
  // delivery conditions and every shop's zones (features/delivery/logistics)
  logistics: lazyPage(() => import('../features/delivery/logistics/LogisticsPage')),
  'logistic-polygons': lazyPage(() => import('../features/delivery/logistics/LogisticPolygonsPage')),
  'menu-management': lazyPage(() => import('../features/menus/menus/MenuManagementPage')),
  'newmenu-management': lazyPage(() => import('../features/menus/menus/NewMenuManagementPage')),
  // point of sale (features/orders/pos-board)
  'qcpos-login': lazyPage(() => import('../features/orders/pos-board/QcposLoginPage')),
  'qcpos-pos': lazyPage(() => import('../features/orders/pos-board/PosBoardPage')),
  'pub-qcpos': lazyPage(() => import('../features/orders/pos-board/PubQcposPage')),
  // orders and sales (features/orders/order-summary, features/reports/sales)
  'summary-orders': lazyPage(() => import('../features/orders/order-summary/SummaryOrdersPage')),
  'sales-query': lazyPage(() => import('../features/reports/sales/SalesQueryPage')),
  'sales-vouchers': lazyPage(() => import('../features/reports/sales/VouchersPage')),
  'sales-banned-list': lazyPage(() => import('../features/reports/sales/BannedListPage')),
  // statistics (features/reports/stats)
  'summary-stat': lazyPage(() => import('../features/reports/stats/SummaryStatPage')),
  'summary-shop-stat': lazyPage(() => import('../features/reports/stats/ShopStatPage')),
  'summary-adv-shop-stat': lazyPage(() => import('../features/reports/stats/AdvShopStatPage')),
  'report-360-stats': lazyPage(() => import('../features/reports/stats/Stats360Page')),
  // platform reports (features/reports/platform-reports), API clients (features/platform/api-clients)
  dashboard: lazyPage(() => import('../features/reports/platform-reports/DashboardPage')),
  'extra-app-mngmt': lazyPage(() => import('../features/platform/api-clients/ApiClientsPage')),
  'report-shop-settings': lazyPage(
    () => import('../features/reports/platform-reports/ShopSettingsReportPage'),
  ),
  'report-online-payment-configs': lazyPage(
    () => import('../features/reports/platform-reports/OnlinePaymentReportPage'),
  ),
  // charts, rate formulas, the component gallery (features/reports/charts, formulas, gallery)
  charts: lazyPage(() => import('../features/reports/charts/ChartsPage')),
  'report-formulas': lazyPage(() => import('../features/platform/formulas/FormulasPage')),
  // stored funds (a double-entry ledger), payout bank accounts, monthly billing (features/payments/ledger)
  'vas-billing-accounts': lazyPage(() => import('../features/payments/ledger/BillingAccountsPage')),
  'vas-deposit-records': lazyPage(() => import('../features/payments/ledger/DepositRecordsPage')),
  'vas-transactions': lazyPage(() => import('../features/payments/ledger/TransactionsPage')),
  'acct-bank-accounts': lazyPage(() => import('../features/payments/ledger/BankAccountsPage')),
  'acct-billing-tool': lazyPage(() => import('../features/payments/ledger/BillingToolPage')),
  components: lazyPage(() => import('../features/platform/gallery/ComponentsPage')),
  forms: lazyPage(() => import('../features/platform/gallery/FormsPage')),
  'table-list': lazyPage(() => import('../features/platform/gallery/TableListPage')),
  maps: lazyPage(() => import('../features/platform/gallery/MapsPage')),
  'pages-user': lazyPage(() => import('../features/platform/gallery/UserCardPage')),
  'pages-timeline': lazyPage(() => import('../features/platform/gallery/TimelinePage')),
  'pub-shop-stat': lazyPage(() => import('../features/reports/stats/PubShopStatPage')),
  // named by the spec only; they point to what replaced them (features/platform/moved)
  'pub-firebase-demo': movedPage,
  'retail-page': movedPage,
  // the store directory upload tool (features/chat/line-spot)
  'other-line-spot': lineSpotPage,
  'gaa-business-line-spot': lineSpotPage,
  // printers (features/printing/printers)
  'printers-list': lazyPage(() => import('../features/printing/printers/PrinterListPage')),
  // promotions (features/marketing/promotions)
  'gaa-business-promotion': promotionsPage,
  'gaa-common-promotion': promotionsPage,
  'gaa-retail-common-promotion': promotionsPage,
  'eaa-promotion-setting': promotionsPage,
  // contracts (features/platform/contracts), also in the retail tree
  'gaa-business-contract': lazyPage(() => import('../features/platform/contracts/ContractsPage')),
  'eaa-promotions': lazyPage(() => import('../features/marketing/promotions/EaaPromotionShopsPage')),
  // permissions (features/shops/acls), also in the retail tree
  'eaa-acls': lazyPage(() => import('../features/shops/acls/AclsPage')),
  // a shop manager's (line) pages of its one shop (shell/manager-pages.ts)
  'line-business-info': shopInfoPage,
  'line-business-pos-users': lazyPage(() => import('../features/shops/pos-users/PosUsersPage')),
  'line-business-contract': lazyPage(() => import('../features/platform/contracts/ContractsPage')),
  'line-business-acls': lazyPage(() => import('../features/shops/acls/AclsPage')),
  'line-business-edit': shopEditPage,
  'line-business-settings': shopSettingsPage,
  // integrations and value-added services (features/platform/integrations)
  posmws: lazyPage(() => import('../features/platform/integrations/IntegrationsPage')),
  // coupon campaigns (features/marketing/coupons), also in the retail tree
  'send-coupons': lazyPage(() => import('../features/marketing/coupons/CampaignsPage')),
  'send-coupons-new': campaignFormPage,
  'send-coupons-edit': campaignFormPage,
  'send-coupons-shops': lazyPage(() => import('../features/marketing/coupons/CouponShopsPage')),
  'send-coupons-add-shops': lazyPage(() => import('../features/marketing/coupons/CampaignAddShopsPage')),
  'send-coupons-group-shops': lazyPage(() => import('../features/marketing/coupons/CampaignShopsPage')),
  'send-coupons-voucher': lazyPage(() => import('../features/marketing/coupons/VoucherPage')),
  // entrance portals (features/platform/portals), also in the retail tree
  portals: lazyPage(() => import('../features/platform/portals/PortalsPage')),
  'portals-new': portalFormPage,
  'portals-edit': portalFormPage,
  'portals-shops': lazyPage(() => import('../features/platform/portals/PortalShopsOverviewPage')),
  'portals-add-shops': lazyPage(() => import('../features/platform/portals/PortalAddShopsPage')),
  'portal-shops': lazyPage(() => import('../features/platform/portals/PortalShopsPage')),
  'portal-shop': lazyPage(() => import('../features/platform/portals/PortalShopPage')),
  // store-opening applications (features/platform/registrations) and SI mail templates (features/platform/mail-templates)
  registrations: lazyPage(() => import('../features/platform/registrations/RegistrationsPage')),
  registration: lazyPage(() => import('../features/platform/registrations/RegistrationPage')),
  'pub-apply': lazyPage(() => import('../features/platform/registrations/ApplyPage')),
  'si-email-template': lazyPage(() => import('../features/platform/mail-templates/SiEmailTemplatePage')),
};
