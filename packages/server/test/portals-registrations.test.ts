// (spec 000 §2 "Portals", /registrations, /si-email-template: routes only, spec 000 §6 gaa-only
// pages; docs/decisions/platform.md "Portals, applications and SI mail templates"): roles, the public form, the
// applicant's mails through the outbox in the SI's wording, the public portal page and its caching.
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, businesses, contractPlans, mailOutbox, registrations, siAccounts } from '../src/db/schema';
import { buildWithLine } from './line-fixtures';

const { t } = await buildWithLine();
const quick = await t.createSiAccount('quickclick');
await t.db.update(siAccounts).set({ displayName: '快點科技' }).where(eq(siAccounts.id, quick.id));
const life = await t.createSiAccount('lifeplus');
const gaa = await t.signedIn('gaa');
const si = await t.signedIn('si', { siAccountId: quick.id });
const otherSi = await t.signedIn('si', { siAccountId: life.id });
const eaa = await t.signedIn('eaa');
const [plan] = await t.db.insert(contractPlans).values({ code: 'STD', plan: '標準方案' }).returning();
const shopA = await t.createShop({ name: '好味小館', siAccountId: quick.id, email: 'a@test.local' });
const shopB = await t.createShop({ name: '阿嬤麵店', siAccountId: life.id });

let ip = 0;
const api = (method: string, url: string, payload?: object, headers: object = gaa.headers) => {
  ip += 1;
  return t.app.inject({
    method: method as 'GET',
    url: `/console/apis${url}`,
    headers: headers as Record<string, string>,
    payload,
    remoteAddress: `10.0.${Math.floor(ip / 250)}.${ip % 250}`,
  });
};
const lastMailTo = async (to: string) => {
  await t.app.outbox.drain();
  const [m] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id));
  return m;
};
const form = {
  shopName: '新開小吃',
  contactName: '陳大文',
  email: 'apply@test.local',
  phone: '0912-345-678',
  taxId: '22099131',
  address: '台北市大安區復興南路一段 1 號',
  planId: plan!.id,
};

describe('roles: portals and registrations are gaa only; templates gaa and si (own SI)', () => {
  it('401 without a session, 403 for si and eaa', async () => {
    for (const url of ['/gaa/portals', '/gaa/registrations', '/gaa/portal-shops']) {
      expect((await api('GET', url, undefined, {})).statusCode, url).toBe(401);
      expect((await api('GET', url, undefined, si.headers)).statusCode, url).toBe(403);
      expect((await api('GET', url, undefined, eaa.headers)).statusCode, url).toBe(403);
    }
    expect((await api('GET', '/si/si-mail-templates', undefined, eaa.headers)).statusCode).toBe(403);
  });
  it('an si lists and edits only its own templates; gaa names the SI', async () => {
    const own = await api('GET', '/si/si-mail-templates', undefined, si.headers);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().siAccountId).toBe(quick.id);
    expect(
      (await api('GET', `/si/si-mail-templates?siAccountId=${life.id}`, undefined, si.headers)).statusCode,
    ).toBe(403);
    const put = (headers: object, siAccountId?: number) =>
      api(
        'PUT',
        '/si/si-mail-templates/shopInfo',
        { siAccountId, subject: 'x {shopName}', body: 'y' },
        headers,
      );
    expect((await put(si.headers, life.id)).statusCode).toBe(403);
    expect((await api('GET', '/gaa/si-mail-templates', undefined, si.headers)).statusCode).toBe(403);
    expect((await api('GET', '/gaa/si-mail-templates')).statusCode).toBe(400);
    expect((await api('GET', `/gaa/si-mail-templates?siAccountId=${life.id}`)).json().siName).toBe(
      'lifeplus',
    );
    // preview with another SI's shop
    const pv = await api(
      'POST',
      '/si/si-mail-templates/shopInfo/preview',
      { shopId: shopB.account.id, subject: 's', body: 'b' },
      si.headers,
    );
    expect(pv.statusCode).toBe(403);
    expect(otherSi.user.siAccountId).toBe(life.id);
  });
});

