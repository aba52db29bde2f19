import {
  countOrdersBySlot,
  generateSlots,
  limitSlotsAt,
  ORDER_LIMIT_SESSION_TIMES,
  slotKey,
  type TMealType,
} from '@shopdesk/contract';
import type { Db } from '../../../db/client';
import { countOrdersIn, type KeySlot, wantedTimesFrom } from './order-store';
import type { OrderShop } from './shop-context';

/**
 * The limit slots `slotCountsAt` counts, by key, for a reader that counts them in its own statement (order
 * intake's read after the lock, order-store.ts findByKey); `slotCountsOf` gives the counts back as a map.
 */
export const slotsToCount = (o: OrderShop, mealType: TMealType, at: Date): KeySlot[] =>
  limitSlotsAt(o.shop, mealType, at).map(({ slot }) => ({
    key: slotKey(slot),
    from: slot.from,
    to: slot.to,
  }));

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
export const bookableSlots = async (db: Db, o: OrderShop, mealType: TMealType, now: Date) =>
  generateSlots(o.shop, mealType, now, await allSlotCounts(db, o, mealType, now));

/**
 * Orders counted in every limit slot from the one running now on (the bookable times and the next
 * accepted time read these; a count of the asked slot only made every later slot look empty).
 */
export const allSlotCounts = async (db: Db, o: OrderShop, mealType: TMealType, now: Date) => {
  const since = new Date(now.getTime() - LONGEST_SLOT_MS);
  return countOrdersBySlot(o.shop, mealType, await wantedTimesFrom(db, o.stored.accountId, mealType, since));
};
