import {
  PICKUP_LINK_HOURS,
  PICKUP_LINK_PURPOSE,
  PICKUP_READY_MINUTES,
  POS_BOARD_MESSAGES,
  type TPickupDisplay,
} from '@shopdesk/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client';
import { ApiError } from '../../../http/errors';
import { signLink, verifyLink } from '../../../lib/signed-link';
import { loadBoardShop } from './board-store';

/** The board's "customer display link": /console/pub/qcpos?token=… signed for this shop only. */
export const createPickupLink = (secret: string, accountId: number, now = new Date()) => {
  const expiresAt = new Date(now.getTime() + PICKUP_LINK_HOURS * 3_600_000);
  const token = signLink(secret, PICKUP_LINK_PURPOSE, { accountId }, expiresAt);
  return {
    path: `/console/pub/qcpos?token=${encodeURIComponent(token)}`,
    token,
    expiresAt: expiresAt.toISOString(),
  };
};

/**
 * The pickup display (our design): eat-in and to-go order numbers in the kitchen (accepted) and
 * the ones completed in the last 30 minutes. Delivery orders leave with a courier and are not shown;
 * numbers only, never a customer's name or phone.
 */
export const pickupDisplay = async (db: Db, secret: string, token: string): Promise<TPickupDisplay> => {
  const link = verifyLink(secret, PICKUP_LINK_PURPOSE, token);
  const accountId = Number(link?.accountId);
  if (!link || !Number.isInteger(accountId))
    throw new ApiError(403, 'LINK_EXPIRED', POS_BOARD_MESSAGES.linkExpired);
  const shop = await loadBoardShop(db, accountId);
  const rows = await queryRows<{ serial: number; status: string }>(
    db,
    sql`select serial, status from orders
        where account_id = ${accountId} and meal_type <> 'delivery' and created_at > now() - interval '1 day' and (
          status = 'accepted' or
          (status = 'completed' and completed_at > now() - make_interval(mins => ${PICKUP_READY_MINUTES}::int))
        )
        order by coalesce(completed_at, accepted_at), id`,
  );
  return {
    shopName: shop.shopName,
    preparing: rows.filter((r) => r.status === 'accepted').map((r) => r.serial),
    ready: rows
      .filter((r) => r.status === 'completed')
      .map((r) => r.serial)
      .reverse(),
  };
};
