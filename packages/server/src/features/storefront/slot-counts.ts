import { limitSlotsAt, slotKey, type TMealType } from '@shopdesk/contract';
import type { Db } from '../../db/client';
import { countOrdersIn } from './order-store';
import type { OrderShop } from './shop-context';

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
