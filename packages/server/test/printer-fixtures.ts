import { randomBytes } from 'node:crypto';
import { afterAll } from 'vitest';
import { createPrinterClient } from '../src/adapters/printer/client';
import { createPrinterSimulator } from '../src/adapters/printer/simulator';
import { listenSimulator } from '../src/adapters/simulator-host';
import { printers } from '../src/db/schema';
import type { build } from './helpers';

type T = Awaited<ReturnType<typeof build>>;

/**
 * A cloud-printer simulator on a free port and the adapter's HTTP client pointed at it: pass `service` to
 * build({ printer }) and read what was printed with `control.printed(sn)` (decoded text lines).
 */
export const startPrinterSimulator = async () => {
  const sim = createPrinterSimulator();
  const host = await listenSimulator(sim.app, 0);
  afterAll(() => host.close());
  return {
    control: sim.control,
    url: host.url,
    service: createPrinterClient({ baseUrl: host.url, mode: 'simulator' }),
  };
};

/** A printer of the shop, written as the Printer tab would (secret sealed); answers its row and secret. */
export const addPrinter = async (
  t: T,
  accountId: number,
  extra: Partial<typeof printers.$inferInsert> & { secret?: string } = {},
) => {
  const secret = extra.secret ?? `key-${randomBytes(6).toString('hex')}`;
  const [row] = await t.db
    .insert(printers)
    .values({
      accountId,
      name: `廚房 ${randomBytes(2).toString('hex')}`,
      sn: `SN${randomBytes(5).toString('hex').toUpperCase()}`,
      secretSealed: t.app.secretBox.seal(secret),
      secretHint: secret.slice(-4),
      ...extra,
    })
    .returning();
  return { row: row!, secret };
};
