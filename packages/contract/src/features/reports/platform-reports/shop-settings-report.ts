import { z } from 'zod';
import { zQueryInt, zText } from '../../../common/bounds';
import { msg, type TMessage } from '../../../common/errors';
import { defineOperation } from '../../../common/operation';
import { ZPagingQuery } from '../../../common/paging';
import { ZShopKindFilter } from '../../../common/user-types';
import { ZExportOptions } from '../sales/sales-rules';

/**
 * /report/shop-settings (spec 000 §2 Report: route named, no screen): every shop's key settings
 * and what is misconfigured in them. The problems are decided here, once, for the table, its counts and its
 * export (docs/decisions/reports.md "Platform reports").
 */

/** A contract whose system end is this close (days) is flagged "ending". */
export const CONTRACT_ENDING_DAYS = 14;

export const SHOP_PROBLEMS = [
  'online_no_mode',
  'online_no_payment',
  'delivery_no_zone',
  'no_printer',
  'printer_offline',
  'contract_ending',
  'contract_ended',
] as const;
export type TShopProblem = (typeof SHOP_PROBLEMS)[number];

export const SHOP_PROBLEM_LABELS: Record<TShopProblem, TMessage> = {
  online_no_mode: msg('營業中但未開啟任何用餐方式', 'Online with no dining mode'),
  online_no_payment: msg('營業中但無可用的付款方式', 'Online with no payment mode'),
  delivery_no_zone: msg('開啟外送但未設定外送範圍', 'Delivery on with no delivery zone'),
  no_printer: msg('營業中但沒有出單機', 'Online with no printer'),
  printer_offline: msg('出單機離線', 'A printer is offline'),
  contract_ending: msg(
    `合約將於 ${CONTRACT_ENDING_DAYS} 天內到期`,
    `Contract ends within ${CONTRACT_ENDING_DAYS} days`,
  ),
  contract_ended: msg('合約已到期', 'Contract ended'),
};

export const REPORT_DINING_MODES = ['eat_in', 'to_go', 'delivery'] as const;
export type TReportDiningMode = (typeof REPORT_DINING_MODES)[number];
const ZMode = z.object({ on: z.boolean(), cash: z.boolean(), pay: z.boolean() });

/** The facts a shop's problems are decided from (one row of the report, before its problems). */
export const ZShopSettingsFacts = z.object({
  isEnabled: z.boolean(),
  modes: z.object({ eat_in: ZMode, to_go: ZMode, delivery: ZMode }),
  deliveryZones: z.number().int(),
  printers: z.number().int(),
  printersOnline: z.number().int(),
  /** The system end date (YYYY-MM-DD) of the normal contract covering today, if any. */
  contractSysEnd: zText(10).nullable(),
  /** Whether the shop has any normal contract at all (a shop without contracts is not flagged). */
  hasContracts: z.boolean(),
});
export type TShopSettingsFacts = z.infer<typeof ZShopSettingsFacts>;

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** What a careful operator would fix first, for one shop on the local date `today`. */
export const shopSettingProblems = (f: TShopSettingsFacts, today: string): TShopProblem[] => {
  const out: TShopProblem[] = [];
  const open = REPORT_DINING_MODES.filter((m) => f.modes[m].on);
  if (f.isEnabled && open.length === 0) out.push('online_no_mode');
  // an open mode that takes neither cash nor online payment cannot take an order (order intake refuses)
  if (f.isEnabled && open.length > 0 && !open.some((m) => f.modes[m].cash || f.modes[m].pay))
    out.push('online_no_payment');
  if (f.modes.delivery.on && f.deliveryZones === 0) out.push('delivery_no_zone');
  if (f.isEnabled && f.printers === 0) out.push('no_printer');
  if (f.printers > 0 && f.printersOnline < f.printers) out.push('printer_offline');
  if (f.contractSysEnd !== null && f.contractSysEnd <= addDays(today, CONTRACT_ENDING_DAYS))
    out.push('contract_ending');
  if (f.contractSysEnd === null && f.hasContracts) out.push('contract_ended');
  return out;
};

export const ZShopSettingsRow = ZShopSettingsFacts.extend({
  id: z.number().int(),
  name: zText(),
  kind: z.enum(['catering', 'retail']),
  siName: zText().nullable(),
  logistics: z.enum(['none', 'self', 'courier']),
  paymentServices: z.number().int(),
  problems: z.array(z.enum(SHOP_PROBLEMS)),
});
export type TShopSettingsRow = z.infer<typeof ZShopSettingsRow>;

export const ZShopSettingsFilters = z.object({
  /** A shop id or part of its name. */
  q: zText(40).optional(),
  problem: z.enum(SHOP_PROBLEMS).optional(),
  online: z.enum(['yes', 'no']).optional(),
  siId: zQueryInt(1).optional(),
  kind: ZShopKindFilter,
});
export type TShopSettingsFilters = z.infer<typeof ZShopSettingsFilters>;

export const getShopSettingsReportOp = defineOperation({
  method: 'GET',
  path: '/gaa/reports/shop-settings',
  summary: "Every shop's key settings and problems, with a count per problem (filters apply to rows only)",
  spec: '000 §2 Report',
  allow: ['gaa'],
  query: ZShopSettingsFilters.extend(ZPagingQuery.pick({ offset: true, limit: true }).shape),
  response: z.object({
    total: z.number().int(),
    rows: z.array(ZShopSettingsRow),
    /** Shops with each problem, over all shops of the kind (the cards on top). */
    counts: z.record(z.enum(SHOP_PROBLEMS), z.number().int()),
    shops: z.number().int(),
  }),
});

export const exportShopSettingsReportOp = defineOperation({
  method: 'GET',
  path: '/gaa/reports/shop-settings/export',
  summary: 'The shop-settings report as .xlsx (the same filters)',
  spec: '000 §2 Report',
  allow: ['gaa'],
  query: ZShopSettingsFilters.extend(ZExportOptions.shape),
  response: z.unknown(),
});

export const SHOP_SETTINGS_COLUMNS = {
  id: msg('商店編號', 'Shop ID'),
  name: msg('商店名稱', 'Shop name'),
  siName: msg('SI', 'SI'),
  isEnabled: msg('營業', 'Online'),
  modes: msg('用餐方式', 'Dining modes'),
  payments: msg('付款方式', 'Payment modes'),
  logistics: msg('物流', 'Logistics'),
  printers: msg('出單機（在線／全部）', 'Printers (online / all)'),
  contractSysEnd: msg('合約系統到期日', 'Contract system end'),
  problems: msg('待處理', 'To fix'),
} as const;

export const REPORT_DINING_MODE_LABELS: Record<TReportDiningMode, TMessage> = {
  eat_in: msg('內用', 'Eat in'),
  to_go: msg('外帶', 'Take out'),
  delivery: msg('外送', 'Delivery'),
};

export const LOGISTICS_LABELS = {
  none: msg('無', 'None'),
  self: msg('自行外送', 'Own delivery'),
  courier: msg('物流平台', 'Courier vendor'),
} as const;
