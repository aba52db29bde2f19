import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { EInvoiceError, type EInvoicePlatform, type EInvoiceSeller } from '../../../adapters/einvoice';
import type { Db } from '../../../db/client';
import { invoiceSettings, invoices } from '../../../db/schema';
import { PermanentFailure, RetryLater } from '../../../jobs/outbox';
import type { SecretBox } from '../../../lib/secret-box';
import { ISSUE_JOB, VOID_JOB } from './numbering';

/** The platform credentials of a shop (password opened), or undefined when it has no setting. */
export const sellerOf = async (
  db: Db,
  box: SecretBox,
  accountId: number,
): Promise<EInvoiceSeller | undefined> => {
  const [s] = await db.select().from(invoiceSettings).where(eq(invoiceSettings.accountId, accountId));
  return s
    ? {
        sellerTaxId: s.sellerTaxId,
        sellerId: s.sellerId,
        user: s.platformUser,
        password: box.open(s.passwordSealed),
      }
    : undefined;
};

const asJobError = (err: unknown) =>
  err instanceof EInvoiceError && !err.retry
    ? new PermanentFailure(err.message)
    : new RetryLater((err as Error).message);

/** The outbox handlers: issue and void at the platform, marking the invoice's platform side. */
export const registerEInvoiceJobs = (app: FastifyInstance, platform: EInvoicePlatform) => {
  const { db } = app.database;
  const load = async (id: number) => {
    const [inv] = await db.select().from(invoices).where(eq(invoices.id, id));
    if (!inv?.number) throw new PermanentFailure('no such invoice');
    const seller = await sellerOf(db, app.secretBox, inv.accountId);
    if (!seller) throw new PermanentFailure('the shop has no e-invoice setting');
    return { inv: inv as typeof inv & { number: string }, seller };
  };
  app.outbox.handle(ISSUE_JOB, async (job) => {
    const { inv, seller } = await load(Number(job.payload.invoiceId));
    try {
      await platform.issue(seller, {
        number: inv.number,
        orderId: inv.orderId,
        amount: inv.amount,
        buyerTaxId: inv.buyerTaxId,
        carrier: inv.carrier,
      });
    } catch (err) {
      const e = asJobError(err);
      if (e instanceof PermanentFailure)
        await db.update(invoices).set({ platform: 'failed' }).where(eq(invoices.id, inv.id));
      throw e;
    }
    await db.update(invoices).set({ platform: 'done' }).where(eq(invoices.id, inv.id));
  });
  app.outbox.handle(VOID_JOB, async (job) => {
    const { inv, seller } = await load(Number(job.payload.invoiceId));
    try {
      await platform.void(seller, inv.number, String(job.payload.reason ?? ''));
    } catch (err) {
      // not issued at the platform yet (its issue job still waits): try again later
      if (err instanceof EInvoiceError && err.code === 'NO_SUCH_INVOICE')
        throw new RetryLater(err.message, 10_000);
      throw asJobError(err);
    }
    await db.update(invoices).set({ platform: 'done' }).where(eq(invoices.id, inv.id));
  });
};