describe('SI mail templates', () => {
  it('refuses an unknown placeholder; saves; the preview uses a real shop; reset restores the default', async () => {
    const bad = await api(
      'PUT',
      '/si/si-mail-templates/shopInfo',
      { subject: '{shopname}', body: 'x' },
      si.headers,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('{shopname}');
    const ok = await api(
      'PUT',
      '/si/si-mail-templates/shopInfo',
      { subject: '【{siName}】{shopName} 的資料', body: '您好 {shopName}，菜單：{link}' },
      si.headers,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().template.custom).toBe(true);
    const pv = await api(
      'POST',
      '/si/si-mail-templates/shopInfo/preview',
      { shopId: shopA.account.id, subject: '【{siName}】{shopName} 的資料', body: '您好 {shopName}' },
      si.headers,
    );
    expect(pv.statusCode, pv.body).toBe(200);
    expect(pv.json().preview.subject).toBe('【快點科技】好味小館 的資料');
    expect(pv.json().preview.text).toContain('您好 好味小館');
  });
  it('the shop-info mail of an SI shop uses the saved template; another SI’s shop gets the default', async () => {
    const send = await api('POST', `/gaa/shops/${shopA.account.id}/info-email`, {
      recipient: 'x1@test.local',
    });
    expect(send.statusCode, send.body).toBe(200);
    expect((await lastMailTo('x1@test.local'))!.subject).toBe('【快點科技】好味小館 的資料');
    await api('POST', `/gaa/shops/${shopB.account.id}/info-email`, { recipient: 'x2@test.local' });
    expect((await lastMailTo('x2@test.local'))!.subject).toBe('【商店資訊】阿嬤麵店');
  });
  it('a test send goes through the outbox, marked as a test', async () => {
    const res = await api(
      'POST',
      '/si/si-mail-templates/registrationApproved/test',
      {
        shopId: shopA.account.id,
        subject: '核准 {shopName}',
        body: '{contactName} 您好',
        recipient: 'me@test.local',
      },
      si.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await lastMailTo('me@test.local'))!.subject).toBe('[測試 Test] 核准 好味小館');
  });
});

describe('store-opening applications', () => {
  it('the public form refuses bad input with 4xx naming the field', async () => {
    for (const [patch, field] of [
      [{ taxId: '22099132' }, 'taxId'],
      [{ phone: '123' }, 'phone'],
      [{ email: 'nope' }, 'email'],
      [{ planId: 999999 }, 'planId'],
      [{ si: 'no-such-si' }, 'si'],
    ] as const) {
      const res = await api('POST', '/public/registrations', { ...form, ...patch }, {});
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.body).toContain(field);
    }
  });
  it('is rate-limited per address', async () => {
    const from = (n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/console/apis/public/registrations',
        payload: { ...form, taxId: 'x' },
        remoteAddress: '192.0.2.77',
        headers: { 'x-n': String(n) },
      });
    const codes = [];
    for (let i = 0; i < 7; i += 1) codes.push((await from(i)).statusCode);
    expect(codes.slice(0, 5).every((c) => c === 400)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });

  let id = 0;
  it('a good application is new, and the applicant gets the received mail in the SI’s default wording', async () => {
    const plans = await api('GET', '/public/registration-plans?si=quickclick', undefined, {});
    expect(plans.json()).toMatchObject({ siName: '快點科技', plans: [{ id: plan!.id, plan: '標準方案' }] });
    const res = await api('POST', '/public/registrations', { ...form, si: 'quickclick' }, {});
    expect(res.statusCode, res.body).toBe(201);
    id = res.json().id;
    const mail = await lastMailTo('apply@test.local');
    expect(mail!.subject).toBe('【開店申請】已收到「新開小吃」的申請');
    expect(mail!.text).toContain('標準方案');
  });
  it('gaa lists by status, moves it with a note; the mail uses the SI’s own template', async () => {
    await api(
      'PUT',
      '/si/si-mail-templates/registrationContacted',
      { subject: '快點：{shopName} 處理中', body: '{note}' },
      si.headers,
    );
    const list = await api('GET', '/gaa/registrations?status=new');
    expect(list.json().rows.map((r: { id: number }) => r.id)).toContain(id);
    expect(list.json().counts.new).toBeGreaterThanOrEqual(1);
    const move = await api('POST', `/gaa/registrations/${id}/status`, {
      status: 'contacted',
      note: '已電話聯絡',
    });
    expect(move.statusCode, move.body).toBe(200);
    const mail = await lastMailTo('apply@test.local');
    expect(mail!.subject).toBe('快點：新開小吃 處理中');
    expect(mail!.text).toContain('已電話聯絡');
    const bad = await api('POST', `/gaa/registrations/${id}/status`, { status: 'opened' });
    expect(bad.statusCode).toBe(400);
    const detail = await api('GET', `/gaa/registrations/${id}`);
    expect(detail.json().history.map((h: { status: string }) => h.status)).toEqual(['new', 'contacted']);
    expect(detail.json().history[1]).toMatchObject({ note: '已電話聯絡', byName: expect.any(String) });
  });
  it('only an approved application can be opened; a rejected one cannot jump to approved', async () => {
    await api('POST', `/gaa/registrations/${id}/status`, { status: 'rejected' });
    expect((await api('POST', `/gaa/registrations/${id}/status`, { status: 'approved' })).statusCode).toBe(
      409,
    );
    await api('POST', `/gaa/registrations/${id}/status`, { status: 'contacted' });
    const ok = await api('POST', `/gaa/registrations/${id}/status`, { status: 'approved', note: '資料齊全' });
    expect(ok.json().registration.status).toBe('approved');
    const [row] = await t.db.select().from(registrations).where(eq(registrations.id, id));
    expect(row!.status).toBe('approved');
  });
  it('the wizard’s Finish with registrationId opens the shop, marks the application opened and mails it', async () => {
    const body = {
      account: {
        accountName: '新開小吃',
        channelId: '1657099',
        channelSecret: 'reg-secret',
        channelAccessToken: 'reg-token',
        channelImageUrl: 'https://profile.line-scdn.net/x.png',
        channelAddFriendUrl: 'https://lin.ee/reg',
        channelBasicId: '@reg',
        menuLiffId: 'menu-r',
        eatInLiffId: 'eatin-r',
        orderLiffId: 'order-r',
      },
      business: {
        businessName: '新開小吃',
        email: 'apply@test.local',
        phone: '0912345678',
        address: '台北市大安區復興南路一段 1 號',
        bossEmail: 'apply@test.local',
        bossPhone: '0912345678',
        invoice: '22099131',
      },
      richMenu: { fileName: 'jessica_catering-basic', siAccountId: quick.id, type: 'catering' },
      registrationId: id,
    };
    const res = await api('POST', '/gaa/line-accounts', body);
    expect(res.statusCode, res.body).toBe(201);
    const shopId = res.json().data.accountId;
    const detail = (await api('GET', `/gaa/registrations/${id}`)).json();
    expect(detail.registration).toMatchObject({ status: 'opened', shopId });
    const [shop] = await t.db.select().from(businesses).where(eq(businesses.id, shopId));
    expect(shop!.invoice).toBe('22099131');
    await lastMailTo('apply@test.local');
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'apply@test.local'));
    const mail = mails.find((m) => m.subject === '【開店完成】「新開小吃」已開通');
    expect(mail!.text).toContain(`/shop/${shopId}`);
    // a second Finish from the same application is refused and opens nothing
    const before = (await t.db.select().from(accounts)).length;
    const again = await api('POST', '/gaa/line-accounts', {
      ...body,
      account: { ...body.account, channelId: '1657098', channelAccessToken: 'reg-token-2' },
    });
    expect(again.statusCode).toBe(409);
    expect((await t.db.select().from(accounts)).length).toBe(before);
  });
});

