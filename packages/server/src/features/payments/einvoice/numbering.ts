import { randomInt } from 'node:crypto';
import { autoIssueSwitchOf } from '@shopdesk/contract';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client';
import { invoiceSettings, invoices, orders } from '../../../db/schema';
import { enqueueOutbox } from '../../../jobs/outbox';
import { type OrderReactionGate, onOrderEvent } from '../../orders/order-flow/order-events';

export const ISSUE_JOB = 'einvoice.issue';
export const VOID_JOB = 'einvoice.void';
/** The proof (電子發票證明聯) on the shop's e-invoice printer (features/payments/einvoice/proof-print.ts). */
export const PRINT_JOB = 'einvoice.print';

/** An invoice number: the track's two letters and the number in eight digits. */
export const formatNumber = (track: string, n: number) => `${track}${String(n).padStart(8, '0')}`;

/**
 * The next number of the shop's tracks, taken under a row lock (SELECT … FOR UPDATE) in the caller's
 * transaction: two instances issuing at once wait for each other on the track row, and a transaction that
 * rolls back gives its number back, so numbers are never reused nor skipped. null: no number left.
 */
export const takeNextNumber = async (tx: Db, accountId: number): Promise<string | null> => {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const [row] = await queryRows<{ id: number; track: string; next_no: number }>(
      tx,
      sql`select id, track, next_no from invoice_tracks
          where account_id = ${accountId} and next_no <= end_no
          order by id limit 1 for update`,
    );
    if (row) {
      await tx.execute(sql`update invoice_tracks set next_no = next_no + 1 where id = ${row.id}`);
      return formatNumber(row.track, row.next_no);
    }
    // a track emptied by the transaction we waited for drops out of the locked read: look again
    const [left] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from invoice_tracks where account_id = ${accountId} and next_no <= end_no`,
    );
    if (!left?.n) return null;
  }
  return null;
};

/** A 4-digit random code of the proof (MoF: printed, and inside the barcode and QR codes). */
export const newRandomCode = () => String(randomInt(0, 10_000)).padStart(4, '0');

/**
 * Gives an invoice row its number in the caller's transaction and enqueues what must follow: the issue at
 * the platform, and the proof on the shop's e-invoice printer unless the invoice goes to a carrier (a carrier
 * invoice is kept in the carrier, not printed). No number left: the row says no_number and nothing is sent.
 */
export const numberInvoice = async (tx: Db, accountId: number, invoiceId: number, carrier: string | null) => {
  const number = await takeNextNumber(tx, accountId);
  if (!number) {
    await tx
      .update(invoices)
      .set({ status: 'no_number', platform: 'failed' })
      .where(eq(invoices.id, invoiceId));
    return null;
  }
  await tx
    .update(invoices)
    .set({ number, status: 'issued', platform: 'pending', randomCode: newRandomCode(), issuedAt: new Date() })
    .where(eq(invoices.id, invoiceId));
  await enqueueOutbox(tx, { kind: ISSUE_JOB, accountId, dedupeKey: number, payload: { invoiceId } });
  if (!carrier)
    await enqueueOutbox(tx, {
      kind: PRINT_JOB,
      accountId,
      dedupeKey: `print:${number}`,
      payload: { invoiceId },
    });
  return number;
};

/** Whether the reaction below has work for the event (order-events.ts OrderReactionGate). */
const invoiceGate: OrderReactionGate = (event) => {
  // the same early returns as above, and an accepted order only where the e-invoice is on (no read else)
  if (!event.orderId || (event.kind !== 'created' && event.kind !== 'status')) return false;
  if (event.status === 'accepted')
    return sql`exists (select 1 from invoice_settings s where s.account_id = ${event.accountId} and s.is_enabled)`;
  return event.kind === 'status' && (event.status === 'canceled' || event.status === 'rejected');
};

/**
 * Order reactions (spec 001 §2.7 auto-issue): when the shop's e-invoice is on, an accepted order gets its
 * invoice row; the auto-issue switch of its payment (contract autoIssueSwitchOf: QC cash, QP online) on
 * gives it the next number at once, off leaves it waiting for 開立 on the EInvoice tab. A canceled or
 * rejected order's issued invoice is voided through an 'einvoice.void' job; a waiting one is dropped.
 * Runs in the order's transaction.
 */
onOrderEvent(async (tx: Db, event) => {
  if (!event.orderId || (event.kind !== 'created' && event.kind !== 'status')) return;
  const accepted = event.status === 'accepted';
  const ended = event.kind === 'status' && (event.status === 'canceled' || event.status === 'rejected');
  if (!accepted && !ended) return;
  if (accepted) {
    const [setting] = await tx
      .select({
        on: invoiceSettings.isEnabled,
        qc: invoiceSettings.isQcInvoice,
        qp: invoiceSettings.isQpInvoice,
      })
      .from(invoiceSettings)
      .where(eq(invoiceSettings.accountId, event.accountId));
    if (!setting?.on) return;
    // the order as intake wrote it, when the event carries it (no read back)
    const order =
      event.order ??
      (
        await tx
          .select({
            total: orders.total,
            buyerTaxId: orders.buyerTaxId,
            carrier: orders.carrier,
            paymentMethod: orders.paymentMethod,
            isTest: orders.isTest,
          })
          .from(orders)
          .where(eq(orders.id, event.orderId))
      )[0];
    // a staff test order sells nothing: no invoice (docs/decisions/orders.md "Go-live status and test orders")
    if (!order || order.isTest) return;
    const auto = autoIssueSwitchOf(order.paymentMethod) === 'is_qp_invoice' ? setting.qp : setting.qc;
    const carrier = order.buyerTaxId ? null : order.carrier;
    const [created] = await tx
      .insert(invoices)
      .values({
        accountId: event.accountId,
        orderId: event.orderId,
        number: null,
        status: 'waiting',
        platform: 'pending',
        amount: order.total,
        buyerTaxId: order.buyerTaxId,
        carrier,
      })
      .onConflictDoNothing()
      .returning({ id: invoices.id });
    if (created && auto) await numberInvoice(tx, event.accountId, created.id, carrier);
    return;
  }
  await tx.delete(invoices).where(and(eq(invoices.orderId, event.orderId), eq(invoices.status, 'waiting')));
  const [voided] = await tx
    .update(invoices)
    .set({ status: 'voided', voidedAt: new Date() })
    .where(and(eq(invoices.orderId, event.orderId), eq(invoices.status, 'issued')))
    .returning({ id: invoices.id, number: invoices.number });
  if (voided)
    await enqueueOutbox(tx, {
      kind: VOID_JOB,
      accountId: event.accountId,
      dedupeKey: `void:${voided.number}`,
      payload: { invoiceId: voided.id, reason: String(event.data?.reason ?? event.status) },
    });
}, invoiceGate);
