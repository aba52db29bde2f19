import { chatMenuState, richMenuByFile, richMenuInEffect, type TChatMenuState } from '@shopdesk/contract';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { LineApiError } from '../../../adapters/line';
import { type Db, queryRows } from '../../../db/client';
import { businesses, lineChannels } from '../../../db/schema';
import { serverBase } from '../../../http/public-base';
import { inTx } from '../../menus/menus/menu-access';
import { loadOrderShop } from '../../orders/storefront/shop-context';
import { loadChannel, updateChannel } from './channel-store';
import { createDefaultRichMenu, deleteRichMenus, richMenuLinks } from './rich-menu-service';

/** First key of the per-shop advisory lock of a menu switch (second key: the account id). */
const SWITCH_LOCK = 727_012;

export type MenuSwitch = 'opened' | 'closed' | 'relabelled' | 'restored' | 'restyled';

/** The base of the menu's links when no request is at hand: the one it was written with, else PUBLIC_URL or the listen origin. */
const linkBase = (app: FastifyInstance, stored: string | null) => stored ?? serverBase(app);

/**
 * Makes the account's default rich menu follow the shop: the "closed now, opens at …" variant
 * while order intake would refuse for SYSTEM_CLOSED / SHOP_OFFLINE / CLOSED_NOW / DAY_OFF (contract
 * chatMenuState), the chosen style otherwise; the style follows the pick-up switch (contract richMenuInEffect,
 * docs/decisions/chat.md "Pick-up rich menu"). Safe on every instance at once: one transaction per shop
 * under a try-advisory-lock (another instance on it → skipped) with the channel row locked. LINE is called
 * inside it; the row records what LINE holds, old variants are deleted there. Returns what changed.
 */
export const syncChatMenu = async (
  app: FastifyInstance,
  accountId: number,
  now: Date,
): Promise<MenuSwitch | null> =>
  inTx(app.database.db, async (tx) => {
    const [lock] = await queryRows<{ ok: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${SWITCH_LOCK}, ${accountId}) as ok`,
    );
    if (!lock?.ok) return null;
    const ch = await loadChannel(tx, app.secretBox, accountId, { lock: true });
    const def = ch?.richMenuFile ? richMenuByFile(ch.richMenuFile) : undefined;
    if (!ch || ch.isChatbotDisabled || !def) return null;
    const { shop } = await loadOrderShop(tx, accountId);
    const state: TChatMenuState = chatMenuState(shop, now);
    // the style the menus at LINE should be made from, and whether the ones there were made from another
    const want = richMenuInEffect(def, Boolean(shop.pickUp));
    const restyle = (ch.liveRichMenuFile ?? ch.richMenuFile) !== want.fileName;
    const [biz] = await tx
      .select({ fbUrl: businesses.fbUrl, googleReviewUrl: businesses.googleReviewUrl })
      .from(businesses)
      .where(eq(businesses.id, accountId));
    const base = linkBase(app, ch.linkBase);
    const links = richMenuLinks({ ...ch, ...biz }, base);
    const token = ch.accessToken;

    if (state.open) {
      if (ch.menuState === 'open' && ch.richMenuId && !restyle) return null;
      let id = restyle ? null : ch.richMenuId;
      if (id) {
        try {
          await app.line.setDefaultRichMenu(token, id);
        } catch (err) {
          // gone at LINE (deleted in LINE's manager, a fresh simulator): made again below
          if (!(err instanceof LineApiError && err.status === 404)) throw err;
          id = null;
        }
      }
      const made = !id;
      if (!id) id = await createDefaultRichMenu(app.line, token, want, links);
      await updateChannel(tx, accountId, {
        richMenuId: id,
        closedRichMenuId: null,
        closedLabel: null,
        menuState: 'open',
        linkBase: base,
        liveRichMenuFile: want.fileName,
      });
      // the closed variant, and the open menu of the other style when restyled
      await deleteRichMenus(app.line, token, [ch.closedRichMenuId, restyle ? ch.richMenuId : null]).catch(
        () => undefined,
      );
      if (restyle) return 'restyled';
      return ch.menuState === 'closed' ? 'opened' : made ? 'restored' : 'opened';
    }

    if (ch.menuState === 'closed' && ch.closedRichMenuId && ch.closedLabel === state.label && !restyle)
      return null;
    const closedId = await createDefaultRichMenu(app.line, token, want, links, state.label);
    await updateChannel(tx, accountId, {
      closedRichMenuId: closedId,
      closedLabel: state.label,
      menuState: 'closed',
      linkBase: base,
      liveRichMenuFile: want.fileName,
      // the open menu of the other style is made again when the shop opens
      ...(restyle ? { richMenuId: null } : {}),
    });
    await deleteRichMenus(app.line, token, [ch.closedRichMenuId, restyle ? ch.richMenuId : null]).catch(
      () => undefined,
    );
    if (restyle) return 'restyled';
    return ch.menuState === 'closed' ? 'relabelled' : 'closed';
  });

/** The shops whose rich menu follows them: a channel with a style and the chatbot on. */
export const menuFollowingShops = async (db: Db): Promise<number[]> =>
  (
    await db
      .select({ id: lineChannels.accountId })
      .from(lineChannels)
      .where(and(isNotNull(lineChannels.richMenuFile), eq(lineChannels.isChatbotDisabled, false)))
      .orderBy(lineChannels.accountId)
  ).map((r) => r.id);

/**
 * Forgets every menu id (a fresh LINE API simulator holds none after a restart): the next sync makes each
 * shop's menu again. Development only (main.ts, when it starts the simulator).
 */
export const forgetMenusAtLine = (db: Db) =>
  db.update(lineChannels).set({
    richMenuId: null,
    closedRichMenuId: null,
    closedLabel: null,
    menuState: 'open',
    liveRichMenuFile: null,
  });
