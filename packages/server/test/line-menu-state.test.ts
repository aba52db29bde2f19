// "the rich menu follows the shop": when the shop is paused, outside its service periods or on a
// day off, the account's default rich menu at LINE (the simulator) becomes the "closed" variant, and the
// open one again when it opens; decided by order intake's checkOrder (contract chatMenuState).
import { chatMenuState } from '@shopdesk/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { businesses, lineChannels, shopOpeningHours, shopSpecialDays } from '../src/db/schema';
import { syncChatMenu } from '../src/features/chat/line/menu-switch';
import { loadOrderShop } from '../src/features/orders/storefront/shop-context';
import { runRichMenuState } from '../src/schedule/rich-menu-state';
import { buildWithLine, giveChannel } from './line-fixtures';

const { t, sim } = await buildWithLine();
const eaa = await t.signedIn('eaa');
const shop = async (name: string) => {
  const { account } = await t.createShop({
    name,
    ownerUserId: eaa.user.id,
    isEnabled: true,
    isToGo: true,
    isToGoCash: true,
  });
  const ch = await giveChannel(t, account.id);
  await t.db
    .update(lineChannels)
    .set({ richMenuFile: 'jessica_catering-basic' })
    .where(eq(lineChannels.accountId, account.id));
  return { id: account.id, token: ch.channelAccessToken };
};
const row = async (id: number) =>
  (await t.db.select().from(lineChannels).where(eq(lineChannels.accountId, id)))[0]!;
const atLine = (token: string) => sim.hooks.channel(token)!;
const defaultMenu = (token: string) => {
  const c = atLine(token);
  return c.defaultRichMenuId ? c.richMenus.get(c.defaultRichMenuId) : undefined;
};

// 2026-03-10 is a Tuesday; 12:00 in Taipei is 04:00 UTC, 20:00 is 12:00 UTC.
const tueNoon = new Date('2026-03-10T04:00:00Z');
const tueEvening = new Date('2026-03-10T12:00:00Z');
// Tuesday 09:00–18:00 and Wednesday 09:00–18:00
const periods = [2, 3].map((d) => ({ openDay: d, closeDay: d, openTime: '0900', closeTime: '1800' }));

describe('the rich menu follows the shop', async () => {
  const a = await shop('跟隨店 A');

  it('open shop: the style is made at LINE and is the default', async () => {
    expect(await syncChatMenu(t.app, a.id, tueNoon)).toBe('restored');
    const r = await row(a.id);
    expect(r.menuState).toBe('open');
    expect(atLine(a.token).defaultRichMenuId).toBe(r.richMenuId);
    expect(defaultMenu(a.token)!.chatBarText).toBe('開始點餐');
    expect(await syncChatMenu(t.app, a.id, tueNoon)).toBeNull(); // nothing to do
  });

  it('outside its service periods: the closed variant (休息中・週三 09:00開) is the default', async () => {
    await t.db.insert(shopOpeningHours).values({ accountId: a.id, general: periods });
    const before = (await row(a.id)).richMenuId;
    expect(await syncChatMenu(t.app, a.id, tueEvening)).toBe('closed');
    const r = await row(a.id);
    expect(r.menuState).toBe('closed');
    expect(r.richMenuId).toBe(before); // the open one is kept at LINE for later
    expect(atLine(a.token).defaultRichMenuId).toBe(r.closedRichMenuId);
    expect(defaultMenu(a.token)!.chatBarText).toBe('休息中・週三 09:00開');
    expect(defaultMenu(a.token)!.image).toBeDefined();
  });

  it('open again: back to the open menu, the closed one deleted at LINE', async () => {
    const closedId = (await row(a.id)).closedRichMenuId!;
    expect(await syncChatMenu(t.app, a.id, tueNoon)).toBe('opened');
    const r = await row(a.id);
    expect(r).toMatchObject({ menuState: 'open', closedRichMenuId: null });
    expect(atLine(a.token).defaultRichMenuId).toBe(r.richMenuId);
    expect(atLine(a.token).richMenus.has(closedId)).toBe(false);
  });

  it('a day off (closeDay 100) closes it: 休息中 and the next opening day', async () => {
    await t.db.insert(shopSpecialDays).values({ accountId: a.id, specialDate: '2026-03-10', closeDay: 100 });
    expect(await syncChatMenu(t.app, a.id, tueNoon)).toBe('closed');
    expect(defaultMenu(a.token)!.chatBarText).toBe('休息中・週三 09:00開');
    await t.db.delete(shopSpecialDays).where(eq(shopSpecialDays.accountId, a.id));
    expect(await syncChatMenu(t.app, a.id, tueNoon)).toBe('opened');
  });

  it('paused (online ordering off): closed with no opening time; back when switched on', async () => {
    await t.db.update(businesses).set({ isEnabled: false }).where(eq(businesses.id, a.id));
    const { shop: s } = await loadOrderShop(t.db, a.id);
    expect(chatMenuState(s, tueNoon)).toMatchObject({ open: false, reason: 'SHOP_OFFLINE', label: '休息中' });
    expect(await runRichMenuState(t.app, tueNoon)).toMatchObject({ [a.id]: 'closed' });
    expect(defaultMenu(a.token)!.chatBarText).toBe('休息中');
    await t.db.update(businesses).set({ isEnabled: true }).where(eq(businesses.id, a.id));
    expect(await runRichMenuState(t.app, tueNoon)).toMatchObject({ [a.id]: 'opened' });
    expect(defaultMenu(a.token)!.chatBarText).toBe('開始點餐');
  });

  it('the open menu gone at LINE is made again when the shop opens', async () => {
    await t.db.update(businesses).set({ isEnabled: false }).where(eq(businesses.id, a.id));
    await syncChatMenu(t.app, a.id, tueNoon);
    const gone = (await row(a.id)).richMenuId!;
    atLine(a.token).richMenus.delete(gone);
    await t.db.update(businesses).set({ isEnabled: true }).where(eq(businesses.id, a.id));
    expect(await syncChatMenu(t.app, a.id, tueNoon)).toBe('opened');
    const r = await row(a.id);
    expect(r.richMenuId).not.toBe(gone);
    expect(atLine(a.token).defaultRichMenuId).toBe(r.richMenuId);
  });

  it('two instances at once: each shop switched exactly once', async () => {
    const b = await shop('跟隨店 B');
    await t.db.insert(shopOpeningHours).values({ accountId: b.id, general: periods });
    await syncChatMenu(t.app, b.id, tueNoon);
    const [x, y] = await Promise.all([
      runRichMenuState(t.app, tueEvening),
      runRichMenuState(t.app, tueEvening),
    ]);
    expect([x[b.id], y[b.id]].filter(Boolean)).toEqual(['closed']);
    const menus = [...atLine(b.token).richMenus.values()];
    expect(menus.filter((m) => m.chatBarText.startsWith('休息中'))).toHaveLength(1);
  });

  it('a shop with the chatbot disabled is left alone', async () => {
    const c = await shop('無機器人店');
    await t.db.update(lineChannels).set({ isChatbotDisabled: true }).where(eq(lineChannels.accountId, c.id));
    expect(await syncChatMenu(t.app, c.id, tueNoon)).toBeNull();
    expect(sim.hooks.channel(c.token)?.defaultRichMenuId ?? null).toBeNull();
  });
});
