import {
  BILLING_STATE_LABELS,
  billingPreviewOp,
  billingStatementOp,
  createBankAccountOp,
  deleteBankAccountOp,
  depositOp,
  exportTransactionsOp,
  listBankAccountsOp,
  listDepositsOp,
  listLedgerAccountsOp,
  listTransactionsOp,
  openLedgerAccountOp,
  refundOp,
  runBillingOp,
  STATEMENT_COLUMNS,
  setCreditLimitOp,
  type TBillingLine,
  type TLedgerTransaction,
  type TMessage,
  TRANSACTION_COLUMNS,
  TRANSACTION_KIND_LABELS,
} from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { registerOperation } from '../../../http/operation';
import { streamExport, type TExportColumn } from '../../reports/sales/export-stream';
import { createBankAccount, deleteBankAccount, listBankAccounts } from './bank-service';
import { billingPreview, runBilling } from './billing-service';
import {
  deposit,
  listAccounts,
  listDeposits,
  listTransactions,
  openAccount,
  refund,
  setCreditLimit,
  transactionBatches,
} from './ledger-service';

type Lang = 'zh-TW' | 'en';
const say = (m: TMessage, lang: Lang) => (lang === 'en' ? m.en : m.zh);
/** Cents as NT$ with two decimals, a number Excel can sum. */
const ntd = (cents: number) => cents / 100;

const txColumns = (lang: Lang): TExportColumn<TLedgerTransaction>[] => {
  const c = TRANSACTION_COLUMNS;
  return [
    { title: say(c.id, lang), width: 12, value: (r) => r.id },
    { title: say(c.createdAt, lang), width: 22, value: (r) => r.createdAt },
    { title: say(c.kind, lang), width: 10, value: (r) => say(TRANSACTION_KIND_LABELS[r.kind], lang) },
    { title: say(c.shop, lang), width: 24, value: (r) => `${r.shopId} ${r.shopName}` },
    { title: say(c.amount, lang), width: 14, value: (r) => ntd(r.amount) },
    { title: say(c.balanceAfter, lang), width: 16, value: (r) => ntd(r.balanceAfter) },
    { title: say(c.memo, lang), width: 30, value: (r) => r.memo },
    { title: say(c.key, lang), width: 30, value: (r) => r.key },
    { title: say(c.createdBy, lang), width: 14, value: (r) => r.createdBy },
  ];
};

const statementColumns = (lang: Lang): TExportColumn<TBillingLine>[] => {
  const c = STATEMENT_COLUMNS;
  return [
    { title: say(c.shopId, lang), width: 10, value: (r) => r.shopId },
    { title: say(c.shopName, lang), width: 24, value: (r) => r.shopName },
    { title: say(c.plan, lang), width: 12, value: (r) => r.plan },
    {
      title: say(c.version, lang),
      width: 10,
      value: (r) => (r.formulaVersion ? `v${r.formulaVersion}` : ''),
    },
    { title: say(c.orders, lang), width: 10, value: (r) => r.usage.orders },
    { title: say(c.sales, lang), width: 14, value: (r) => ntd(r.usage.sales) },
    { title: say(c.einvoices, lang), width: 12, value: (r) => r.usage.einvoices },
    { title: say(c.deliveries, lang), width: 10, value: (r) => r.usage.deliveries },
    { title: say(c.fixed, lang), width: 14, value: (r) => ntd(r.charge.fixed) },
    { title: say(c.perOrder, lang), width: 14, value: (r) => ntd(r.charge.perOrder) },
    { title: say(c.percent, lang), width: 14, value: (r) => ntd(r.charge.percent) },
    { title: say(c.einvoice, lang), width: 16, value: (r) => ntd(r.charge.einvoice) },
    { title: say(c.delivery, lang), width: 16, value: (r) => ntd(r.charge.delivery) },
    { title: say(c.total, lang), width: 14, value: (r) => ntd(r.charge.total) },
    { title: say(c.state, lang), width: 12, value: (r) => say(BILLING_STATE_LABELS[r.state], lang) },
    { title: say(c.transaction, lang), width: 12, value: (r) => r.transactionId },
  ];
};

async function* once<R>(rows: R[]) {
  yield rows;
}

/** /vas/* and /acct/*: gaa only, by the operations' `allow`; every write audited. */
export const ledgerRoutes = async (app: FastifyInstance, opts: { db: Db }) => {
  const { db } = opts;
  registerOperation(app, listLedgerAccountsOp, async (req) => listAccounts(db, req.query));
  registerOperation(app, openLedgerAccountOp, async (req) => openAccount(db, req.requireUser(), req.body));
  registerOperation(app, setCreditLimitOp, async (req) =>
    setCreditLimit(db, req.requireUser(), req.params.id, req.body.creditLimit),
  );
  registerOperation(app, depositOp, async (req, reply) => {
    const r = await deposit(db, req.requireUser(), req.params.id, req.body);
    if (r.replayed) reply.code(200);
    return r;
  });
  registerOperation(app, refundOp, async (req, reply) => {
    const r = await refund(db, req.requireUser(), req.params.id, req.body);
    if (r.replayed) reply.code(200);
    return r;
  });
  registerOperation(app, listDepositsOp, async (req) => listDeposits(db, req.query));
  registerOperation(app, listTransactionsOp, async (req) => listTransactions(db, req.query));
  registerOperation(app, exportTransactionsOp, async (req, reply) => {
    const { format, lang, ...f } = req.query;
    return streamExport(reply, {
      format,
      fileName: `transactions.${format}`,
      sheet: lang === 'en' ? 'Transactions' : '交易紀錄',
      columns: txColumns(lang),
      batches: transactionBatches(db, f),
    });
  });

  registerOperation(app, listBankAccountsOp, async () => listBankAccounts(db));
  registerOperation(app, createBankAccountOp, async (req) =>
    createBankAccount(db, req.requireUser(), req.body),
  );
  registerOperation(app, deleteBankAccountOp, async (req) =>
    deleteBankAccount(db, req.requireUser(), req.params.id),
  );

  registerOperation(app, billingPreviewOp, async (req) => billingPreview(db, req.params.month));
  registerOperation(app, runBillingOp, async (req) => runBilling(db, req.requireUser(), req.params.month));
  registerOperation(app, billingStatementOp, async (req, reply) => {
    const { format, lang } = req.query;
    const { month } = req.params;
    const preview = await billingPreview(db, month);
    return streamExport(reply, {
      format,
      fileName: `statement-${month}.${format}`,
      sheet: lang === 'en' ? `Statement ${month}` : `${month} 帳單`,
      columns: statementColumns(lang),
      batches: once(preview.rows),
    });
  });
};
