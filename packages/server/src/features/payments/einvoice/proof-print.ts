import { createCipheriv, createHash } from 'node:crypto';
import {
  PRINTER_PAPER,
  proofBarcode,
  proofQrTexts,
  proofTextLines,
  type TProofInvoice,
} from '@shopdesk/contract';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { PrinterError, renderEscPos, type TicketDoc } from '../../../adapters/printer';
import type { Db } from '../../../db/client';
import { invoiceSettings, invoices, orderItems, printers } from '../../../db/schema';
import { PermanentFailure, RetryLater } from '../../../jobs/outbox';
import type { SecretBox } from '../../../lib/secret-box';
import { recordStatus, targetOf } from '../../printing/printers/printer-store';
import { PRINT_JOB } from './numbering';

/** The MoF QR verification's fixed IV (電子發票證明聯二維條碼規格: AES-128-CBC, base64). */
const QR_IV = Buffer.from('Dt8lyToo17X/XkXaQvihuA==', 'base64');

/**
 * The QR codes' 24-character verification: AES-128-CBC over number + random code, base64. The MoF key is the
 * seller's QR seed; our platform adapter gives none, so the key is derived from the shop's platform password
 * (a per-shop secret the console never shows): docs/decisions/payments.md "E-invoice proof".
 */
export const qrVerification = (password: string, number: string, randomCode: string) => {
  const key = createHash('sha256').update(password).digest().subarray(0, 16);
  const c = createCipheriv('aes-128-cbc', key, QR_IV);
  return Buffer.concat([c.update(`${number}${randomCode}`, 'utf8'), c.final()]).toString('base64');
};

/** The quiet zone (modules) around each code and the gap (dots) between the two codes. */
export const QR_LAYOUT = { quiet: 2, gap: 16, maxScale: 3, minScale: 2 } as const;

/** The dots per module that fit both codes side by side in `maxWidth` dots (3 where they fit, else 2). */
export const qrScale = (sizes: number[], maxWidth: number) => {
  const modules = sizes.reduce((a, s) => a + s + QR_LAYOUT.quiet * 2, 0);
  return Math.max(
    QR_LAYOUT.minScale,
    Math.min(QR_LAYOUT.maxScale, Math.floor((maxWidth - QR_LAYOUT.gap) / modules)),
  );
};

/**
 * The two QR codes (error correction L, UTF-8 text) side by side in one raster image, left code first,
 * at most `maxWidth` dots wide (384 on 5.7 cm paper at 203 dpi).
 */
export const qrPairRaster = (left: string, right: string, maxWidth = 384) => {
  const codes = [left, right].map((text) => QRCode.create(text, { errorCorrectionLevel: 'L' }).modules);
  const { quiet, gap } = QR_LAYOUT;
  const scale = qrScale(
    codes.map((m) => m.size),
    maxWidth,
  );
  const side = codes.map((m) => (m.size + quiet * 2) * scale);
  const width = Math.ceil((side[0]! + gap + side[1]!) / 8) * 8;
  const height = Math.max(...side);
  const bytesPerRow = width / 8;
  const bits = new Uint8Array(bytesPerRow * height);
  let x0 = 0;
  codes.forEach((m, k) => {
    for (let r = 0; r < m.size; r += 1)
      for (let c = 0; c < m.size; c += 1) {
        if (!m.get(r, c)) continue;
        for (let dy = 0; dy < scale; dy += 1)
          for (let dx = 0; dx < scale; dx += 1) {
            const x = x0 + (c + quiet) * scale + dx;
            const y = (r + quiet) * scale + dy;
            bits[y * bytesPerRow + (x >> 3)]! |= 0x80 >> (x & 7);
          }
      }
    x0 += side[k]! + gap;
  });
  return { width, height, bits };
};

/** The whole proof as printer lines: texts, the CODE39 barcode and the QR pair (MoF layout, 5.7 cm). */
export const proofDoc = (inv: TProofInvoice & { shopTitle: string }, columns = 32): TicketDoc => {
  const t = proofTextLines(inv);
  const qr = proofQrTexts(inv);
  return {
    lines: [
      { text: t.title, center: true, bold: true },
      { text: t.heading, center: true, big: true, bold: true },
      { text: t.period, center: true, big: true, bold: true },
      { text: t.number, center: true, big: true, bold: true },
      { text: t.date },
      { text: t.randomAndTotal },
      { text: t.parties },
      ...(t.format ? [{ text: t.format }] : []),
      { code39: proofBarcode(inv.issuedAt, inv.number, inv.randomCode) },
      // 12 dots a column: 384 dots on 5.7 cm paper at 203 dpi
      { raster: qrPairRaster(qr.left, qr.right, columns * 12) },
    ],
  };
};

/**
 * The proof job: prints an issued invoice's proof on the shop's e-invoice printer (the printer serial and
 * device id of the EInvoice tab, which must be one of the shop's printers). A printer that does not take it
 * is tried again (RetryLater), as tickets are; a printer that is not the shop's is a dead job with the reason.
 */
export const registerProofPrinting = (app: FastifyInstance) => {
  const db: Db = app.database.db;
  const box: SecretBox = app.secretBox;
  app.outbox.handle(PRINT_JOB, async (job) => {
    const [inv] = await db
      .select()
      .from(invoices)
      .where(eq(invoices.id, Number(job.payload.invoiceId)));
    if (!inv?.number || inv.status !== 'issued') return; // voided before it printed: nothing to print
    const [s] = await db.select().from(invoiceSettings).where(eq(invoiceSettings.accountId, inv.accountId));
    if (!s) throw new PermanentFailure('the shop has no e-invoice setting');
    const [printer] = await db.select().from(printers).where(eq(printers.did, s.printerDid));
    if (!printer || printer.accountId !== inv.accountId || printer.sn !== s.printerSn)
      throw new PermanentFailure(`電子發票印表機 ${s.printerSn} 不是此商店的印表機`);
    const items = await db
      .select({ names: orderItems.names, quantity: orderItems.quantity, unitPrice: orderItems.unitPrice })
      .from(orderItems)
      .where(eq(orderItems.orderId, inv.orderId))
      .orderBy(asc(orderItems.id));
    const randomCode = inv.randomCode ?? '0000';
    const { columns } = PRINTER_PAPER[printer.printerType];
    const doc = proofDoc(
      {
        shopTitle: s.shortName,
        number: inv.number,
        randomCode,
        issuedAt: inv.issuedAt,
        total: inv.amount,
        buyerTaxId: inv.buyerTaxId,
        sellerTaxId: s.sellerTaxId,
        verification: qrVerification(box.open(s.passwordSealed), inv.number, randomCode),
        items: items.map((i) => ({
          name: i.names.zh ?? i.names.en ?? '',
          quantity: i.quantity,
          unitPrice: i.unitPrice,
        })),
      },
      columns,
    );
    try {
      const result = await app.printer.print(targetOf(box, printer), renderEscPos(doc, columns));
      await recordStatus(db, printer.id, result);
    } catch (err) {
      if (err instanceof PrinterError && err.status) await recordStatus(db, printer.id, err.status);
      throw new RetryLater(`電子發票證明聯列印失敗：${(err as Error).message}`);
    }
    await db.update(invoices).set({ proofPrintedAt: new Date() }).where(eq(invoices.id, inv.id));
  });
};
