// SMS verification of the customer's phone (spec 001 §2.2 is_otp_enabled "SMS verification"; the rules are
// ours: docs/decisions/customer-app.md "SMS verification"). Switch off: intake as before. Switch on: an order
// from a phone not verified for its LINE user / device is refused; a code sent through the outbox to the
// SMS gateway simulator (Mitake SmSend API) verifies it; wrong codes and too many sends are refused.
import { randomUUID } from 'node:crypto';
import { OTP_MAX_ATTEMPTS, OTP_SENDS_PER_HOUR } from '@shopdesk/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { listenSimulator } from '../src/adapters/simulator-host';
import { createMitakeClient, createSmsSimulator } from '../src/adapters/sms';
import { businesses, outboxJobs, phoneOtpCodes } from '../src/db/schema';
import { requireSmsWhenNeeded } from '../src/features/orders/phone-otp/routes';
import { build } from './helpers';
import { openShop, orderBody, postOrder, someClient, storefrontUrl } from './storefront-fixtures';

const t = await build();
const eaa = await t.signedIn('eaa');
const sim = t.app.sms!.simulator!.control;

const call = (sid: number, path: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: storefrontUrl(sid, path), payload, remoteAddress: someClient() });
const sendCode = (sid: number, phone: string, holder: string) => call(sid, '/phone-codes', { phone, holder });
const verify = (sid: number, phone: string, holder: string, code: string) =>
  call(sid, '/phone-codes/verify', { phone, holder, code });
const profile = async (sid: number) =>
  (await t.app.inject({ method: 'GET', url: storefrontUrl(sid, '/profile') })).json();
/** The code of the last SMS the gateway simulator took for the phone, after the outbox ran. */
const codeFromSms = async (phone: string) => {
  await t.app.outbox.drain();
  const text = sim.lastTo(phone)?.smbody ?? '';
  // the code follows 驗證碼為 (the shop's name before it may hold six digits of its own)
  return /驗證碼為 (\d{6})/.exec(text)?.[1] ?? '';
};
const orderAs = (productId: number, phone: string, deviceId: string) =>
  orderBody(productId, { customer: { name: '王小明', phone, deviceId } });
const otpOn = (sid: number, on = true) =>
  t.db.update(businesses).set({ isOtpEnabled: on }).where(eq(businesses.accountId, sid));
// each test its own phone: the limits count per phone
let phoneSeq = 0;
const nextPhone = () => {
  phoneSeq += 1;
  return `09${String(20_000_000 + phoneSeq).padStart(8, '0')}`;
};
const device = () => randomUUID().replaceAll('-', '');

describe('switch off (spec 001 §2.2 is_otp_enabled off): nothing changes', async () => {
  const shop = await openShop(t, eaa);

  it('the app is not asked to verify, an order from any phone is taken, no code is sent', async () => {
    expect((await profile(shop.accountId)).form.otp).toBe(false);
    const res = await postOrder(t, shop.accountId, orderAs(shop.productId, nextPhone(), device()));
    expect(res.statusCode, res.body).toBe(201);
    const send = await sendCode(shop.accountId, nextPhone(), device());
    expect(send.statusCode).toBe(409);
    expect(send.json().error).toMatchObject({ code: 'OTP_NOT_ENABLED', message: '商店未開啟簡訊驗證' });
  });
});

describe('switch on: intake refuses a phone not verified', async () => {
  const shop = await openShop(t, eaa);
  await otpOn(shop.accountId);

  it('the app is told to verify; an unverified phone is refused with 422 and the reason', async () => {
    expect((await profile(shop.accountId)).form.otp).toBe(true);
    const res = await postOrder(t, shop.accountId, orderAs(shop.productId, nextPhone(), device()));
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'PHONE_NOT_VERIFIED',
      message: '請先完成手機簡訊驗證',
      field: 'customer.phone',
    });
  });

  it('the phone is required even where the shop hides it (it is what is verified)', async () => {
    await t.db.update(businesses).set({ isNotPhone: true }).where(eq(businesses.accountId, shop.accountId));
    const res = await postOrder(
      t,
      shop.accountId,
      orderBody(shop.productId, { customer: { name: '王小明', phone: '' } }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('PHONE_REQUIRED');
    await t.db.update(businesses).set({ isNotPhone: false }).where(eq(businesses.accountId, shop.accountId));
  });

  it('a landline cannot be verified by SMS', async () => {
    const res = await sendCode(shop.accountId, '0223456789', device());
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('OTP_MOBILE_ONLY');
  });
});

