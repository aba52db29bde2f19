import {
  countOrdersBySlot,
  generateSlots,
  limitSlotsAt,
  ORDER_LIMIT_SESSION_TIMES,
  slotKey,
  type TMealType,
} from '@shopdesk/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { countOrdersIn, countOrdersInSql, wantedTimesFrom } from './order-store';
import type { OrderShop } from './shop-context';

/**
 * `slotCountsAt` as one SQL value (a json object of counts by slot key), for a reader that folds it into its
 * own statement (order intake's read after the lock); `slotCountsOf` gives the map back.
 */
export const slotCountsSql = (o: OrderShop, mealType: TMealType, at: Date) => {
  const slots = limitSlotsAt(o.shop, mealType, at);
  if (!slots.length) return sql`'{}'::text`;
  return sql`json_build_object(${sql.join(
    slots.map(
      ({ slot }) =>
        sql`${slotKey(slot)}::text, ${countOrdersInSql(o.stored.accountId, mealType, slot.from, slot.to)}`,
    ),
    sql`, `,
  )})::text`;
};

export const slotCountsOf = (json: unknown) =>
  new Map(Object.entries(JSON.parse(String(json)) as Record<string, number>));

/** Orders counted in every limit slot the wanted time falls in. */
export const slotCountsAt = async (db: Db, o: OrderShop, facts: { mealType: TMealType }, at: Date) => {
  const counts = new Map<string, number>();
  for (const { slot } of limitSlotsAt(o.shop, facts.mealType, at))
    counts.set(
      slotKey(slot),
      await countOrdersIn(db, o.stored.accountId, facts.mealType, slot.from, slot.to),
    );
  return counts;
};

/** The longest limit slot (spec 001 §3 session_time): a slot running now began at most this long ago. */
const LONGEST_SLOT_MS = Math.max(...ORDER_LIMIT_SESSION_TIMES) * 60_000;

/**
 * The bookable times of a meal type with the order limits counted as intake counts them: every
 * order of a limit slot, also those placed earlier in the slot running now (counting only from
 * `now` offered a time in a full slot that intake then refused).
 */
export const bookableSlots = async (db: Db, o: OrderShop, mealType: TMealType, now: Date) => {
  const since = new Date(now.getTime() - LONGEST_SLOT_MS);
  const counts = countOrdersBySlot(
    o.shop,
    mealType,
    await wantedTimesFrom(db, o.stored.accountId, mealType, since),
  );
  return generateSlots(o.shop, mealType, now, counts);
};
