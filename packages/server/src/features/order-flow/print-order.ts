import {
  DEFAULT_TEMPLATE_MASTER,
  DEFAULT_TEMPLATE_OPTIONS,
  formatTaipeiTime,
  LOGISTICS_STATUS_LABELS,
  MEAL_TYPE_LABELS,
  PAYMENT_METHOD_LABELS,
  PRINTER_PAPER,
  parseTemplateOptions,
  renderTemplateLines,
  TEMPLATE_KEY_OF_MEAL,
  type TLogisticsStatus,
} from '@shopdesk/contract';
import { eq } from 'drizzle-orm';
import {
  PrinterError,
  type PrinterService,
  renderEscPos,
  type TicketDoc,
  type TicketLine,
} from '../../adapters/printer';
import type { Db } from '../../db/client';
import { businesses, orderItems, orders, printJobs } from '../../db/schema';
import type { SecretBox } from '../../lib/secret-box';
import { templateFor } from '../admin-tools/printer-templates';
import { recordStatus, shopPrinters, targetOf } from '../printers/printer-store';
import { recordOrderEvent } from './order-events';
import { transitionOrder } from './transition';

export type PrintKind = 'order' | 'reprint';
export type PrintTicket = { accountId: number; orderId: number; kind: PrintKind; doc: TicketDoc };

/** The kitchen ticket of an order: shop, number, meal type, wanted time, items with options, total. */
export const renderTicket = async (db: Db, orderId: number, kind: PrintKind): Promise<PrintTicket | null> => {
  const [o] = await db
    .select({
      order: orders,
      shopName: businesses.name,
      useTemplates: businesses.isPrinterTemplate,
      templateIds: businesses.printerTemplates,
    })
    .from(orders)
    .leftJoin(businesses, eq(businesses.accountId, orders.accountId))
    .where(eq(orders.id, orderId));
  if (!o) return null;
  const { order } = o;
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.id);
  // issue 14: the shop's printer template for this meal type (spec 000 §3 printerTemplates) lays the
  // ticket out; without one, the default template, which prints the ticket printed before templates.
  const template = (o.useTemplates
    ? await templateFor(db, o.templateIds?.[TEMPLATE_KEY_OF_MEAL[order.mealType]])
    : null) ?? { master: DEFAULT_TEMPLATE_MASTER, options: DEFAULT_TEMPLATE_OPTIONS };
  const reprintMark = parseTemplateOptions(template.options);
  const lines: TicketLine[] = renderTemplateLines(template, {
    fields: {
      shop: o.shopName ?? '',
      reprint: kind === 'reprint' ? (reprintMark.ok ? reprintMark.options.reprintMark : '【補印】') : '',
      serial: String(order.serial),
      mealType: MEAL_TYPE_LABELS[order.mealType].zh,
      table: order.tableNumber ?? '',
      createdAt: formatTaipeiTime(order.createdAt),
      wantedAt: order.wantedAt ? formatTaipeiTime(order.wantedAt) : '',
      customer: order.customerName,
      phone: order.customerPhone,
      address: order.deliveryAddress ?? '',
      // issue 15: the customer's note, where the kitchen reads it
      comment: order.comment ?? '',
      logistics: order.logisticsStatus
        ? (LOGISTICS_STATUS_LABELS[order.logisticsStatus as TLogisticsStatus]?.zh ?? '')
        : '',
      payment: PAYMENT_METHOD_LABELS[order.paymentMethod].zh,
      subtotal: String(order.subtotal),
      discount: String(order.discount),
      total: String(order.total),
    },
    items: items.map((i) => ({
      name: i.names.zh ?? i.names.en ?? '',
      quantity: i.quantity,
      lineTotal: i.lineTotal,
      options: i.options.map((x) => x.names.zh ?? x.names.en ?? ''),
    })),
  });
  return { accountId: order.accountId, orderId, kind, doc: { lines } };
};

export type PrintDeps = { printer: PrinterService; box: SecretBox };

/**
 * Sends an order's ticket to every printer of its shop (rendered for each one's paper) and records the
 * outcome (print_jobs per printer, and a feed event so every board sees "printed" or "print failed": one
 * printer that did not print is a failure). A shop without printers prints nothing: answers 'no-printer'.
 * Never throws for a printer failure.
 */
export const printOrder = async (
  db: Db,
  deps: PrintDeps,
  orderId: number,
  kind: PrintKind,
): Promise<boolean | 'no-printer'> => {
  const ticket = await renderTicket(db, orderId, kind);
  if (!ticket) return false;
  const targets = await shopPrinters(db, ticket.accountId);
  if (targets.length === 0) return 'no-printer';
  const outcomes = await Promise.all(
    targets.map(async (row) => {
      try {
        const bytes = renderEscPos(ticket.doc, PRINTER_PAPER[row.printerType].columns);
        const result = await deps.printer.print(targetOf(deps.box, row), bytes);
        await recordStatus(db, row.id, result);
        return { row, error: null as string | null };
      } catch (err) {
        const status = err instanceof PrinterError ? err.status : undefined;
        if (status) await recordStatus(db, row.id, status);
        return { row, error: `${row.name}: ${(err as Error).message}` };
      }
    }),
  );
  const errors = outcomes.flatMap((o) => (o.error ? [o.error] : []));
  const error = errors.length ? errors.join('; ') : null;
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.insert(printJobs).values(
      outcomes.map((o) => ({
        accountId: ticket.accountId,
        orderId,
        kind,
        printerId: o.row.id,
        status: o.error ? 'failed' : 'printed',
        error: o.error,
        adapter: deps.printer.mode,
      })),
    );
    await recordOrderEvent(tx, {
      accountId: ticket.accountId,
      orderId,
      kind: error ? 'print_failed' : 'printed',
      data: { print: kind, ...(error ? { error } : {}) },
      actor: `system:printer`,
    });
  });
  return !error;
};

/**
 * Moves an order (transitionOrder) and, when that accepts it, sends its ticket to the printer: the kitchen
 * gets every order the moment the shop takes it on, whether a board, the console or intake accepted it.
 * A printer failure does not undo the acceptance; it is recorded and shown on the boards (printOrder).
 */
export const moveOrder = async (
  db: Db,
  printer: PrintDeps,
  input: Parameters<typeof transitionOrder>[1],
  log?: { error: (obj: object, msg: string) => void },
) => {
  const order = await transitionOrder(db, input);
  if (order.status === 'accepted')
    await printOrder(db, printer, order.id, 'order').catch((err) =>
      log?.error({ err, orderId: order.id }, 'print on acceptance failed'),
    );
  return order;
};
