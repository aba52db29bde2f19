import { MENU_MESSAGES } from '@shopdesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client';
import { conflict } from '../../../http/errors';

type Ordered = 'menu_classes' | 'products' | 'option_groups' | 'options';

/**
 * Writes positions 0..n-1 in the order of `ids`. The list must name exactly the rows of the level
 * (`current`): a stale page that misses a new row gets 409 instead of silently scrambling the order.
 */
export const applyOrder = async (tx: Db, table: Ordered, current: number[], ids: number[]) => {
  const wanted = new Set(ids);
  if (wanted.size !== ids.length || wanted.size !== current.length || current.some((id) => !wanted.has(id)))
    throw conflict(MENU_MESSAGES.orderMismatch);
  if (!ids.length) return;
  const values = sql.join(
    ids.map((id, i) => sql`(${id}::int, ${i}::int)`),
    sql`, `,
  );
  await tx.execute(
    sql`update ${sql.identifier(table)} as t set position = v.pos from (values ${values}) as v(id, pos) where t.id = v.id`,
  );
};

/** The next position at the end of a level: 0 for an empty one. */
export const nextPosition = async (tx: Db, table: Ordered, where: SQL) => {
  const rows = await queryRows<{ pos: number }>(
    tx,
    sql`select coalesce(max(position) + 1, 0)::int as pos from ${sql.identifier(table)} where ${where}`,
  );
  return Number(rows[0]?.pos ?? 0);
};
