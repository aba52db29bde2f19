// OA settings (spec 000 §2 "Messaging-account settings screen", §5, §8 Account settings), the
// public rich-menu settings table, line-module unbind (§8 Unbind), the developer tool's flags (001 §3).
import { OA_MESSAGES } from '@shopdesk/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRecords, lineChannels, lineRecipients } from '../src/db/schema';
import { buildWithLine, giveChannel } from './line-fixtures';

const { t, sim } = await buildWithLine();
const quick = await t.createSiAccount('quickclick');
const life = await t.createSiAccount('lifeplus');
const gaa = await t.signedIn('gaa');
const si = await t.signedIn('si', { siAccountId: quick.id });
const otherSi = await t.signedIn('si', { siAccountId: life.id });
const eaa = await t.signedIn('eaa');
const { account } = await t.createShop({ name: '海風咖啡', siAccountId: quick.id });
const id = account.id;
const channel = await giveChannel(t, id);
const base = (type: string) => `/console/apis/${type}/shops/${id}`;

const call = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  headers?: { cookie: string },
  payload?: object,
) => t.app.inject({ method, url, headers, payload });

describe('OA settings', () => {
  it('loads the channel fields with the secret and token masked, and the copyable URLs', async () => {
    const res = await call('GET', `${base('gaa')}/oa`, gaa.headers);
    expect(res.statusCode).toBe(200);
    const oa = res.json();
    expect(oa.channelSecret).toBe(`••••${channel.channelSecret.slice(-4)}`);
    expect(oa.channelAccessToken).toBe(`••••${channel.channelAccessToken.slice(-4)}`);
    expect(res.body).not.toContain(channel.channelSecret);
    expect(oa.webhookUrl).toBe(`http://localhost:80/console/apis/line/webhook/${id}`);
  });

  it('update-oa without a style: 請選擇選單樣式', async () => {
    const oa = (await call('GET', `${base('si')}/oa`, si.headers)).json();
    const res = await call('POST', `${base('si')}/update-oa`, si.headers, {
      data: { ...oa, fileName: null },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(OA_MESSAGES.chooseStyle.zh);
  });

  it('update-oa with a style (si, its own shop): saved, masked secret kept, the menu default at LINE', async () => {
    const oa = (await call('GET', `${base('si')}/oa`, si.headers)).json();
    const res = await call('POST', `${base('si')}/update-oa`, si.headers, {
      data: { ...oa, accountName: '海風新帳號', fileName: 'jessica_catering-basic' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ accountName: '海風新帳號', fileName: 'jessica_catering-basic' });
    const [row] = await t.db.select().from(lineChannels).where(eq(lineChannels.accountId, id));
    expect(t.app.secretBox.open(row!.channelSecretSealed)).toBe(channel.channelSecret);
    expect(sim.hooks.channel(channel.channelAccessToken)!.defaultRichMenuId).toBe(row!.richMenuId);
  });

  it('LINE refusing the rich menu (400): 422 更新失敗，請檢查所有參數 with LINE’s reason', async () => {
    // LINE refusing the entered values is the caller's to fix (4xx), not a gateway fault
    const oa = (await call('GET', `${base('gaa')}/oa`, gaa.headers)).json();
    sim.hooks.failNext(400, 'The request body has 1 error(s)', /richmenu/);
    const res = await call('POST', `${base('gaa')}/update-oa`, gaa.headers, {
      data: { ...oa, fileName: 'jessica_catering-pickUpCup' },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error.message).toContain(OA_MESSAGES.updateFailed.zh);
    expect(res.json().error.message).toContain('The request body has 1 error(s)');
    expect(res.json().error.messageEn).toContain('The request body has 1 error(s)');
  });

  it('LINE down (500) is still a 502: nothing the caller entered is wrong', async () => {
    const oa = (await call('GET', `${base('gaa')}/oa`, gaa.headers)).json();
    sim.hooks.failNext(500, 'An error occurred in the server', /richmenu/);
    const res = await call('POST', `${base('gaa')}/update-oa`, gaa.headers, {
      data: { ...oa, fileName: 'jessica_catering-basic' },
    });
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json().error.message).toContain(OA_MESSAGES.updateFailed.zh);
  });

  it('LINE refusing new channel values puts the previous ones back (nothing half-saved), audited', async () => {
    const before = (await call('GET', `${base('gaa')}/oa`, gaa.headers)).json();
    const [stored] = await t.db.select().from(lineChannels).where(eq(lineChannels.accountId, id));
    sim.hooks.failNext(
      401,
      'Authentication failed. Confirm that the access token in the authorization header is valid.',
      /richmenu/,
    );
    const res = await call('POST', `${base('gaa')}/update-oa`, gaa.headers, {
      data: {
        ...before,
        accountName: '打錯的帳號',
        channelId: '1659999999',
        channelAccessToken: 'a-token-line-does-not-know',
        fileName: 'jessica_catering-basic',
      },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error.message).toContain(OA_MESSAGES.updateFailed.zh);
    expect(res.json().error.message).toContain('Authentication failed');
    const after = (await call('GET', `${base('gaa')}/oa`, gaa.headers)).json();
    expect(after).toEqual(before);
    const [row] = await t.db.select().from(lineChannels).where(eq(lineChannels.accountId, id));
    expect(t.app.secretBox.open(row!.accessTokenSealed)).toBe(
      t.app.secretBox.open(stored!.accessTokenSealed),
    );
    expect(row!.richMenuId).toBe(stored!.richMenuId);
    const audits = await t.db.select().from(auditRecords).where(eq(auditRecords.accountId, id));
    expect(audits.some((a) => a.displayLog.includes('LINE 拒絕新設定，已還原'))).toBe(true);
  });

  it('save current settings (gaa): a snapshot without secrets, listed with when and who', async () => {
    const res = await call('POST', `/console/apis/gaa/shops/${id}/oa_settings`, gaa.headers);
    expect(res.statusCode).toBe(200);
    const list = await call('GET', `/console/apis/gaa/shops/${id}/oa_settings`, gaa.headers);
    expect(list.statusCode, list.body).toBe(200);
    const [snap, ...rest] = list.json().snapshots;
    expect(rest).toEqual([]);
    expect(snap).toMatchObject({ savedAt: res.json().savedAt, savedBy: gaa.user.name });
    expect(snap.settings).toMatchObject({ accountName: '海風新帳號', fileName: 'jessica_catering-basic' });
    expect(list.body).not.toContain(channel.channelSecret.slice(0, 12));
    expect(list.body).not.toContain(channel.channelAccessToken.slice(0, 12));
    // gaa only (the OA page's save button is gaa's)
    const url = `/console/apis/gaa/shops/${id}/oa_settings`;
    for (const [method, path] of [
      ['POST', url],
      ['GET', url],
      ['POST', `${url}/${snap.id}/restore`],
    ] as const)
      expect((await call(method, path, si.headers)).statusCode).toBe(403);
  });

  it('restore saved settings: applied at LINE like an update; LINE refusing changes nothing', async () => {
    const url = `/console/apis/gaa/shops/${id}/oa_settings`;
    const [snap] = (await call('GET', url, gaa.headers)).json().snapshots;
    // the settings change after the save
    const oa = (await call('GET', `${base('gaa')}/oa`, gaa.headers)).json();
    const changed = await call('POST', `${base('gaa')}/update-oa`, gaa.headers, {
      data: {
        ...oa,
        accountName: '改過的帳號',
        menuLiffId: 'liff-changed',
        fileName: 'jessica_catering-pickUpCup',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const menuBefore = (await t.db.select().from(lineChannels).where(eq(lineChannels.accountId, id)))[0]!;
    // LINE refusing the saved style: 422, the changed values stay (all or nothing, as update-oa)
    sim.hooks.failNext(400, 'The request body has 1 error(s)', /richmenu/);
    const refused = await call('POST', `${url}/${snap.id}/restore`, gaa.headers);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().error.message).toContain(OA_MESSAGES.updateFailed.zh);
    expect((await call('GET', `${base('gaa')}/oa`, gaa.headers)).json()).toMatchObject({
      accountName: '改過的帳號',
      menuLiffId: 'liff-changed',
      fileName: 'jessica_catering-pickUpCup',
    });
    // restored: the saved values, the saved style at LINE, the secrets kept
    const res = await call('POST', `${url}/${snap.id}/restore`, gaa.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(OA_MESSAGES.restored.zh);
    expect(res.json().settings).toMatchObject({
      accountName: '海風新帳號',
      menuLiffId: snap.settings.menuLiffId,
      fileName: 'jessica_catering-basic',
    });
    const [row] = await t.db.select().from(lineChannels).where(eq(lineChannels.accountId, id));
    expect(row!.richMenuFile).toBe('jessica_catering-basic');
    expect(row!.richMenuId).not.toBe(menuBefore.richMenuId);
    expect(sim.hooks.channel(channel.channelAccessToken)!.defaultRichMenuId).toBe(row!.richMenuId);
    expect(t.app.secretBox.open(row!.channelSecretSealed)).toBe(channel.channelSecret);
    const audits = await t.db.select().from(auditRecords).where(eq(auditRecords.accountId, id));
    expect(audits.some((a) => a.displayLog.startsWith('還原儲存的OA設定'))).toBe(true);
  });

  it('restore: an unknown snapshot or another shop’s is 404; bad ids 400', async () => {
    const other = await t.createShop({ name: '別家', siAccountId: life.id });
    await giveChannel(t, other.account.id);
    await call('POST', `/console/apis/gaa/shops/${other.account.id}/oa_settings`, gaa.headers);
    const [foreign] = (
      await call('GET', `/console/apis/gaa/shops/${other.account.id}/oa_settings`, gaa.headers)
    ).json().snapshots;
    const url = `/console/apis/gaa/shops/${id}/oa_settings`;
    const res = await call('POST', `${url}/${foreign.id}/restore`, gaa.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(OA_MESSAGES.snapshotNotFound.zh);
    expect((await call('POST', `${url}/999999/restore`, gaa.headers)).statusCode).toBe(404);
    expect((await call('POST', `${url}/abc/restore`, gaa.headers)).statusCode).toBe(400);
  });

  it('clear rich menu: deleted at LINE too', async () => {
    const res = await call('POST', `${base('gaa')}/del-richmenu`, gaa.headers, { data: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().fileName).toBeNull();
    const atLine = sim.hooks.channel(channel.channelAccessToken)!;
    expect(atLine.defaultRichMenuId).toBeNull();
    expect(atLine.richMenus.size).toBe(0);
  });

  it('other tenants: another SI 403, eaa 403, no session 401', async () => {
    expect((await call('GET', `${base('si')}/oa`, otherSi.headers)).statusCode).toBe(403);
    expect((await call('GET', `${base('eaa')}/oa`, eaa.headers)).statusCode).toBe(403); // eaa has no OA page
    expect((await call('GET', `${base('gaa')}/oa`, eaa.headers)).statusCode).toBe(403);
    expect((await call('GET', `${base('gaa')}/oa`)).statusCode).toBe(401);
  });
});

describe('rich-menu settings table (public)', () => {
  it('lists the SI shops with a channel and public links only', async () => {
    const res = await call('GET', '/console/apis/gaa/qc/shops/richmenu-settings?siName=quickclick');
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([
      {
        accountId: id,
        name: '海風咖啡',
        siName: 'quickclick',
        menuUrl: `http://localhost:80/shop/${id}/menu`,
        orderUrl: `http://localhost:80/shop/${id}/orders`,
        infoUrl: `http://localhost:80/shop/${id}/info`,
      },
    ]);
    expect(res.body).not.toContain(channel.channelAccessToken.slice(-8));
  });
});

describe('developer tool (gaa)', () => {
  it('account flags: sys_closed (shown inverted), is_manual, is_new_style; business flags of 001 §3', async () => {
    const acc = await call('GET', `/console/apis/gaa/accounts/${id}/developer-tool/account`, gaa.headers);
    expect(acc.statusCode).toBe(200);
    expect(
      acc
        .json()
        .results.map((f: { key: string }) => f.key)
        .sort(),
    ).toEqual(['is_manual', 'is_new_style', 'sys_closed'].sort());
    expect(acc.json().results.find((f: { key: string }) => f.key === 'sys_closed').inverted).toBe(true);
    const biz = await call('GET', `/console/apis/gaa/accounts/${id}/developer-tool/business`, gaa.headers);
    expect(biz.json().results.map((f: { key: string }) => f.key)).toEqual(
      expect.arrayContaining(['is_eat_in', 'is_to_go', 'is_delivery', 'is_lala', 'is_auto_restore_stock']),
    );
    expect(
      (await call('GET', `/console/apis/gaa/accounts/${id}/developer-tool/account`, si.headers)).statusCode,
    ).toBe(403);
  });
});

describe('line-module unbind (gaa only)', () => {
  it('refused to si; gaa unbinds: channel gone, managers and groups unbound, audited', async () => {
    await t.db
      .insert(lineRecipients)
      .values({ accountId: id, kind: 'user', lineId: 'Ux1', boundAt: new Date() });
    const url = `/console/apis/gaa/accounts/${id}/line-module`;
    expect((await call('DELETE', url, si.headers)).statusCode).toBe(403);
    expect((await call('DELETE', url)).statusCode).toBe(401);
    const res = await call('DELETE', url, gaa.headers);
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(lineChannels).where(eq(lineChannels.accountId, id))).toEqual([]);
    expect(await t.db.select().from(lineRecipients).where(eq(lineRecipients.accountId, id))).toEqual([]);
    const audit = await t.db.select().from(auditRecords).where(eq(auditRecords.accountId, id));
    expect(audit.some((a) => a.displayName === 'LINE模組')).toBe(true);
    expect((await call('DELETE', url, gaa.headers)).statusCode).toBe(400); // nothing left to unbind
  });
});

// the OA page of a shop without a channel shows a clear page; entering the channel creates it
describe('OA settings of a shop without a channel', async () => {
  const { account: bare } = await t.createShop({ name: '無帳號小館', siAccountId: quick.id });
  const url = (p: string) => `/console/apis/gaa/shops/${bare.id}/${p}`;
  const fields = {
    accountName: '小館帳號',
    channelId: '1657999001',
    channelSecret: 'fresh-channel-secret-0001',
    channelAccessToken: `fresh-token-${bare.id}-${Date.now()}`,
    channelImageUrl: '',
    channelAddFriendUrl: 'https://lin.ee/fresh',
    channelBasicId: '@fresh',
    menuLiffId: '',
    eatInLiffId: '',
    orderLiffId: '',
    pickUpLiffId: '',
    isChatbotDisabled: false,
  };

  it('GET answers 404 NO_LINE_CHANNEL (the page shows what to do)', async () => {
    const res = await call('GET', url('oa'), gaa.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({
      code: 'NO_LINE_CHANNEL',
      message: '此商店尚未設定LINE官方帳號',
    });
  });

  it('a masked secret cannot create a channel', async () => {
    const res = await call('POST', url('update-oa'), gaa.headers, {
      data: { ...fields, channelSecret: '••••0001', fileName: 'jessica_catering-basic' },
    });
    expect(res.statusCode).toBe(400);
    expect((await call('GET', url('oa'), gaa.headers)).statusCode).toBe(404);
  });

  it('LINE refusing the menu leaves no channel behind', async () => {
    sim.hooks.failNext(400, 'The request body has 1 error(s)', /richmenu/);
    const res = await call('POST', url('update-oa'), gaa.headers, {
      data: { ...fields, fileName: 'jessica_catering-basic' },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error.message).toContain('The request body has 1 error(s)');
    expect(await t.db.select().from(lineChannels).where(eq(lineChannels.accountId, bare.id))).toEqual([]);
  });

  it('update-oa with the channel values creates it and applies the menu at LINE', async () => {
    const res = await call('POST', url('update-oa'), gaa.headers, {
      data: { ...fields, fileName: 'jessica_catering-basic' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ accountName: '小館帳號', channelId: '1657999001', menuState: 'open' });
    expect(res.body).not.toContain(fields.channelSecret);
    const [row] = await t.db.select().from(lineChannels).where(eq(lineChannels.accountId, bare.id));
    expect(t.app.secretBox.open(row!.channelSecretSealed)).toBe(fields.channelSecret);
    expect(sim.hooks.channel(fields.channelAccessToken)!.defaultRichMenuId).toBe(row!.richMenuId);
    expect((await call('GET', url('oa'), gaa.headers)).statusCode).toBe(200);
  });
});
