import type { ComponentType } from 'react';
import type { TTitle } from '../../../../shell/route-types';
import type { SettingsTabProps } from '../tab-types';

/** The page's user types, and a shop manager (line) holding the `shop` acl. */
type TTabUser = SettingsTabProps['userType'] | 'line';

/** One tab of the settings page: its module is loaded the first time the tab opens. */
export type TSettingsTab = {
  key: string;
  title: TTitle;
  /** Who sees the tab (spec 001 §6; the server checks every call again). */
  who: readonly TTabUser[];
  load: () => Promise<{ default: ComponentType<SettingsTabProps> }>;
};

const ALL: readonly TTabUser[] = ['gaa', 'si', 'eaa'];
/**
 * The tabs a shop manager (line) sees: the ones whose every call is a /console/{id}/… call of the settings
 * page, which the `shop` acl opens (contract acls.ts) and the server lets line make (settings-load,
 * settings-save, settings-record). The other tabs' calls (times, logistics, e-invoice, promotions, the other
 * pages) stay the portals'.
 */
const ALL_AND_LINE: readonly TTabUser[] = [...ALL, 'line'];
// spec 001 §6, 002 §6: printers, QR payment and contracts are for gaa; promotions for gaa and eaa.
const GAA: readonly TTabUser[] = ['gaa'];

/**
 * The eleven tabs in the spec's order (spec 001 §1). Adding a tab is one line here and its own module, most
 * in the feature folder whose page shows the same thing (Contract = the contract list, Promotion = the
 * promotion list; docs/decisions/shops.md "Settings page: Contract, Promotion and Other tabs").
 */
export const SETTINGS_TABS: readonly TSettingsTab[] = [
  { key: 'store', title: { zh: '商店', en: 'Store' }, who: ALL_AND_LINE, load: () => import('./StoreTab') },
  {
    key: 'advance',
    title: { zh: '進階', en: 'Advance' },
    who: ALL_AND_LINE,
    load: () => import('./AdvanceTab'),
  },
  { key: 'time', title: { zh: '時間', en: 'Time' }, who: ALL, load: () => import('../../shop-time/TimeTab') },
  {
    key: 'logistic',
    title: { zh: '物流', en: 'Logistic' },
    who: ALL,
    load: () => import('../../../delivery/logistics/LogisticTab'),
  },
  {
    key: 'printer',
    title: { zh: '出單機', en: 'Printer' },
    who: GAA,
    load: () => import('../../../printing/printers/PrinterTab'),
  },
  {
    key: 'contract',
    title: { zh: '合約', en: 'Contract' },
    who: GAA,
    load: () => import('../../../platform/contracts/ContractTab'),
  },
  {
    key: 'promotion',
    title: { zh: '優惠', en: 'Promotion' },
    who: ['gaa', 'eaa'],
    load: () => import('../../../marketing/promotions/PromotionTab'),
  },
  { key: 'other', title: { zh: '其他', en: 'Other' }, who: ALL, load: () => import('./OtherTab') },
  {
    key: 'qrpay',
    title: { zh: 'QR 支付', en: 'Qrpay' },
    who: GAA,
    load: () => import('../../../payments/qrpay/QrpayTab'),
  },
  {
    key: 'einvoice',
    title: { zh: '電子發票', en: 'EInvoice' },
    who: ALL,
    load: () => import('../../../payments/einvoice/EInvoiceTab'),
  },
  {
    key: 'record',
    title: { zh: '修改紀錄', en: 'Record' },
    who: ALL_AND_LINE,
    load: () => import('./RecordTab'),
  },
];
