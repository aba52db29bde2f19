import {
  DEFAULT_TEMPLATE_MASTER,
  DEFAULT_TEMPLATE_OPTIONS,
  formatTaipeiTime,
  LOGISTICS_STATUS_LABELS,
  mealLabelOf,
  PRINTER_PAPER,
  parseTemplateOptions,
  participantGroups,
  paymentMethodLabel,
  renderTemplateLines,
  TEMPLATE_KEY_OF_MEAL,
  TEST_ORDER_LABEL,
  type TLogisticsStatus,
} from '@shopdesk/contract';
import { eq } from 'drizzle-orm';
import {
  PrinterError,
  type PrinterService,
  renderEscPos,
  type TicketDoc,
  type TicketLine,
} from '../../../adapters/printer';
import type { Db } from '../../../db/client';
import { businesses, orderItems, orders, printJobs } from '../../../db/schema';
import type { SecretBox } from '../../../lib/secret-box';
import { templateFor } from '../../platform/admin-tools/printer-templates';
import { stationTickets } from '../../printing/printer-stations/station-print';
import { recordStatus, shopPrinters, targetOf } from '../../printing/printers/printer-store';
import { recordOrderEvent } from './order-events';
import { transitionOrder } from './transition';

export type PrintKind = 'order' | 'reprint';
export type PrintTicket = { accountId: number; orderId: number; kind: PrintKind; doc: TicketDoc };

/** What a ticket is made of: the order, its shop's name, its items and the shop's printer template. */
const loadTicketData = async (db: Db, orderId: number) => {
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
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.id);
  // the shop's printer template for this meal type (spec 000 §3 printerTemplates) lays the
  // whole-order ticket out; without one, the default template, which prints the ticket printed before templates.
  const template = (o.useTemplates
    ? await templateFor(db, o.templateIds?.[TEMPLATE_KEY_OF_MEAL[o.order.mealType]])
    : null) ?? { master: DEFAULT_TEMPLATE_MASTER, options: DEFAULT_TEMPLATE_OPTIONS };
  return { order: o.order, shopName: o.shopName, items, template };
};
type TicketData = NonNullable<Awaited<ReturnType<typeof loadTicketData>>>;

/**
 * The kitchen ticket of an order: shop, number, meal type, wanted time, items with options, total. A
 * station's ticket (printer stations) is headed by the station's name and carries only the items
 * it prints, without amounts.
 */
