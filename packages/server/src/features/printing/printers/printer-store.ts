import type { TPrinter, TPrinterVoice } from '@shopdesk/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { PrinterStatus, PrinterTarget } from '../../../adapters/printer';
import type { Db } from '../../../db/client';
import { printers } from '../../../db/schema';
import type { SecretBox } from '../../../lib/secret-box';

export type PrinterRow = typeof printers.$inferSelect;

/** A printer as the API shows it: the secret as stars and its last four characters, never whole. */
export const toPrinter = (r: PrinterRow): TPrinter => ({
  did: r.did,
  accountId: r.accountId,
  is_online: r.isOnline,
  state: r.state,
  printer_type: r.printerType,
  name: r.name,
  sn: r.sn,
  secret: `••••${r.secretHint}`,
  server: r.server,
  voice_id: r.voiceId as TPrinterVoice,
  volume: r.volume,
  queueLength: r.queueLength,
  lastPrintAt: r.lastPrintAt?.toISOString() ?? null,
  stateAt: r.stateAt?.toISOString() ?? null,
});

/** The adapter's target of a printer row (its secret opened). */
export const targetOf = (box: SecretBox, r: PrinterRow): PrinterTarget => ({
  did: r.did,
  sn: r.sn,
  secret: box.open(r.secretSealed),
  server: r.server,
  printerType: r.printerType,
  voiceId: r.voiceId as TPrinterVoice,
  volume: r.volume,
});

export const shopPrinters = (db: Db, accountId: number) =>
  db.select().from(printers).where(eq(printers.accountId, accountId)).orderBy(asc(printers.id));

/** Whether the shop has a printer, as an SQL boolean for a reader that folds it into its own statement. */
export const hasPrintersSql = (accountId: number) =>
  sql`exists (select 1 from printers p where p.account_id = ${accountId})`;

export const findPrinter = async (db: Db, did: string) =>
  (await db.select().from(printers).where(eq(printers.did, did)).limit(1))[0];

/** Keeps what the printer service last said about a printer (state, queue, last print). */
export const recordStatus = async (db: Db, id: number, s: PrinterStatus) => {
  await db
    .update(printers)
    .set({
      state: s.state,
      isOnline: s.state === 'online',
      queueLength: s.queueLength,
      stateAt: new Date(),
      ...(s.lastPrintAt ? { lastPrintAt: new Date(s.lastPrintAt) } : {}),
    })
    .where(and(eq(printers.id, id)));
};
