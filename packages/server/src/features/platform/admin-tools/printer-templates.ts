import {
  checkPrinterTemplate,
  DEFAULT_TEMPLATE_MASTER,
  DEFAULT_TEMPLATE_OPTIONS,
  PRINTER_TEMPLATE_MESSAGES as M,
  msg,
  type TPrinterTemplate,
  type TPrinterTemplateInput,
} from '@shopdesk/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { printerTemplates } from '../../../db/schema';
import { badRequest, notFound } from '../../../http/errors';
import type { SessionUser } from '../../../identity/session-store';
import { type AuditActor, writeAudit } from '../audit/write-audit';

type Row = typeof printerTemplates.$inferSelect;
const view = (r: Row): TPrinterTemplate => ({
  id: r.id,
  master: r.master,
  options: r.options,
  updated_at: r.updatedAt.toISOString(),
});

/** 400 naming every problem of the texts (contract checkPrinterTemplate), one per line. */
const assertPrintable = (t: TPrinterTemplateInput) => {
  const problems = checkPrinterTemplate(t);
  if (problems.length)
    throw badRequest(
      msg(problems.map((p) => p.zh).join('\n'), problems.map((p) => p.en).join('\n')),
      problems.some((p) => p.zh.startsWith('選項') || /^(itemLine|optionLine)/.test(p.zh))
        ? 'options'
        : 'master',
    );
};

export const getPrinterTemplate = async (db: Db, id: number) => {
  const [row] = await db.select().from(printerTemplates).where(eq(printerTemplates.id, id));
  if (!row) throw notFound(M.notFound);
  return view(row);
};

/** spec 002 §2 screen 12: "A default template is created with a preset master and options". */
export const createPrinterTemplate = async (
  db: Db,
  user: SessionUser,
  body: Partial<TPrinterTemplateInput>,
) => {
  const input = {
    master: body.master ?? DEFAULT_TEMPLATE_MASTER,
    options: body.options ?? DEFAULT_TEMPLATE_OPTIONS,
  };
  assertPrintable(input);
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [row] = await tx.insert(printerTemplates).values(input).returning();
    await writeAudit(tx, user as AuditActor, {
      accountId: null,
      resourceCode: 'printers',
      action: 'create',
      displayName: `出單範本 ${row!.id}`,
      displayLog: `新增出單範本 ${row!.id}`,
      target: { table: 'printer_templates', id: row!.id },
      newValue: input,
    });
    return view(row!);
  });
};

export const updatePrinterTemplate = async (
  db: Db,
  user: SessionUser,
  id: number,
  input: TPrinterTemplateInput,
) => {
  assertPrintable(input);
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [before] = await tx
      .select()
      .from(printerTemplates)
      .where(eq(printerTemplates.id, id))
      .for('update');
    if (!before) throw notFound(M.notFound);
    const [row] = await tx
      .update(printerTemplates)
      .set({ master: input.master, options: input.options, updatedAt: new Date() })
      .where(eq(printerTemplates.id, id))
      .returning();
    await writeAudit(tx, user as AuditActor, {
      accountId: null,
      resourceCode: 'printers',
      action: 'update',
      displayName: `出單範本 ${id}`,
      displayLog: `更新出單範本 ${id}`,
      target: { table: 'printer_templates', id },
      oldValue: { master: before.master, options: before.options },
      newValue: input,
    });
    return view(row!);
  });
};

/** The template an order prints with: the shop's for its meal type when it uses templates and it exists. */
export const templateFor = async (db: Db, id: number | null | undefined) => {
  if (!id) return null;
  const [row] = await db
    .select({ master: printerTemplates.master, options: printerTemplates.options })
    .from(printerTemplates)
    .where(eq(printerTemplates.id, id));
  return row ?? null;
};
