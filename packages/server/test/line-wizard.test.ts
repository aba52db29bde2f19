// the shop-opening wizard's Finish (spec 000 §4 Wizard, §5 Finish, §7 Messaging, §9 defaults).
import { MARKETING_FILE_NAME, type TWizardFinishInput, WIZARD_MESSAGES } from '@shopdesk/contract';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, businesses, lineChannels, menuClasses, products } from '../src/db/schema';
import { buildWithLine } from './line-fixtures';

const { t, sim } = await buildWithLine();
const quick = await t.createSiAccount('quickclick');
const gaa = await t.signedIn('gaa');

let n = 0;
const input = (over: { account?: object; business?: object; richMenu?: object } = {}): TWizardFinishInput => {
  n += 1;
  return {
    account: {
      accountName: `精靈帳號${n}`,
      channelId: `16570${n}`,
      channelSecret: `wizard-secret-${n}`,
      channelAccessToken: `wizard-token-${n}`,
      channelImageUrl: 'https://profile.line-scdn.net/x.png',
      channelAddFriendUrl: `https://lin.ee/wiz${n}`,
      channelBasicId: `@wiz${n}`,
      menuLiffId: `menu-${n}`,
      eatInLiffId: `eatin-${n}`,
      orderLiffId: `order-${n}`,
      ...over.account,
    },
    business: {
      businessName: `精靈小館${n}`,
      email: `shop${n}@test.local`,
      phone: '0223456789',
      address: '台北市信義區市府路1號',
      bossEmail: `boss${n}@test.local`,
      bossPhone: '0912345678',
      ...over.business,
    },
    richMenu: {
      fileName: 'jessica_catering-basic',
      siAccountId: quick.id,
      type: 'catering',
      ...over.richMenu,
    },
  };
};

const finish = (body: unknown, headers = gaa.headers) =>
  t.app.inject({ method: 'POST', url: '/console/apis/gaa/line-accounts', headers, payload: body as object });

const shopCount = async () => (await t.db.select({ n: count() }).from(accounts))[0]!.n;
const menusAt = (token: string) => sim.hooks.channel(token)?.richMenus.size ?? 0;

