import {
  checkSalesRange,
  exportFileName,
  MEAL_TYPE_LABELS,
  ORDER_ERROR_CODES,
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  SALES_COLUMNS,
  salesExportOp,
  salesOrdersOp,
  type TMessage,
  type TSalesRow,
  type TVoucherRow,
  VOUCHER_COLUMNS,
  vouchersExportOp,
  vouchersOp,
} from '@shopdesk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client';
import { badRequest } from '../../../http/errors';
import { registerOperation } from '../../../http/operation';
import { requirePortal, requireShop } from '../../../plugins/app/shop-access';
import { streamExport, type TExportColumn } from './export-stream';
import { salesCopySlices, salesXlsxSlices } from './sales-copy';
import { querySales, salesBatches } from './sales-repo';
import { exportLimits } from './sales-where';
import { queryVouchers, voucherBatches } from './voucher-repo';

type Lang = 'zh-TW' | 'en';
const say = (m: TMessage, lang: Lang) => (lang === 'en' ? m.en : m.zh);

/** spec 000 §5 on the server, with the same function as the form: 400 with the message and the field. */
const checkRange = (f: { from: string; to: string; phone?: string }, kind: 'query' | 'export') => {
  const refusal = checkSalesRange(f, kind);
  if (refusal) throw badRequest(refusal.message, refusal.field, ORDER_ERROR_CODES.dateRule);
};

/** The caller of /{type}/sales/…, and the shop filter checked against it (404 unknown, 403 another's). */
const callerOf = async (req: FastifyRequest, db: Db, type: string, shopId: number | undefined) => {
  const user = requirePortal(req, type);
  if (shopId) await requireShop(db, user, shopId);
  return user;
};

const salesColumns = (lang: Lang): TExportColumn<TSalesRow>[] => {
  const c = SALES_COLUMNS;
  return [
    { title: say(c.createdAt, lang), width: 20, value: (r) => r.createdAt },
    { title: say(c.shopName, lang), width: 24, value: (r) => r.shopName },
    { title: say(c.serial, lang), width: 10, value: (r) => r.serial },
    { title: say(c.status, lang), width: 10, value: (r) => say(ORDER_STATUS_LABELS[r.status], lang) },
    { title: say(c.mealType, lang), width: 10, value: (r) => say(MEAL_TYPE_LABELS[r.mealType], lang) },
    {
      title: say(c.paymentMethod, lang),
      width: 12,
      value: (r) => say(PAYMENT_METHOD_LABELS[r.paymentMethod], lang),
    },
    { title: say(c.items, lang), width: 48, value: (r) => r.items },
    { title: say(c.subtotal, lang), width: 10, value: (r) => r.subtotal },
    { title: say(c.discount, lang), width: 10, value: (r) => r.discount },
    { title: say(c.total, lang), width: 10, value: (r) => r.total },
    { title: say(c.voucherCode, lang), width: 14, value: (r) => r.voucherCode },
    { title: say(c.customerPhone, lang), width: 14, value: (r) => r.customerPhone },
  ];
};

const voucherColumns = (lang: Lang): TExportColumn<TVoucherRow>[] => {
  const c = VOUCHER_COLUMNS;
  return [
    { title: say(c.createdAt, lang), width: 20, value: (r) => r.createdAt },
    { title: say(c.shopName, lang), width: 24, value: (r) => r.shopName },
    { title: say(c.serial, lang), width: 10, value: (r) => r.serial },
    { title: say(c.code, lang), width: 14, value: (r) => r.code },
    { title: say(c.discount, lang), width: 10, value: (r) => r.discount },
    { title: say(c.total, lang), width: 10, value: (r) => r.total },
  ];
};

/**
 * Sales query, vouchers and their exports (spec 000 §2 Sales, §5 date rules). The caller's access is checked
 * on `db`; the rows come from `reads` (DATABASE_READ_URL, docs/scale.md "Read replica").
 */
export const salesRoutes = async (app: FastifyInstance, opts: { db: Db; reads?: Db }) => {
  const { db } = opts;
  const reads = opts.reads ?? db;

  registerOperation(app, salesOrdersOp, async (req) => {
    const { offset, limit, lang, ...f } = req.query;
    checkRange(f, 'query');
    const user = await callerOf(req, db, req.params.type, f.shopId);
    return querySales(reads, user, { ...f, offset, limit, lang });
  });

  registerOperation(app, salesExportOp, async (req, reply) => {
    const { format, lang, ...f } = req.query;
    checkRange(f, 'export');
    const user = await callerOf(req, db, req.params.type, f.shopId);
    return streamExport(reply, {
      format,
      fileName: exportFileName('sales', f, format),
      sheet: lang === 'en' ? 'Sales' : '銷售',
      columns: salesColumns(lang),
      batches: salesBatches(reads, user, { ...f, lang }),
      // PostgreSQL writes the CSV itself and the XLSX's cells as text (COPY): no row objects, flat memory;
      // on PGlite the rows are written one by one
      csvText:
        format === 'csv' && exportLimits.copy
          ? await salesCopySlices(reads, user, { ...f, lang }, 'csv')
          : null,
      xlsxCells:
        format === 'xlsx' && exportLimits.copy ? await salesXlsxSlices(reads, user, { ...f, lang }) : null,
    });
  });

  registerOperation(app, vouchersOp, async (req) => {
    const { offset, limit, ...f } = req.query;
    checkRange(f, 'query');
    const user = await callerOf(req, db, req.params.type, f.shopId);
    return queryVouchers(reads, user, { ...f, offset, limit });
  });

  registerOperation(app, vouchersExportOp, async (req, reply) => {
    const { format, lang, ...f } = req.query;
    checkRange(f, 'export');
    const user = await callerOf(req, db, req.params.type, f.shopId);
    return streamExport(reply, {
      format,
      fileName: exportFileName('vouchers', f, format),
      sheet: lang === 'en' ? 'Vouchers' : '優惠券',
      columns: voucherColumns(lang),
      batches: voucherBatches(reads, user, f),
    });
  });
};
