import {
  exportShopSettingsReportOp,
  getDashboardOp,
  getOnlinePaymentReportOp,
  getShopSettingsReportOp,
  LOGISTICS_LABELS,
  REPORT_DINING_MODE_LABELS,
  REPORT_DINING_MODES,
  SHOP_PROBLEM_LABELS,
  SHOP_PROBLEMS,
  SHOP_SETTINGS_COLUMNS,
  type TMessage,
  type TShopSettingsRow,
} from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { registerOperation } from '../../../http/operation';
import { streamExport, type TExportColumn } from '../sales/export-stream';
import { dashboardEventsRoute } from './dashboard-events';
import { dashboard } from './dashboard-repo';
import { onlinePaymentReport } from './online-payment-repo';
import { shopSettingsReport } from './shop-settings-repo';

type Lang = 'zh-TW' | 'en';
const say = (m: TMessage, lang: Lang) => (lang === 'en' ? m.en : m.zh);

const columns = (lang: Lang): TExportColumn<TShopSettingsRow>[] => {
  const c = SHOP_SETTINGS_COLUMNS;
  const modes = (r: TShopSettingsRow, pick: (m: TShopSettingsRow['modes']['eat_in']) => boolean) =>
    REPORT_DINING_MODES.filter((m) => r.modes[m].on && pick(r.modes[m]))
      .map((m) => say(REPORT_DINING_MODE_LABELS[m], lang))
      .join(', ');
  const cash = lang === 'en' ? 'cash' : '現金';
  const pay = lang === 'en' ? 'online' : '線上';
  return [
    { title: say(c.id, lang), width: 10, value: (r) => r.id },
    { title: say(c.name, lang), width: 24, value: (r) => r.name },
    { title: say(c.siName, lang), width: 14, value: (r) => r.siName },
    { title: say(c.isEnabled, lang), width: 8, value: (r) => (r.isEnabled ? 'Y' : 'N') },
    { title: say(c.modes, lang), width: 20, value: (r) => modes(r, () => true) },
    {
      title: say(c.payments, lang),
      width: 30,
      value: (r) => [`${cash}: ${modes(r, (m) => m.cash)}`, `${pay}: ${modes(r, (m) => m.pay)}`].join(' / '),
    },
    { title: say(c.logistics, lang), width: 14, value: (r) => say(LOGISTICS_LABELS[r.logistics], lang) },
    { title: say(c.printers, lang), width: 14, value: (r) => `${r.printersOnline} / ${r.printers}` },
    { title: say(c.contractSysEnd, lang), width: 14, value: (r) => r.contractSysEnd },
    {
      title: say(c.problems, lang),
      width: 48,
      value: (r) => r.problems.map((p) => say(SHOP_PROBLEM_LABELS[p], lang)).join('; '),
    },
  ];
};

async function* once<R>(rows: R[]) {
  yield rows;
}

/** Platform reports (spec 000 §2 Report): gaa only, by the operations' `allow`. */
/**
 * The shop-settings and online-payment reports read through `reads` (DATABASE_READ_URL, docs/scale.md "Read
 * replica"); the live dashboard reads `db`: it is read again on each order event and must see that order.
 */
export const platformReportRoutes = async (app: FastifyInstance, opts: { db: Db; reads?: Db }) => {
  const { db } = opts;
  const reads = opts.reads ?? db;

  registerOperation(app, getShopSettingsReportOp, async (req) => {
    const { offset, limit, ...f } = req.query;
    const report = await shopSettingsReport(reads, f);
    const counts = Object.fromEntries(SHOP_PROBLEMS.map((p) => [p, report.counts[p] ?? 0]));
    return {
      total: report.rows.length,
      rows: report.rows.slice(offset, offset + limit),
      counts: counts as Record<(typeof SHOP_PROBLEMS)[number], number>,
      shops: report.shops,
    };
  });

  registerOperation(app, exportShopSettingsReportOp, async (req, reply) => {
    const { format, lang, ...f } = req.query;
    const report = await shopSettingsReport(reads, f);
    return streamExport(reply, {
      format,
      fileName: `shop-settings.${format}`,
      sheet: lang === 'en' ? 'Shop settings' : '商店設定',
      columns: columns(lang),
      batches: once(report.rows),
    });
  });

  registerOperation(app, getOnlinePaymentReportOp, async (req) => {
    const { offset, limit, ...f } = req.query;
    const report = await onlinePaymentReport(reads, f);
    return {
      total: report.rows.length,
      rows: report.rows.slice(offset, offset + limit),
      counts: report.counts,
      merchantsWithoutService: report.merchantsWithoutService,
    };
  });

  registerOperation(app, getDashboardOp, async (req) => dashboard(db, req.query.kind ?? 'catering'));
  dashboardEventsRoute(app);
};
