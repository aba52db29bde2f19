import { z } from 'zod';
import { zQueryId, zText } from '../../../common/bounds';
import { msg } from '../../../common/errors';
import { defineOperation } from '../../../common/operation';
import { ZPagingQuery } from '../../../common/paging';
import { ZSaveResult } from './settings-save';

/** Audit actions (spec 001 §3 "Audit record"). */
export const AUDIT_ACTIONS = ['create', 'update', 'delete'] as const;
export const ZAuditAction = z.enum(AUDIT_ACTIONS);
export type TAuditAction = z.infer<typeof ZAuditAction>;

/**
 * Every category an audit record is written under (spec 001 §3 resource_code) with the name the Record tab
 * shows for it: the server's writeAudit takes only these codes, so a new category cannot reach the tab as
 * a raw code.
 */
export const AUDIT_RESOURCES = {
  accounts: msg('帳號', 'Account'),
  both: msg('商店名稱', 'Shop name'),
  business: msg('商店', 'Shop'),
  business_info: msg('公司資料', 'Company'),
  account_sso: msg('店家系統', 'Store system'),
  large_order: msg('大量訂單', 'Large orders'),
  qrcode: msg('桌號 QR Code', 'Table QR codes'),
  'banned-customers': msg('黑名單', 'Blocked customers'),
  menu: msg('菜單', 'Menu'),
  'stats-share-link': msg('統計分享連結', 'Statistics share links'),
  'opening-hours': msg('營業時間', 'Opening hours'),
  'opening-special': msg('公休日', 'Days off'),
  'order-limits': msg('流量控制', 'Order limits'),
  orders: msg('訂單', 'Orders'),
  tags: msg('標籤', 'Tags'),
  'pos-users': msg('點餐機使用者', 'POS users'),
  line: msg('LINE 通知', 'LINE notifications'),
  logistics: msg('物流', 'Logistics'),
  'logistic-rules': msg('外送規則', 'Delivery rules'),
  printers: msg('出單機', 'Printers'),
  'printer-stations': msg('出單工作站', 'Printer stations'),
  contract: msg('合約', 'Contract'),
  promotion: msg('優惠活動', 'Promotions'),
  einvoice: msg('電子發票', 'E-invoices'),
  acls: msg('權限', 'Permissions'),
  integrations: msg('串接與加值服務', 'Integrations'),
  users: msg('使用者帳號', 'User accounts'),
  'si-accounts': msg('SI 帳號', 'Integrator accounts'),
  qrpay: msg('QR 支付', 'QR payment'),
  formulas: msg('費率公式', 'Rate formulas'),
  coupons: msg('優惠券活動', 'Coupon campaigns'),
  ledger: msg('儲值與帳務', 'Stored funds and billing'),
  'bank-accounts': msg('銀行帳戶', 'Bank accounts'),
} as const;
export type TAuditResource = keyof typeof AUDIT_RESOURCES;
/** The Record tab's category names in one language, keyed by code (the i18n resources use it). */
export const auditResourceNames = (lang: 'zh' | 'en') =>
  Object.fromEntries(Object.entries(AUDIT_RESOURCES).map(([code, m]) => [code, m[lang]])) as Record<
    TAuditResource,
    string
  >;

/**
 * One row of the Record tab (spec 001 §2.8, §3): modifier (userName), category (resourceCode), item
 * (displayName), action, content (displayLog), modified time; plus the old and new value for the row's diff
 * and whether a gaa may revert it.
 */
export const ZAuditRow = z.object({
  id: z.number().int(),
  userName: zText(),
  consoleType: zText(),
  resourceCode: zText(),
  displayName: zText(),
  action: ZAuditAction,
  displayLog: zText(),
  targetTable: zText().nullable(),
  targetKey: zText().nullable(),
  oldValue: z.unknown(),
  newValue: z.unknown(),
  revertOf: z.number().int().nullable(),
  /** ISO 8601; the web shows it in Asia/Taipei (spec 001 §1). */
  createdAt: zText(),
  /** POST …/revert can write this record's old value back (its kind is revertable: docs/decisions/shops.md). */
  revertable: z.boolean(),
});
export type TAuditRow = z.infer<typeof ZAuditRow>;

/** Newest first, paged; `resourceCodes` lists the categories the shop's records use (the filter's choices). */
export const ZAuditPage = z.object({
  total: z.number().int(),
  records: z.array(ZAuditRow),
  resourceCodes: z.array(zText()),
});
export type TAuditPage = z.infer<typeof ZAuditPage>;

const params = z.object({ id: zQueryId() });
// a shop manager (line) with the `shop` acl reads its shop's record (acls.ts: /console/:id/… is `shop`)
const ALLOW = ['gaa', 'si', 'eaa', 'line'] as const;

// spec 001 §7 "GET /console/{id}/record"
export const getRecordOp = defineOperation({
  method: 'GET',
  path: '/console/:id/record',
  summary: 'Record tab: audit records of a shop, newest first',
  spec: '001 §7',
  allow: ALLOW,
  params,
  query: ZPagingQuery.omit({ sort: true }),
  response: ZAuditPage,
});

// spec 001 §7 "GET /console/{id}/record-resource?resourceCode"
export const getRecordByResourceOp = defineOperation({
  method: 'GET',
  path: '/console/:id/record-resource',
  summary: 'Record tab: audit records of one category',
  spec: '001 §7',
  allow: ALLOW,
  params,
  query: ZPagingQuery.omit({ sort: true }).extend({ resourceCode: zText().trim().min(1).max(64) }),
  response: ZAuditPage,
});

// spec 001 §7 "GET /console/{id}/record-action?action"
export const getRecordByActionOp = defineOperation({
  method: 'GET',
  path: '/console/:id/record-action',
  summary: 'Record tab: audit records of one action',
  spec: '001 §7',
  allow: ALLOW,
  params,
  query: ZPagingQuery.omit({ sort: true }).extend({ action: ZAuditAction }),
  response: ZAuditPage,
});

/**
 * Not in the spec (docs/decisions/shops.md): a gaa writes a record's old value back through its feature's own write
 * (settings fields, label printer, opening hours, order limits, days off); refused with 409 when the value
 * has changed since. `changes` lists settings fields only; `auditIds` the revert's audit record.
 */
export const revertRecordOp = defineOperation({
  method: 'POST',
  path: '/console/:id/record/:recordId/revert',
  summary: 'Record tab: revert one change (gaa)',
  allow: ['gaa'],
  params: params.extend({ recordId: zQueryId() }),
  response: ZSaveResult,
});
