import { deliveryFeeOf, nextAcceptedTime, quoteOrder, type TAvailability } from '@shopdesk/contract';
import type { Db } from '../../../db/client';
import { checkIntake, type TIntakeFacts } from './intake-check';
import { loadOrderShop } from './shop-context';
import { allSlotCounts } from './slot-counts';

/**
 * "Can customers order this now?" (with a cart): the very checks of order intake
 * (checkIntake), the next time intake would accept when the refusal is about time, and the delivery rule
 * the point fell in.
 */
export const availability = async (
  db: Db,
  accountId: number,
  facts: TIntakeFacts,
): Promise<TAvailability> => {
  const o = await loadOrderShop(db, accountId);
  const now = new Date();
  const checked = await checkIntake(db, o, facts, now);
  const quote = checked.ctx ? quoteOrder(checked.ctx) : null;
  const delivery = quote?.ok
    ? {
        ruleName: quote.rule.name,
        // waived at or above the free-delivery amount (logistics on)
        charge: deliveryFeeOf(checked.ctx!, quote),
        extraMinutes: quote.extraMinutes,
        distanceMeters: quote.distanceMeters,
      }
    : null;
  if (checked.ok) return { ok: true, blocking: null, nextAcceptedAt: null, delivery };
  // the next time is searched over every slot, so it needs every slot's count, not only the asked one's
  const next = checked.ctx
    ? nextAcceptedTime({ ...checked.ctx, slotCounts: await allSlotCounts(db, o, facts.mealType, now) })
    : null;
  const { code, message } = checked.refusal;
  return {
    ok: false,
    blocking: { code, message: message.zh, messageEn: message.en },
    nextAcceptedAt: next ? next.toISOString() : null,
    delivery,
  };
};
