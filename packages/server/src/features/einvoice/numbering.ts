import { and, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { invoiceSettings, invoices, orders } from '../../db/schema';
import { enqueueOutbox } from '../../jobs/outbox';
import { onOrderEvent } from '../order-flow/order-events';

export const ISSUE_JOB = 'einvoice.issue';
export const VOID_JOB = 'einvoice.void';

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

/**
 * Order reactions (spec 001 §2.7 auto-issue): when the shop's e-invoice is on and its QC auto-issue switch
 * is on, an accepted order gets the next number and an 'einvoice.issue' job; a canceled or rejected order
 * with an issued invoice is voided through an 'einvoice.void' job. Runs in the order's transaction.
 */
onOrderEvent(async (tx: Db, event) => {
  if (!event.orderId || (event.kind !== 'created' && event.kind !== 'status')) return;
  const accepted = event.status === 'accepted';
  const ended = event.kind === 'status' && (event.status === 'canceled' || event.status === 'rejected');
  if (!accepted && !ended) return;
  if (accepted) {
    const [setting] = await tx
      .select({ on: invoiceSettings.isEnabled, qc: invoiceSettings.isQcInvoice })
      .from(invoiceSettings)
      .where(eq(invoiceSettings.accountId, event.accountId));
    if (!setting?.on || !setting.qc) return;
    const [order] = await tx
      .select({
        total: orders.total,
        buyerTaxId: orders.buyerTaxId,
        carrier: orders.carrier,
        isTest: orders.isTest,
      })
      .from(orders)
      .where(eq(orders.id, event.orderId));
    // a staff test order sells nothing: no invoice number is taken (docs/decisions: "Go-live status and
    // test orders")
    if (!order || order.isTest) return;
    const number = await takeNextNumber(tx, event.accountId);
    const [created] = await tx
      .insert(invoices)
      .values({
        accountId: event.accountId,
        orderId: event.orderId,
        number,
        status: number ? 'issued' : 'no_number',
        platform: number ? 'pending' : 'failed',
        amount: order.total,
        buyerTaxId: order.buyerTaxId,
        carrier: order.buyerTaxId ? null : order.carrier,
      })
      .onConflictDoNothing()
      .returning({ id: invoices.id });
    if (created && number)
      await enqueueOutbox(tx, {
        kind: ISSUE_JOB,
        accountId: event.accountId,
        dedupeKey: number,
        payload: { invoiceId: created.id },
      });
    return;
  }
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
});