const ticketDoc = (
  data: TicketData,
  kind: PrintKind,
  station?: { name: string; items: number[] },
): TicketDoc => {
  if (!station) return { lines: templateLines(data, kind) };
  const { order, shopName, items: all } = data;
  const items = station ? station.items.map((i) => all[i]!) : all;
  const text = (t: string, more: Omit<Extract<TicketLine, { text: string }>, 'text'> = {}): TicketLine => ({
    text: t,
    ...more,
  });
  const lines: TicketLine[] = [
    text(shopName ?? '', { center: true, bold: true }),
    // a staff test order (docs/decisions/orders.md "Go-live status and test orders") says so on every ticket
    ...(order.isTest ? [text(`【${TEST_ORDER_LABEL.zh}】`, { center: true, big: true, bold: true })] : []),
    ...(station ? [text(`【${station.name}】`, { center: true, big: true, bold: true })] : []),
    text(
      `${kind === 'reprint' ? '【補印】' : ''}#${order.serial} ${mealLabelOf(order.mealType, order.pickUp).zh}`,
      {
        big: true,
        bold: true,
      },
    ),
    // the table on a big line of its own, as the default template prints it (docs/decisions/printing.md)
    ...(order.tableNumber ? [text(`桌號 ${order.tableNumber}`, { big: true, bold: true })] : []),
    text(`下單 ${formatTaipeiTime(order.createdAt)}`),
    ...(order.wantedAt ? [text(`取餐 ${formatTaipeiTime(order.wantedAt)}`, { bold: true })] : []),
    ...(station ? [] : [text(`${order.customerName} ${order.customerPhone}`)]),
    ...(order.deliveryAddress && !station ? [text(`外送 ${order.deliveryAddress}`)] : []),
    // the customer's note, where the kitchen reads it
    ...(order.comment ? [text(`備註 ${order.comment}`, { bold: true })] : []),
    ...(order.receiptRequested && !station ? [text('需開收據', { bold: true })] : []),
    ...(order.logisticsStatus && !station
      ? [text(`物流 ${LOGISTICS_STATUS_LABELS[order.logisticsStatus as TLogisticsStatus]?.zh ?? ''}`)]
      : []),
    { rule: true },
    // 團購: the items under each participant's name (contract participantGroups)
    ...participantGroups(items).flatMap((g) => [
      ...(g.participant !== null ? [text(`【${g.participant}】`, { bold: true })] : []),
      ...g.items.flatMap((i) => [
        text(`${i.names.zh ?? i.names.en ?? ''} x${i.quantity}`, {
          ...(station ? {} : { right: String(i.lineTotal) }),
          bold: true,
        }),
        ...i.options.map((x) => text(`  + ${x.names.zh ?? x.names.en ?? ''}`)),
        // the customer's note on the item (去冰、少辣)
        ...(i.note ? [text(`  * ${i.note}`, { bold: true })] : []),
      ]),
    ]),
    { rule: true },
    ...(station || order.deliveryFee <= 0 ? [] : [text('外送費', { right: `NT$${order.deliveryFee}` })]),
    ...(station
      ? []
      : [
          text(`${paymentMethodLabel(order.paymentMethod, order.mealType).zh} 合計`, {
            right: `NT$${order.total}`,
            bold: true,
          }),
        ]),
  ];
  return { lines };
};

/** The whole-order ticket through the shop's printer template (admin tools). */
const templateLines = ({ order, shopName, items, template }: TicketData, kind: PrintKind): TicketLine[] => {
  const reprintMark = parseTemplateOptions(template.options);
  return renderTemplateLines(template, {
    fields: {
      shop: order.isTest ? `【${TEST_ORDER_LABEL.zh}】${shopName ?? ''}` : (shopName ?? ''),
      reprint: kind === 'reprint' ? (reprintMark.ok ? reprintMark.options.reprintMark : '【補印】') : '',
      serial: String(order.serial),
      // spec 000 §3 isPickup: a self pick-up order prints 自取
      mealType: mealLabelOf(order.mealType, order.pickUp).zh,
      table: order.tableNumber ?? '',
      createdAt: formatTaipeiTime(order.createdAt),
      wantedAt: order.wantedAt ? formatTaipeiTime(order.wantedAt) : '',
      customer: order.customerName,
      phone: order.customerPhone,
      address: order.deliveryAddress ?? '',
      // the customer's note and the receipt request, where the kitchen reads them
      comment: order.comment ?? '',
      receipt: order.receiptRequested ? '需開收據' : '',
      logistics: order.logisticsStatus
        ? (LOGISTICS_STATUS_LABELS[order.logisticsStatus as TLogisticsStatus]?.zh ?? '')
        : '',
      // a delivery paid in cash reads 貨到付款
      payment: paymentMethodLabel(order.paymentMethod, order.mealType).zh,
      subtotal: String(order.subtotal),
      discount: String(order.discount),
      deliveryFee: order.deliveryFee > 0 ? String(order.deliveryFee) : '',
      total: String(order.total),
    },
    items: items.map((i) => ({
      name: i.names.zh ?? i.names.en ?? '',
      quantity: i.quantity,
      lineTotal: i.lineTotal,
      options: i.options.map((x) => x.names.zh ?? x.names.en ?? ''),
      note: i.note,
      participant: i.participant,
    })),
  });
};

/** The whole-order kitchen ticket of an order (null for an unknown order). */
export const renderTicket = async (db: Db, orderId: number, kind: PrintKind): Promise<PrintTicket | null> => {
  const data = await loadTicketData(db, orderId);
  return data ? { accountId: data.order.accountId, orderId, kind, doc: ticketDoc(data, kind) } : null;
};

