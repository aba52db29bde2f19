import { asc } from 'drizzle-orm';
import { it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { businesses } from '../src/db/schema';
import { seedDemo } from '../src/seed/seed';
import { build } from './helpers';

it('names', async () => {
  const t = await build();
  await seedDemo(t.db, { shops: 200, orders: 1 });
  const rows = await t.db.select({ id: businesses.id, name: businesses.name }).from(businesses).orderBy(asc(businesses.id));
  writeFileSync('/tmp/fh/names.txt', rows.map((r) => `${r.id}\t${r.name}`).join('\n'));
}, 300_000);
