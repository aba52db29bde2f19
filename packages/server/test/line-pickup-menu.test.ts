// The pick-up rich menu (spec 000 §3 isPickup, rich-menu style pick-up-cup, pickUpLiffId; docs/decisions/chat.md
// "Pick-up rich menu"): turning pick-up on in the shop settings gives the account's LINE menu (the simulator)
// the 預約取杯 entry opening the pick-up LIFF app; turning it off takes it away. Marketing is kept as chosen.
import { richMenuByFile, richMenuInEffect } from '@shopdesk/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lineChannels } from '../src/db/schema';
import { runRichMenuState } from '../src/schedule/rich-menu-state';
import { buildWithLine, giveChannel } from './line-fixtures';

const { t, sim } = await buildWithLine();
const eaa = await t.signedIn('eaa');
const gaa = await t.signedIn('gaa');

/** An open shop (no saved periods: open all day) with a channel, its pick-up LIFF id and a style. */
const shop = async (name: string, richMenuFile: string) => {
  const { account } = await t.createShop({
    name,
    ownerUserId: eaa.user.id,
    isEnabled: true,
    isToGo: true,
    isToGoCash: true,
  });
  const ch = await giveChannel(t, account.id, { pickUpLiffId: `pick-${account.id}` });
  await t.db.update(lineChannels).set({ richMenuFile }).where(eq(lineChannels.accountId, account.id));
  return {
    id: account.id,
    token: ch.channelAccessToken,
    pickUpUri: `https://liff.line.me/pick-${account.id}`,
  };
};
/** The settings page's switch (spec 001 §3 is_pick_up), as its tab saves it. */
const setPickUp = async (id: number, value: boolean) => {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/console/apis/console/${id}/business`,
    headers: gaa.headers,
    payload: { table: 'business', key: 'is_pick_up', value, label: 'is_pick_up' },
  });
  expect(res.statusCode, res.body).toBe(200);
};
const row = async (id: number) =>
  (await t.db.select().from(lineChannels).where(eq(lineChannels.accountId, id)))[0]!;
const defaultMenu = (token: string) => {
  const c = sim.hooks.channel(token)!;
  return c.defaultRichMenuId ? c.richMenus.get(c.defaultRichMenuId) : undefined;
};
const uris = (token: string) =>
  (defaultMenu(token)?.areas ?? []).map((a: { action: { uri?: string } }) => a.action.uri);
const labels = (token: string) =>
  (defaultMenu(token)?.areas ?? []).map((a: { action: { label?: string } }) => a.action.label);

describe('the pick-up switch puts the pick-up entry in the LINE rich menu and takes it away', () => {
  it('basic style: on → the pick-up-cup menu with 預約取杯 opening the pick-up LIFF app; off → basic again', async () => {
    const s = await shop('自取店', 'jessica_catering-basic');
    await runRichMenuState(t.app);
    expect(labels(s.token)).not.toContain('預約取杯');
    expect(uris(s.token)).not.toContain(s.pickUpUri);
    const basicId = (await row(s.id)).richMenuId;

    await setPickUp(s.id, true);
    expect(await runRichMenuState(t.app)).toMatchObject({ [s.id]: 'restyled' });
    expect(labels(s.token)).toContain('預約取杯');
    expect(uris(s.token)).toContain(s.pickUpUri);
    expect(defaultMenu(s.token)!.size).toEqual({ width: 2500, height: 1686 });
    const r = await row(s.id);
    // the chosen style is kept (the OA page shows it); the one at LINE is its pick-up twin
    expect(r).toMatchObject({
      richMenuFile: 'jessica_catering-basic',
      liveRichMenuFile: 'jessica_catering-pickUpCup',
    });
    expect(sim.hooks.channel(s.token)!.richMenus.has(basicId!)).toBe(false); // the old one deleted at LINE
    expect(await runRichMenuState(t.app)).not.toHaveProperty(String(s.id)); // nothing more to do

    await setPickUp(s.id, false);
    expect(await runRichMenuState(t.app)).toMatchObject({ [s.id]: 'restyled' });
    expect(labels(s.token)).not.toContain('預約取杯');
    expect(uris(s.token)).not.toContain(s.pickUpUri);
    expect(defaultMenu(s.token)!.size).toEqual({ width: 2500, height: 843 });
    expect((await row(s.id)).liveRichMenuFile).toBe('jessica_catering-basic');
  });

  it('the pick-up-cup style chosen while pick-up is off shows no pick-up entry until it is on', async () => {
    const s = await shop('取杯店', 'jessica_catering-pickUpCup');
    await runRichMenuState(t.app);
    expect(labels(s.token)).not.toContain('預約取杯');
    await setPickUp(s.id, true);
    await runRichMenuState(t.app);
    expect(uris(s.token)).toContain(s.pickUpUri);
  });

  it('the marketing style is kept as chosen (its six areas are full); retail has no pick-up', () => {
    const marketing = richMenuByFile('jessica_catering-reviewPlusFB')!;
    expect(richMenuInEffect(marketing, true)).toBe(marketing);
    const retail = richMenuByFile('jessica_retail-basic')!;
    expect(richMenuInEffect(retail, true)).toBe(retail);
  });
});
