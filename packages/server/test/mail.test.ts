// Mail adapter (local capture and SMTP choice), the gaa outbox page's call and the shop-info e-mail
// (spec 000 §2 /account-email, §2 "Shop info screen"; docs/decisions/platform.md "Mail").

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts } from '../src/db/schema';
import { build } from './helpers';

const t = await build();
const si = await t.createSiAccount('quickclick');
const otherSi = await t.createSiAccount('lifeplus');
const shop = await t.createShop({ name: '阿嬤牛肉麵 <本店>', email: 'shop@test.local', siAccountId: si.id });
await t.db
  .update(accounts)
  .set({ code: 'AB12CD', codeExpiresAt: new Date('2030-01-02T03:04:05Z') })
  .where(eq(accounts.id, shop.account.id));
const gaa = await t.signedIn('gaa');
const siUser = await t.signedIn('si', { siAccountId: si.id });
const otherSiUser = await t.signedIn('si', { siAccountId: otherSi.id });
const eaa = await t.signedIn('eaa');

const outbox = async (query = '') =>
  t.app.inject({ method: 'GET', url: `/console/apis/gaa/dev/mail-outbox${query}`, headers: gaa.headers });

const sendInfo = (
  type: string,
  headers: Record<string, string> | undefined,
  recipient = 'owner@test.local',
) =>
  t.app.inject({
    method: 'POST',
    url: `/console/apis/${type}/shops/${shop.account.id}/info-email`,
    headers,
    payload: { recipient },
  });

describe('mail capture and outbox', () => {
  it('without SMTP_URL the app captures mail, and the outbox starts empty', async () => {
    const res = await outbox();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mode: 'capture', total: 0, mails: [] });
  });

  it('the capture records each sent mail (to, bcc, subject, text, html)', async () => {
    await t.app.mailer.send({
      to: 'a@test.local',
      bcc: ['b@test.local'],
      subject: 'S1',
      text: 'T1',
      html: '<p>H1</p>',
    });
    await t.app.mailer.send({ to: 'c@test.local', subject: 'S2', text: 'T2', html: '<p>H2</p>' });
    const body = (await outbox('?limit=1')).json();
    expect(body.total).toBe(2);
    expect(body.mails).toEqual([
      expect.objectContaining({ to: 'c@test.local', bcc: [], subject: 'S2', text: 'T2', html: '<p>H2</p>' }),
    ]);
    const second = (await outbox('?offset=1&limit=1')).json().mails[0];
    expect(second).toMatchObject({ to: 'a@test.local', bcc: ['b@test.local'], subject: 'S1' });
  });

  it('the outbox is gaa only: 401 without a session, 403 for si and eaa', async () => {
    const url = '/console/apis/gaa/dev/mail-outbox';
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, headers: siUser.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url, headers: eaa.headers })).statusCode).toBe(403);
  });

  it('with SMTP_URL the app sends through SMTP, and a failed delivery is an error, not a capture', async () => {
    // Nothing listens on port 1: the real client must fail to connect.
    const { app, close } = await build({ config: { smtpUrl: 'smtp://127.0.0.1:1' }, manualClose: true });
    try {
      expect(app.mailer.mode).toBe('smtp');
      await expect(
        app.mailer.send({ to: 'x@test.local', subject: 's', text: 't', html: 'h' }),
      ).rejects.toThrow();
    } finally {
      await close();
    }
  });
});

describe('shop-info e-mail (/account-email)', () => {
  it('shows what the mail carries: name, binding code, expiry and the shop URLs', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/console/apis/gaa/shops/${shop.account.id}/info-email`,
      headers: gaa.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().shop).toMatchObject({
      accountId: shop.account.id,
      name: '阿嬤牛肉麵 <本店>',
      email: 'shop@test.local',
      code: 'AB12CD',
      codeExpiresAt: '2030-01-02T03:04:05.000Z',
      urls: { menuUrl: `http://localhost:80/shop/${shop.account.id}/menu` },
    });
  });

  it('sends a mail containing the binding code (Taipei time) and the menu URL', async () => {
    const res = await sendInfo('si', siUser.headers);
    expect(res.statusCode).toBe(200);
    const mail = (await outbox()).json().mails[0];
    expect(mail.to).toBe('owner@test.local');
    expect(mail.subject).toBe('【商店資訊】阿嬤牛肉麵 <本店>');
    expect(mail.text).toContain('綁定碼 Binding code: AB12CD');
    // spec 000 §9: binding-code time in Asia/Taipei, year-month-day hours:minutes:seconds
    expect(mail.text).toContain('2030-01-02 11:04:05 (Asia/Taipei)');
    expect(mail.text).toContain(`/shop/${shop.account.id}/menu`);
    expect(mail.html).toContain(`/shop/${shop.account.id}/menu`);
    // The shop name is user input: escaped in the HTML part.
    expect(mail.html).toContain('阿嬤牛肉麵 &lt;本店&gt;');
    expect(mail.html).not.toContain('<本店>');
  });

  it('validates the recipient', async () => {
    const res = await sendInfo('gaa', gaa.headers, 'not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ field: 'recipient', message: '電子郵件格式錯誤' });
  });

  it('refuses: 401 without a session, 403 for eaa (spec routes.tsv: gaa si), another SI and a wrong portal prefix', async () => {
    expect((await sendInfo('gaa', undefined)).statusCode).toBe(401);
    expect((await sendInfo('gaa', eaa.headers)).statusCode).toBe(403);
    expect((await sendInfo('si', otherSiUser.headers)).statusCode).toBe(403);
    expect((await sendInfo('gaa', siUser.headers)).statusCode).toBe(403);
  });

  it('an unknown shop is 404', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/console/apis/gaa/shops/987654/info-email',
      headers: gaa.headers,
      payload: { recipient: 'owner@test.local' },
    });
    expect(res.statusCode).toBe(404);
  });
});