describe('entrance portals', () => {
  it('creates a portal (key checked, unique), adds shops, edits an entry, lists it publicly', async () => {
    expect((await api('POST', '/gaa/portals', { key: 'New', name: 'x' })).statusCode).toBe(400);
    expect((await api('POST', '/gaa/portals', { key: 'shops', name: 'x' })).statusCode).toBe(400);
    const res = await api('POST', '/gaa/portals', {
      key: 'taipei-eats',
      name: '台北美食 <街>',
      description: '精選店家',
      primaryColor: '#aa3300',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await api('POST', '/gaa/portals', { key: 'taipei-eats', name: 'x' })).statusCode).toBe(409);
    const cand = await api('GET', '/gaa/portals/taipei-eats/candidates?q=好味&limit=5');
    expect(cand.json()).toMatchObject({ total: 1, rows: [{ shopId: shopA.account.id, inPortal: false }] });
    const add = await api('POST', '/gaa/portals/taipei-eats/shops', {
      shopIds: [shopA.account.id, shopB.account.id, shopA.account.id],
    });
    expect(add.json().added).toBe(2);
    expect((await api('POST', '/gaa/portals/taipei-eats/shops', { shopIds: [999999] })).statusCode).toBe(400);

    const page = await t.app.inject({ method: 'GET', url: '/p/taipei-eats' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('台北美食 &lt;街&gt;');
    expect(page.body).toContain(`href="/shop/${shopA.account.id}"`);
    expect(page.body.indexOf('好味小館')).toBeLessThan(page.body.indexOf('阿嬤麵店'));
    const etag = page.headers.etag as string;
    expect(page.headers['cache-control']).toBe('public, no-cache');
    const again = await t.app.inject({
      method: 'GET',
      url: '/p/taipei-eats',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);

    const upd = await api('PUT', `/gaa/portals/taipei-eats/shops/${shopB.account.id}`, {
      label: '阿嬤的麵',
      displayOrder: 0,
      visible: true,
    });
    expect(upd.statusCode, upd.body).toBe(200);
    const edited = await t.app.inject({
      method: 'GET',
      url: '/p/taipei-eats',
      headers: { 'if-none-match': etag },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.body.indexOf('阿嬤的麵')).toBeLessThan(edited.body.indexOf('好味小館'));

    await api('PUT', `/gaa/portals/taipei-eats/shops/${shopA.account.id}`, { visible: false });
    expect((await t.app.inject({ method: 'GET', url: '/p/taipei-eats' })).body).not.toContain('好味小館');
    const overview = await api('GET', '/gaa/portal-shops');
    expect(
      overview.json().rows.find((r: { shopId: number }) => r.shopId === shopA.account.id).portals,
    ).toEqual([{ key: 'taipei-eats', name: '台北美食 <街>', visible: false }]);
    expect((await api('DELETE', `/gaa/portals/taipei-eats/shops/${shopA.account.id}`)).statusCode).toBe(200);
    expect((await api('GET', `/gaa/portals/taipei-eats/shops/${shopA.account.id}`)).statusCode).toBe(404);
  });
  it('an unpublished or unknown portal is 404', async () => {
    await api('PUT', '/gaa/portals/taipei-eats', { name: '台北美食', published: false });
    expect((await t.app.inject({ method: 'GET', url: '/p/taipei-eats' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/p/nope' })).statusCode).toBe(404);
  });
});