describe('send → the code from the gateway simulator → verify → the order is taken', async () => {
  const shop = await openShop(t, eaa);
  await otpOn(shop.accountId);
  const sid = shop.accountId;

  it('verifies once per phone and device, remembered for the next orders', async () => {
    const phone = nextPhone();
    const holder = device();
    const sent = await sendCode(sid, phone, holder);
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json()).toMatchObject({ verified: false, expiresInS: 300 });
    const code = await codeFromSms(phone);
    expect(code).toMatch(/^\d{6}$/);
    // the code is kept hashed, and the queued SMS holds it sealed
    const [row] = await t.db.select().from(phoneOtpCodes).where(eq(phoneOtpCodes.phone, phone));
    expect(row!.codeHash).not.toContain(code);
    const jobs = await t.db.select().from(outboxJobs).where(eq(outboxJobs.kind, 'sms.otp'));
    expect(JSON.stringify(jobs.map((j) => j.payload))).not.toContain(code);
    expect(jobs.find((j) => j.payload.to === phone)?.status).toBe('done');

    expect((await verify(sid, phone, holder, code)).json()).toEqual({ verified: true });
    const verified = await t.app.inject({
      method: 'GET',
      url: storefrontUrl(sid, `/phone-verification?phone=${phone}&holder=${holder}`),
    });
    expect(verified.json()).toEqual({ verified: true });
    const first = await postOrder(t, sid, orderAs(shop.productId, phone, holder));
    expect(first.statusCode, first.body).toBe(201);
    // remembered: the next order needs no code, and asking again sends none
    expect((await postOrder(t, sid, orderAs(shop.productId, phone, holder))).statusCode).toBe(201);
    const again = await sendCode(sid, phone, holder);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ verified: true });
    // another device with the same phone is not verified
    const other = await postOrder(t, sid, orderAs(shop.productId, phone, device()));
    expect(other.json().error.code).toBe('PHONE_NOT_VERIFIED');
  });

  it('inside LINE the LINE user holds the verification (+886 and dashes are the same mobile)', async () => {
    const phone = nextPhone();
    const lineUserId = `U${device()}`;
    expect((await sendCode(sid, phone, lineUserId)).statusCode).toBe(202);
    const code = await codeFromSms(phone);
    const intl = `+886-${phone.slice(1, 4)}-${phone.slice(4)}`;
    expect((await verify(sid, intl, lineUserId, code)).statusCode).toBe(200);
    const res = await postOrder(
      t,
      sid,
      orderBody(shop.productId, { customer: { name: '林', phone, lineUserId, deviceId: device() } }),
    );
    expect(res.statusCode, res.body).toBe(201);
  });

  it('the SMS waits in the outbox while the gateway answers 429, and goes once it answers again', async () => {
    const phone = nextPhone();
    sim.failNext(1, { http: 429 });
    expect((await sendCode(sid, phone, device())).statusCode).toBe(202);
    await t.app.outbox.drain();
    const [job] = await t.db
      .select()
      .from(outboxJobs)
      .where(sql`${outboxJobs.kind} = 'sms.otp' and ${outboxJobs.payload}->>'to' = ${phone}`);
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    expect(job!.lastError).toContain('429');
    expect(sim.lastTo(phone)).toBeUndefined();
    await t.app.outbox.drain({ now: new Date(Date.now() + 120_000) });
    expect(sim.lastTo(phone)?.smbody).toMatch(/\d{6}/);
  });
});

describe('wrong codes and expiry', async () => {
  const shop = await openShop(t, eaa);
  await otpOn(shop.accountId);
  const sid = shop.accountId;

  it(`${OTP_MAX_ATTEMPTS} wrong codes spend the code: even the right one then needs a new code`, async () => {
    const phone = nextPhone();
    const holder = device();
    await sendCode(sid, phone, holder);
    const code = await codeFromSms(phone);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 1; i < OTP_MAX_ATTEMPTS; i += 1) {
      const res = await verify(sid, phone, holder, wrong);
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toMatchObject({ code: 'OTP_WRONG_CODE', message: '驗證碼錯誤' });
    }
    const last = await verify(sid, phone, holder, wrong);
    expect(last.statusCode).toBe(409);
    expect(last.json().error.code).toBe('OTP_ATTEMPTS_USED');
    const right = await verify(sid, phone, holder, code);
    expect(right.json().error).toMatchObject({
      code: 'OTP_ATTEMPTS_USED',
      message: '驗證碼錯誤次數過多，請重新取得驗證碼',
    });
    expect((await postOrder(t, sid, orderAs(shop.productId, phone, holder))).statusCode).toBe(422);
  });

  it('a code of another device, or an expired one, does not verify', async () => {
    const phone = nextPhone();
    const holder = device();
    await sendCode(sid, phone, holder);
    const code = await codeFromSms(phone);
    expect((await verify(sid, phone, device(), code)).json().error.code).toBe('OTP_NO_CODE');
    await t.db
      .update(phoneOtpCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(phoneOtpCodes.phone, phone));
    const res = await verify(sid, phone, holder, code);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'OTP_NO_CODE',
      message: '驗證碼已失效，請重新取得驗證碼',
    });
  });
});

