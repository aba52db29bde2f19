import { lazyPage, type TLazyPage } from '../shell/lazy-page';

/**
 * Page registry: route id → lazy page. A feature registers its screen by adding one line here; every
 * route without a line shows the shared NotBuiltPage notice (never fake data).
 */
const loginPage = lazyPage(() => import('../features/session/LoginPage'));
const tableQrPage = lazyPage(() => import('../features/table-qr/TableQrPage'));
const shopInfoPage = lazyPage(() => import('../features/shop-profile/ShopInfoPage'));
const shopEditPage = lazyPage(() => import('../features/shop-profile/ShopEditPage'));
const shopSettingsPage = lazyPage(() => import('../features/shop-settings/ShopSettingsPage'));
const richMenuSettingsPage = lazyPage(() => import('../features/line/RichMenuSettingsPage'));

const promotionsPage = lazyPage(() => import('../features/promotions/PromotionsPage'));
const movedPage = lazyPage(() => import('../features/moved/MovedPage'));
const orderLimitsPage = lazyPage(() => import('../features/order-limits/OrderLimitsPage'));
const printerStationsPage = lazyPage(() => import('../features/printer-stations/PrinterStationsPage'));
const lineSpotPage = lazyPage(() => import('../features/line-spot/LineSpotPage'));
const userNewPage = lazyPage(() => import('../features/admin-users/UserNewPage'));
const userEditPage = lazyPage(() => import('../features/admin-users/UserEditPage'));
const siUsersPage = lazyPage(() => import('../features/admin-users/SiUsersPage'));
const siAccountFormPage = lazyPage(() => import('../features/admin-users/SiAccountFormPage'));
const portalFormPage = lazyPage(() => import('../features/portals/PortalFormPage'));
const campaignFormPage = lazyPage(() => import('../features/coupons/CampaignFormPage'));
export const PAGES: Readonly<Record<string, TLazyPage>> = {
  // spec 000 §2 Login pages (the POS sign-in, qcpos-login, is with the point-of-sale pages below)
  'eaa-login': loginPage,
  'line-login': loginPage,
  'si-login': loginPage,
  'gaa-login': loginPage,
  // one's own account (change password, sessions)
  'eaa-account': lazyPage(() => import('../features/session/MyAccountPage')),
  'my-account': lazyPage(() => import('../features/session/MyAccountPage')),
  // users and accounts (features/admin-users); the retail tree shares these route ids
  'gaa-users': lazyPage(() => import('../features/admin-users/GaaUsersPage')),
  'gaa-users-new': userNewPage,
  'gaa-users-edit': userEditPage,
  'si-accounts': lazyPage(() => import('../features/admin-users/SiAccountsPage')),
  'si-accounts-new': siAccountFormPage,
  'si-accounts-edit': siAccountFormPage,
  'si-users': siUsersPage,
  'si-users-new': userNewPage,
  'si-account-users': siUsersPage,
  'si-account-users-new': userNewPage,
  'si-account-users-edit': userEditPage,
  'eaa-accounts': lazyPage(() => import('../features/admin-users/EaaAccountsPage')),
  'eaa-accounts-new': userNewPage,
  'eaa-accounts-edit': userEditPage,
  'eaa-accounts-shops': lazyPage(() => import('../features/admin-users/EaaShopsPage')),
  'account-email': lazyPage(() => import('../features/account-email/AccountEmailPage')),
  'other-mail-outbox': lazyPage(() => import('../features/mail-outbox/MailOutboxPage')),
  // printer stations (features/printer-stations), both routes of spec 000 §2
  'gaa-printer-stations': printerStationsPage,
  'other-printer-stations': printerStationsPage,
  // the chat account (features/line)
  'gaa-business-wizard': lazyPage(() => import('../features/line/WizardPage')),
  'line-notify-groups': lazyPage(() => import('../features/line/NotifyGroupsPage')),
  'gaa-business-update-oa': lazyPage(() => import('../features/line/OaSettingsPage')),
  'si-business-update-oa': lazyPage(() => import('../features/line/OaSettingsPage')),
  'other-line-module': lazyPage(() => import('../features/line/LineModulePage')),
  'other-line-deliveries': lazyPage(() => import('../features/line/DeliveriesPage')),
  'gaa-business-richmenu': richMenuSettingsPage,
  'si-business-richmenu': richMenuSettingsPage,
  'eaa-business-richmenu': richMenuSettingsPage,
  // the admin tools (the developer tool's switches, printer templates, GTM, logistics recall)
  'other-developer-tool': lazyPage(() => import('../features/admin-tools/AdminToolsPage')),
  'gaa-business': lazyPage(() => import('../features/shop-lists/GaaShopListPage')),
  'si-business': lazyPage(() => import('../features/shop-lists/SiShopListPage')),
  'eaa-shop-management': lazyPage(() => import('../features/shop-lists/EaaShopListPage')),
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
  opening: lazyPage(() => import('../features/shop-time/OpeningPage')),
  // delivery conditions and every shop's zones (features/logistics)
  logistics: lazyPage(() => import('../features/logistics/LogisticsPage')),
  'logistic-polygons': lazyPage(() => import('../features/logistics/LogisticPolygonsPage')),
  'menu-management': lazyPage(() => import('../features/menus/MenuManagementPage')),
  'newmenu-management': lazyPage(() => import('../features/menus/NewMenuManagementPage')),
  // point of sale (features/pos-board)
  'qcpos-login': lazyPage(() => import('../features/pos-board/QcposLoginPage')),
  'qcpos-pos': lazyPage(() => import('../features/pos-board/PosBoardPage')),
  'pub-qcpos': lazyPage(() => import('../features/pos-board/PubQcposPage')),
  // orders and sales (features/order-summary, features/sales)
  'summary-orders': lazyPage(() => import('../features/order-summary/SummaryOrdersPage')),
  'sales-query': lazyPage(() => import('../features/sales/SalesQueryPage')),
  'sales-vouchers': lazyPage(() => import('../features/sales/VouchersPage')),
  'sales-banned-list': lazyPage(() => import('../features/sales/BannedListPage')),
  // statistics (features/stats)
  'summary-stat': lazyPage(() => import('../features/stats/SummaryStatPage')),
  'summary-shop-stat': lazyPage(() => import('../features/stats/ShopStatPage')),
  'summary-adv-shop-stat': lazyPage(() => import('../features/stats/AdvShopStatPage')),
  'report-360-stats': lazyPage(() => import('../features/stats/Stats360Page')),
  // platform reports (features/platform-reports), API clients (features/api-clients)
  dashboard: lazyPage(() => import('../features/platform-reports/DashboardPage')),
  'extra-app-mngmt': lazyPage(() => import('../features/api-clients/ApiClientsPage')),
  'report-shop-settings': lazyPage(() => import('../features/platform-reports/ShopSettingsReportPage')),
  'report-online-payment-configs': lazyPage(
    () => import('../features/platform-reports/OnlinePaymentReportPage'),
  ),
  // charts, rate formulas, the component gallery (features/charts, formulas, gallery)
  charts: lazyPage(() => import('../features/charts/ChartsPage')),
  'report-formulas': lazyPage(() => import('../features/formulas/FormulasPage')),
  // stored funds (a double-entry ledger), payout bank accounts, monthly billing (features/ledger)
  'vas-billing-accounts': lazyPage(() => import('../features/ledger/BillingAccountsPage')),
  'vas-deposit-records': lazyPage(() => import('../features/ledger/DepositRecordsPage')),
  'vas-transactions': lazyPage(() => import('../features/ledger/TransactionsPage')),
  'acct-bank-accounts': lazyPage(() => import('../features/ledger/BankAccountsPage')),
  'acct-billing-tool': lazyPage(() => import('../features/ledger/BillingToolPage')),
  components: lazyPage(() => import('../features/gallery/ComponentsPage')),
  forms: lazyPage(() => import('../features/gallery/FormsPage')),
  'table-list': lazyPage(() => import('../features/gallery/TableListPage')),
  maps: lazyPage(() => import('../features/gallery/MapsPage')),
  'pages-user': lazyPage(() => import('../features/gallery/UserCardPage')),
  'pages-timeline': lazyPage(() => import('../features/gallery/TimelinePage')),
  'pub-shop-stat': lazyPage(() => import('../features/stats/PubShopStatPage')),
  // named by the spec only; they point to what replaced them (features/moved)
  'pub-firebase-demo': movedPage,
  'retail-page': movedPage,
  // the store directory upload tool (features/line-spot)
  'other-line-spot': lineSpotPage,
  'gaa-business-line-spot': lineSpotPage,
  // printers (features/printers)
  'printers-list': lazyPage(() => import('../features/printers/PrinterListPage')),
  // promotions (features/promotions)
  'gaa-business-promotion': promotionsPage,
  'gaa-common-promotion': promotionsPage,
  'gaa-retail-common-promotion': promotionsPage,
  'eaa-promotion-setting': promotionsPage,
  // contracts (features/contracts), also in the retail tree
  'gaa-business-contract': lazyPage(() => import('../features/contracts/ContractsPage')),
  'eaa-promotions': lazyPage(() => import('../features/promotions/EaaPromotionShopsPage')),
  // permissions (features/acls), also in the retail tree
  'eaa-acls': lazyPage(() => import('../features/acls/AclsPage')),
  // a shop manager's (line) pages of its one shop (app/manager-pages.ts)
  'line-business-info': shopInfoPage,
  'line-business-pos-users': lazyPage(() => import('../features/pos-users/PosUsersPage')),
  'line-business-contract': lazyPage(() => import('../features/contracts/ContractsPage')),
  'line-business-acls': lazyPage(() => import('../features/acls/AclsPage')),
  'line-business-edit': shopEditPage,
  'line-business-settings': shopSettingsPage,
  // integrations and value-added services (features/integrations)
  posmws: lazyPage(() => import('../features/integrations/IntegrationsPage')),
  // coupon campaigns (features/coupons), also in the retail tree
  'send-coupons': lazyPage(() => import('../features/coupons/CampaignsPage')),
  'send-coupons-new': campaignFormPage,
  'send-coupons-edit': campaignFormPage,
  'send-coupons-shops': lazyPage(() => import('../features/coupons/CouponShopsPage')),
  'send-coupons-add-shops': lazyPage(() => import('../features/coupons/CampaignAddShopsPage')),
  'send-coupons-group-shops': lazyPage(() => import('../features/coupons/CampaignShopsPage')),
  'send-coupons-voucher': lazyPage(() => import('../features/coupons/VoucherPage')),
  // entrance portals (features/portals), also in the retail tree
  portals: lazyPage(() => import('../features/portals/PortalsPage')),
  'portals-new': portalFormPage,
  'portals-edit': portalFormPage,
  'portals-shops': lazyPage(() => import('../features/portals/PortalShopsOverviewPage')),
  'portals-add-shops': lazyPage(() => import('../features/portals/PortalAddShopsPage')),
  'portal-shops': lazyPage(() => import('../features/portals/PortalShopsPage')),
  'portal-shop': lazyPage(() => import('../features/portals/PortalShopPage')),
  // store-opening applications (features/registrations) and SI mail templates (features/mail-templates)
  registrations: lazyPage(() => import('../features/registrations/RegistrationsPage')),
  registration: lazyPage(() => import('../features/registrations/RegistrationPage')),
  'pub-apply': lazyPage(() => import('../features/registrations/ApplyPage')),
  'si-email-template': lazyPage(() => import('../features/mail-templates/SiEmailTemplatePage')),
};
