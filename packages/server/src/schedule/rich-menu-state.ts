import type { FastifyInstance } from 'fastify';
import { type MenuSwitch, menuFollowingShops, syncChatMenu } from '../features/chat/line/menu-switch';

/**
 * The rich menu follows the shop. Every instance runs it every minute: for each shop with a
 * LINE channel, a style and the chatbot on, `syncChatMenu` switches the account's default rich menu to the
 * closed variant when order intake would refuse for the shop being off, paused, outside its service periods
 * or on a day off, and back when it opens. Per shop a try-advisory-lock: two instances never switch one
 * shop at once, the second skips it. A LINE failure of one shop is logged and tried again next minute.
 */
export const runRichMenuState = async (
  app: FastifyInstance,
  now = new Date(),
): Promise<Record<number, MenuSwitch>> => {
  const changed: Record<number, MenuSwitch> = {};
  for (const id of await menuFollowingShops(app.database.db)) {
    try {
      const r = await syncChatMenu(app, id, now);
      if (r) changed[id] = r;
    } catch (err) {
      app.log.warn(
        { accountId: id, err: (err as Error).message },
        'rich menu: could not follow the shop state',
      );
    }
  }
  if (Object.keys(changed).length) app.log.info({ changed }, 'rich menus switched');
  return changed;
};