describe('send limits per phone: one a minute, five an hour', async () => {
  const shop = await openShop(t, eaa);
  await otpOn(shop.accountId);
  const sid = shop.accountId;
  // the clock moved on by a minute for this phone's earlier codes
  const aMinuteLater = (phone: string) =>
    t.db
      .update(phoneOtpCodes)
      .set({ createdAt: sql`${phoneOtpCodes.createdAt} - interval '61 seconds'` })
      .where(eq(phoneOtpCodes.phone, phone));

  it('a second code within 60 s is refused with 429 and Retry-After; the sixth in an hour too', async () => {
    const phone = nextPhone();
    expect((await sendCode(sid, phone, device())).statusCode).toBe(202);
    const soon = await sendCode(sid, phone, device());
    expect(soon.statusCode).toBe(429);
    expect(soon.json().error).toMatchObject({ code: 'OTP_TOO_SOON', message: '驗證碼已傳送，請稍後再試' });
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(soon.headers['retry-after'])).toBeLessThanOrEqual(60);
    for (let i = 2; i <= OTP_SENDS_PER_HOUR; i += 1) {
      await aMinuteLater(phone);
      expect((await sendCode(sid, phone, device())).statusCode).toBe(202);
    }
    await aMinuteLater(phone);
    const many = await sendCode(sid, phone, device());
    expect(many.statusCode).toBe(429);
    expect(many.json().error.code).toBe('OTP_TOO_MANY');
    await t.app.outbox.drain();
    expect(sim.messages.filter((m) => m.dstaddr === phone)).toHaveLength(OTP_SENDS_PER_HOUR);
  });
});

describe('the gateway simulator speaks the SmSend API', async () => {
  const gw = createSmsSimulator({ username: 'acct', password: 'right' });
  const host = await listenSimulator(gw.app);
  afterAll(host.close);

  it('checks the credentials (statuscode e), the number (v), and sends a clientid once (Duplicate=Y)', async () => {
    const bad = createMitakeClient({ url: host.url, username: 'acct', password: 'wrong' });
    expect(await bad.send({ to: '0912000001', text: 'x', clientId: 'a' })).toMatchObject({
      kind: 'refused',
      reason: expect.stringContaining('statuscode=e'),
    });
    const good = createMitakeClient({ url: host.url, username: 'acct', password: 'right' });
    expect(await good.send({ to: '12345', text: 'x', clientId: 'b' })).toMatchObject({
      kind: 'refused',
      reason: expect.stringContaining('statuscode=v'),
    });
    const first = await good.send({ to: '0912000001', text: '驗證碼 123456', clientId: 'c' });
    const repeat = await good.send({ to: '0912000001', text: '驗證碼 123456', clientId: 'c' });
    expect(first).toMatchObject({ kind: 'sent', duplicate: false });
    expect(repeat).toMatchObject({ kind: 'sent', duplicate: true });
    expect(gw.control.messages).toHaveLength(1);
    gw.control.failNext(1, { statuscode: 'r' });
    expect((await good.send({ to: '0912000001', text: 'y', clientId: 'd' })).kind).toBe('retry');
    const listed = (await (await fetch(`${host.url}/__sim/messages?dstaddr=0912000001`)).json()) as {
      messages: { smbody: string }[];
    };
    expect(listed.messages[0].smbody).toBe('驗證碼 123456');
  });
});

describe('production without an SMS gateway: never the simulator', async () => {
  it('no shop verifies phones: it starts with no gateway and a send answers 503; a shop that does: start-up refuses', async () => {
    const prod = await build({ config: { nodeEnv: 'production' }, manualClose: true });
    try {
      expect(prod.app.sms).toBeNull();
      const shop = await openShop(prod, await prod.signedIn('eaa'));
      await prod.db
        .update(businesses)
        .set({ isOtpEnabled: true })
        .where(eq(businesses.accountId, shop.accountId));
      const res = await prod.app.inject({
        method: 'POST',
        url: storefrontUrl(shop.accountId, '/phone-codes'),
        payload: { phone: '0912999999', holder: device() },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toMatchObject({
        code: 'SMS_UNAVAILABLE',
        message: '簡訊服務暫時無法使用，請稍後再試',
      });
      await expect(requireSmsWhenNeeded(prod.db, null)).rejects.toThrow(/SMS_URL.*1 shop/);
      await expect(requireSmsWhenNeeded(prod.db, prod.app.sms ?? {})).resolves.toBeUndefined();
    } finally {
      await prod.close();
    }
  });
});