export type PrintDeps = { printer: PrinterService; box: SecretBox };
type PrinterRow = Awaited<ReturnType<typeof shopPrinters>>[number];
type PrintJob = { row: PrinterRow; doc: TicketDoc };

/**
 * What each printer prints: without branch-station printing every printer the whole order; with it
 * (printer stations) each station's printers its items, as many copies as its print times, and
 * the origin printers the whole order.
 */
const printJobsOf = async (
  db: Db,
  data: TicketData,
  kind: PrintKind,
  known?: PrinterRow[],
): Promise<PrintJob[]> => {
  const rows = known ?? (await shopPrinters(db, data.order.accountId));
  const tickets = await stationTickets(db, data.order.accountId, data.items);
  if (!tickets) return rows.map((row) => ({ row, doc: ticketDoc(data, kind) }));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return tickets.flatMap((t) => {
    const row = byId.get(t.printerId);
    if (!row) return [];
    const doc = t.stationName
      ? ticketDoc(data, kind, { name: t.stationName, items: t.items })
      : ticketDoc(data, kind);
    return Array.from({ length: t.copies }, () => ({ row, doc }));
  });
};

/**
 * Sends an order's tickets to its shop's printers (rendered for each one's paper; printJobsOf decides which
 * printer prints what) and records the outcome (print_jobs per ticket, and a feed event so every board
 * sees "printed" or "print failed": one ticket that did not print is a failure). A shop without printers,
 * or whose stations print nothing of the order, prints nothing: answers 'no-printer'. Never throws for a
 * printer failure. A printer's copies go one after another, so they come out in order.
 */
export const printOrder = async (
  db: Db,
  deps: PrintDeps,
  orderId: number,
  kind: PrintKind,
  /**
   * The order's shop when the caller knows it: a shop without printers then costs one read, not four, and
   * none when the caller read `hasPrinters` already (order intake, in its shop read).
   */
  shop?: { accountId: number; hasPrinters?: boolean },
): Promise<boolean | 'no-printer'> => {
  if (shop?.hasPrinters === false) return 'no-printer';
  const known = shop ? await shopPrinters(db, shop.accountId) : undefined;
  if (known?.length === 0) return 'no-printer';
  const data = await loadTicketData(db, orderId);
  if (!data) return false;
  const accountId = data.order.accountId;
  // a shop given by the caller must be the order's (else its printers are read again, the order's own)
  const jobs = await printJobsOf(db, data, kind, accountId === shop?.accountId ? known : undefined);
  if (jobs.length === 0) return 'no-printer';
  const perPrinter = new Map<number, PrintJob[]>();
  for (const job of jobs) perPrinter.set(job.row.id, [...(perPrinter.get(job.row.id) ?? []), job]);
  const outcomes = (
    await Promise.all(
      [...perPrinter.values()].map(async (list) => {
        const done: { row: PrinterRow; error: string | null }[] = [];
        for (const { row, doc } of list) {
          try {
            const bytes = renderEscPos(doc, PRINTER_PAPER[row.printerType].columns);
            const result = await deps.printer.print(targetOf(deps.box, row), bytes);
            await recordStatus(db, row.id, result);
            done.push({ row, error: null });
          } catch (err) {
            const status = err instanceof PrinterError ? err.status : undefined;
            if (status) await recordStatus(db, row.id, status);
            done.push({ row, error: `${row.name}: ${(err as Error).message}` });
          }
        }
        return done;
      }),
    )
  ).flat();
  const errors = [...new Set(outcomes.flatMap((o) => (o.error ? [o.error] : [])))];
  const error = errors.length ? errors.join('; ') : null;
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.insert(printJobs).values(
      outcomes.map((o) => ({
        accountId,
        orderId,
        kind,
        printerId: o.row.id,
        status: o.error ? 'failed' : 'printed',
        error: o.error,
        adapter: deps.printer.mode,
      })),
    );
    await recordOrderEvent(tx, {
      accountId,
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
