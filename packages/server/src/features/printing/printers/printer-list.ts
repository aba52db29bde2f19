import type { ZPrinterListQuery } from '@shopdesk/contract';
import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { businesses, printers } from '../../../db/schema';
import type { PrinterDeps } from './printer-service';
import { recordStatus, targetOf, toPrinter } from './printer-store';

type TQuery = z.output<typeof ZPrinterListQuery>;

const page = async (db: Db, q: TQuery) => {
  const conditions: SQL[] = [];
  if (q.accountId) conditions.push(eq(printers.accountId, q.accountId));
  if (q.state) conditions.push(eq(printers.state, q.state));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ printer: printers, shopName: businesses.name })
      .from(printers)
      .leftJoin(businesses, eq(businesses.accountId, printers.accountId))
      .where(where)
      .orderBy(asc(printers.accountId), asc(printers.id))
      .offset(q.offset)
      .limit(q.limit),
    db.select({ n: count() }).from(printers).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
};

/**
 * /printers/list (spec 000 §2): every shop's printers for gaa, with the state the service last reported.
 * `refresh` asks the service about the page's printers first (at most 100, in parallel).
 */
export const listAllPrinters = async (d: PrinterDeps, q: TQuery) => {
  if (q.refresh === 'true') {
    const { rows } = await page(d.db, q);
    await Promise.all(
      rows.map(async ({ printer }) => {
        try {
          await recordStatus(d.db, printer.id, await d.service.status(targetOf(d.box, printer)));
        } catch (err) {
          d.log.warn({ did: printer.did, err: (err as Error).message }, 'printer service: status failed');
          await recordStatus(d.db, printer.id, {
            state: 'unknown',
            queueLength: printer.queueLength,
            lastPrintAt: null,
          });
        }
      }),
    );
  }
  const { rows, total } = await page(d.db, q);
  return { total, rows: rows.map((r) => ({ ...toPrinter(r.printer), shopName: r.shopName ?? '' })) };
};
