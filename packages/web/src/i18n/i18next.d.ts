import 'i18next';
import type { acls } from './resources/acls';
import type { apiClients } from './resources/api-clients';
import type { common } from './resources/common';
import type { contracts } from './resources/contracts';
import type { einvoice } from './resources/einvoice';
import type { integrations } from './resources/integrations';
import type { layout } from './resources/layout';
import type { line } from './resources/line';
import type { logistics } from './resources/logistics';
import type { mail } from './resources/mail';
import type { mailTemplates } from './resources/mail-templates';
import type { menus } from './resources/menus';
import type { moved } from './resources/moved';
import type { orderSummary } from './resources/order-summary';
import type { platformReports } from './resources/platform-reports';
import type { portals } from './resources/portals';
import type { posBoard } from './resources/pos-board';
import type { posUsers } from './resources/pos-users';
import type { printers } from './resources/printers';
import type { promotions } from './resources/promotions';
import type { qrpay } from './resources/qrpay';
import type { registrations } from './resources/registrations';
import type { routes } from './resources/routes';
import type { sales } from './resources/sales';
import type { session } from './resources/session';
import type { shopLists } from './resources/shop-lists';
import type { shopProfile } from './resources/shop-profile';
import type { shopSettings } from './resources/shop-settings';
import type { shopTime } from './resources/shop-time';
import type { stats } from './resources/stats';
import type { storefrontCheck } from './resources/storefront-check';
import type { tableQr } from './resources/table-qr';
import type { weeklyReport } from './resources/weekly-report';

// Typed keys: t('common:notFound') is checked by tsc, a typo fails the build.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: (typeof common)['zh-TW'];
      session: (typeof session)['zh-TW'];
      layout: (typeof layout)['zh-TW'];
      routes: (typeof routes)['zh-TW'];
      mail: (typeof mail)['zh-TW'];
      line: (typeof line)['zh-TW'];
      menus: (typeof menus)['zh-TW'];
      posUsers: (typeof posUsers)['zh-TW'];
      weeklyReport: (typeof weeklyReport)['zh-TW'];
      shopLists: (typeof shopLists)['zh-TW'];
      tableQr: (typeof tableQr)['zh-TW'];
      shopTime: (typeof shopTime)['zh-TW'];
      shopProfile: (typeof shopProfile)['zh-TW'];
      shopSettings: (typeof shopSettings)['zh-TW'];
      storefrontCheck: (typeof storefrontCheck)['zh-TW'];
      posBoard: (typeof posBoard)['zh-TW'];
      apiClients: (typeof apiClients)['zh-TW'];
      moved: (typeof moved)['zh-TW'];
      platformReports: (typeof platformReports)['zh-TW'];
      orderSummary: (typeof orderSummary)['zh-TW'];
      sales: (typeof sales)['zh-TW'];
      stats: (typeof stats)['zh-TW'];
      printers: (typeof printers)['zh-TW'];
      einvoice: (typeof einvoice)['zh-TW'];
      promotions: (typeof promotions)['zh-TW'];
      logistics: (typeof logistics)['zh-TW'];
      contracts: (typeof contracts)['zh-TW'];
      acls: (typeof acls)['zh-TW'];
      integrations: (typeof integrations)['zh-TW'];
      qrpay: (typeof qrpay)['zh-TW'];
      portals: (typeof portals)['zh-TW'];
      registrations: (typeof registrations)['zh-TW'];
      mailTemplates: (typeof mailTemplates)['zh-TW'];
    };
  }
}