describe('Finish (spec 000 §4): account → business → rich menu → default item → SI link', () => {
  it('opens the shop: account, business with the §9 defaults, channel sealed, default menu at LINE', async () => {
    const body = input();
    const res = await finish(body);
    expect(res.statusCode, res.body).toBe(201);
    const { accountId, businessId, richMenuId } = res.json().data;
    expect(businessId).toBe(accountId);
    const [acc] = await t.db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(acc).toMatchObject({
      siAccountId: quick.id,
      kind: 'catering',
      lineChannelId: body.account.channelId,
    });
    const [biz] = await t.db.select().from(businesses).where(eq(businesses.id, accountId));
    // spec 000 §9 wizard defaults
    expect(biz).toMatchObject({
      name: body.business.businessName,
      waitingTime: 10,
      resetTime: '00:10:00',
      deliveryAmtTh: 0,
      deliveryQtyTh: 0,
      deliveryDistanceTh: '3.00',
      timeSectorLength: 15,
      timeSetting: '0-24,1',
      isEatInCash: true,
      isEatIn: false,
      isToGo: false,
      isDelivery: false,
      isEnabled: false,
    });
    const [ch] = await t.db.select().from(lineChannels).where(eq(lineChannels.accountId, accountId));
    expect(ch!.channelSecretSealed).not.toContain(body.account.channelSecret);
    expect(ch!.accessTokenSealed).not.toContain(body.account.channelAccessToken);
    expect(t.app.secretBox.open(ch!.accessTokenSealed)).toBe(body.account.channelAccessToken);
    // the simulator holds the menu as the account default, with its image and the shop's LIFF links
    const atLine = sim.hooks.channel(body.account.channelAccessToken)!;
    expect(atLine.defaultRichMenuId).toBe(richMenuId);
    const menu = atLine.richMenus.get(richMenuId)!;
    expect(menu.image?.contentType).toBe('image/png');
    expect(menu.areas.map((a) => (a.action as { uri: string }).uri)).toEqual([
      'https://liff.line.me/menu-1',
      'https://liff.line.me/order-1',
      `http://localhost:80/shop/${accountId}/info`,
    ]);
    // the default item
    expect(await t.db.select().from(menuClasses).where(eq(menuClasses.accountId, accountId))).toHaveLength(1);
    expect(await t.db.select().from(products).where(eq(products.accountId, accountId))).toHaveLength(1);
    expect(res.body).not.toContain(body.account.channelSecret);
    // the shop stands where the geocoder places its address (docs/decisions/delivery.md "The shop's point"):
    // opened without a point, placed by the outbox job the opening queued
    expect(biz).toMatchObject({ lat: null, lng: null });
    await t.app.outbox.drain();
    const [placed] = await t.db.select().from(businesses).where(eq(businesses.id, accountId));
    const want = await t.app.geocoder!.geocode(body.business.address);
    expect({ lat: Number(placed!.lat), lng: Number(placed!.lng) }).toEqual(want);
  });

  for (const [step, path] of [
    ['validate', /richmenu\/validate/],
    ['create', /richmenu$/],
    ['upload image', /\/content$/],
    ['set default', /user\/all\/richmenu/],
  ] as const) {
    it(`LINE fails at "${step}": 502 with LINE's reason, no account, no business, no menu left at LINE`, async () => {
      const before = await shopCount();
      const body = input();
      sim.hooks.failNext(500, `simulated ${step} failure`, path);
      const res = await finish(body);
      expect(res.statusCode).toBe(502);
      expect(res.json().error.message).toBe(WIZARD_MESSAGES.richMenuFailed(`simulated ${step} failure`).zh);
      expect(await shopCount()).toBe(before);
      expect(
        await t.db.select().from(businesses).where(eq(businesses.name, body.business.businessName)),
      ).toEqual([]);
      expect(menusAt(body.account.channelAccessToken)).toBe(0);
      expect(sim.hooks.channel(body.account.channelAccessToken)?.defaultRichMenuId ?? null).toBeNull();
    });
  }

  it('a revoked channel token (LINE 401) is refused the same way', async () => {
    const body = input();
    sim.hooks.revokeToken(body.account.channelAccessToken);
    const before = await shopCount();
    const res = await finish(body);
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toContain('Authentication failed');
    expect(await shopCount()).toBe(before);
  });

  it('the chatbot disabled: no call to LINE, no rich menu, the shop is made', async () => {
    const key = await t.app.inject({
      method: 'GET',
      url: '/console/apis/gaa/generator/account-key',
      headers: gaa.headers,
    });
    expect(key.statusCode).toBe(200);
    const keys = key.json();
    const res = await finish(input({ account: { ...keys, isChatbotDisabled: true } }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.richMenuId).toBeNull();
    expect(sim.hooks.channel(keys.channelAccessToken)).toBeUndefined();
  });
});

describe('Finish checks (spec 000 §5)', () => {
  it('no SI: 請選擇SI, nothing made', async () => {
    const before = await shopCount();
    const res = await finish(input({ richMenu: { siAccountId: null } }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ message: '請選擇SI', field: 'siAccountId' });
    expect(await shopCount()).toBe(before);
  });

  it('the marketing menu needs FB and Google review URLs unless the chatbot is disabled', async () => {
    const res = await finish(
      input({ richMenu: { fileName: MARKETING_FILE_NAME }, business: { fbUrl: 'https://fb.com/x' } }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('行銷選單必須填入FB粉專及google review網址');
    const ok = await finish(
      input({
        richMenu: { fileName: MARKETING_FILE_NAME },
        business: { fbUrl: 'https://fb.com/x', googleReviewUrl: 'https://g.page/r/x/review' },
      }),
    );
    expect(ok.statusCode, ok.body).toBe(201);
    const disabled = await finish(
      input({ richMenu: { fileName: MARKETING_FILE_NAME }, account: { isChatbotDisabled: true } }),
    );
    expect(disabled.statusCode, disabled.body).toBe(201);
  });

  it('step 1 and 2 rules: required fields and the §9 limits', async () => {
    const res = await finish(
      input({ account: { accountName: '一二三四五六七八九十一二三四五六七八九十一' } }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('帳號名稱最多20個字');
    const res2 = await finish(input({ business: { email: 'not-mail' } }));
    // step 2 speaks the shop edit form's rule and words
    expect(res2.json().error.message).toBe('商店電子郵件格式錯誤');
    const res3 = await finish(input({ account: { menuLiffId: '' } }));
    expect(res3.json().error.message).toBe('請輸入菜單 LIFF ID');
    const res4 = await finish(input({ account: { channelAccessToken: '權杖' } }));
    expect(res4.json().error.message).toBe('Channel Access Token格式錯誤');
  });

  it('a retail wizard takes only the retail menu', async () => {
    const res = await finish(input({ richMenu: { type: 'retail', fileName: 'jessica_catering-basic' } }));
    expect(res.statusCode).toBe(400);
    const ok = await finish(input({ richMenu: { type: 'retail', fileName: 'jessica_retail-basic' } }));
    expect(ok.statusCode, ok.body).toBe(201);
    const [acc] = await t.db.select().from(accounts).where(eq(accounts.id, ok.json().data.accountId));
    expect(acc!.kind).toBe('retail');
  });
});

describe('who may (spec 000 §6, §7)', () => {
  it('401 without a session, 403 for si / eaa on every wizard call', async () => {
    expect((await finish(input(), {} as { cookie: string })).statusCode).toBe(401);
    const si = await t.signedIn('si', { siAccountId: quick.id });
    expect((await finish(input(), si.headers)).statusCode).toBe(403);
    for (const url of ['/console/apis/gaa/generator/account-key']) {
      expect((await t.app.inject({ method: 'GET', url, headers: si.headers })).statusCode).toBe(403);
    }
    const eaa = await t.signedIn('eaa');
    expect(
      (await t.app.inject({ method: 'GET', url: '/console/apis/gaa/richmenus', headers: eaa.headers }))
        .statusCode,
    ).toBe(403);
  });

  it('GET /gaa/richmenus lists the four styles with images of LINE sizes', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/console/apis/gaa/richmenus',
      headers: gaa.headers,
    });
    expect(res.json().results.map((m: { style: string }) => m.style)).toEqual([
      'basic',
      'marketing',
      'pick-up-cup',
      'retail',
    ]);
    const img = await t.app.inject({ method: 'GET', url: res.json().results[1].imageUrl });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.length).toBeLessThan(1024 * 1024);
    expect(img.rawPayload.readUInt32BE(16)).toBe(2500);
    expect(img.rawPayload.readUInt32BE(20)).toBe(1686);
  });

  it('the spec call paths are in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/console/apis/openapi.json' })).json();
    for (const p of [
      '/console/apis/gaa/line-accounts',
      '/console/apis/gaa/line-accounts/{accountId}/businesses',
      '/console/apis/gaa/line-accounts/{accountId}/richmenu',
      '/console/apis/gaa/line-accounts/{accountId}/default-item',
      '/console/apis/gaa/richmenus',
      '/console/apis/gaa/si-accounts',
      '/console/apis/gaa/generator/account-key',
    ])
      expect(Object.keys(doc.paths)).toContain(p);
  });
});
