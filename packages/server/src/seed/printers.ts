import type { Db } from '../db/client';
import { printers } from '../db/schema';
import type { SecretBox } from '../lib/secret-box';

/**
 * Demo printers: the POS shop gets a kitchen (58 mm) and a counter (80 mm) printer, a few other shops
 * one each, so accepting a demo order prints at the local printer simulator.
 */
export const seedPrinters = async (db: Db, box: SecretBox, shopIds: number[]) => {
  const rows = shopIds.flatMap((accountId, i) => {
    const one = (name: string, printerType: 'PT4G' | 'PTE', n: number) => {
      const secret = `demo-printer-key-${accountId}-${n}`;
      return {
        accountId,
        name,
        sn: `DEMO${String(accountId).padStart(5, '0')}${n}`,
        secretSealed: box.seal(secret),
        secretHint: secret.slice(-4),
        printerType,
      };
    };
    return i === 0 ? [one('廚房', 'PT4G', 1), one('櫃台', 'PTE', 2)] : [one('廚房', 'PT4G', 1)];
  });
  if (rows.length) await db.insert(printers).values(rows);
};
