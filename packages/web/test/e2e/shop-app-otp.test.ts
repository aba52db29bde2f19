// SMS verification on a phone (spec 001 §2.2 is_otp_enabled "SMS verification"): the switch is turned on as the
// Advance tab saves it; the checkout refuses to send before the phone is verified, sends a code, the code is read
// from the server's SMS gateway simulator (Mitake SmSend API, adapters/sms), typed in, and the order goes.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hasChromium, launchBrowser, poll, shot, signIn, url } from './browser';
import { shopKit } from './shop-app-kit';

// A demo shop no other browser test touches.
const SHOP = 67;
const kit = shopKit(SHOP);
const PHONE = '0955067067';

let browser: Browser;
let admin: Page;
let phone: Page;
let productName = '';

/** The code of the last text the SMS gateway simulator took for the number (the outbox sends it within seconds). */
const codeSentTo = async (to: string, after: number) => {
  let code = '';
  await poll(async () => {
    const res = await fetch(`${inject('smsSimUrl')}/__sim/messages?dstaddr=${to}`);
    const { messages } = (await res.json()) as { messages: { smbody: string; at: string }[] };
    const last = messages.filter((m) => Date.parse(m.at) >= after).at(-1);
    code = /(\d{6})/.exec(last?.smbody ?? '')?.[1] ?? '';
    return code;
  }).toMatch(/^\d{6}$/);
  return code;
};

beforeAll(async () => {
  if (!hasChromium) return;
  browser = await launchBrowser();
  admin = await (await browser.newContext({ locale: 'zh-TW' })).newPage();
  await signIn(admin, 'gaa');
  await kit.openAllDay(admin);
  for (const key of ['is_enabled', 'is_to_go', 'is_to_go_cash']) await kit.saveBusiness(admin, key, true);
  await kit.saveBusiness(admin, 'is_otp_enabled', true);
  phone = await (
    await browser.newContext({
      locale: 'zh-TW',
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    })
  ).newPage();
  const [product] = await kit.simpleProducts(phone.request, 'to_go');
  expect(product).toBeDefined();
  productName = product!.name;
});

afterAll(async () => {
  if (admin) await kit.saveBusiness(admin, 'is_otp_enabled', false);
  await browser?.close();
});

describe.skipIf(!hasChromium)('SMS verification in the customer app (390 px)', () => {
  it('a customer verifies the phone with the texted code, then the order is taken', async () => {
    expect(inject('smsSimUrl')).toMatch(/^http:/);
    await phone.goto(url(`/shop/${SHOP}/menu?mealType=to_go`));
    await poll(() => phone.getByTestId('products').count()).toBeGreaterThan(0);
    await kit.addToCart(phone, productName);
    await kit.openCheckout(phone, '驗證客', PHONE);
    await poll(() => phone.getByTestId('otp-box').count()).toBe(1);

    // not verified yet: the checkout does not send
    await kit.sendButton(phone).click();
    await poll(() => phone.getByText('請先完成手機簡訊驗證').count()).toBeGreaterThan(0);
    expect(phone.url()).not.toMatch(/\/orders\//);

    const asked = Date.now() - 1000;
    await phone.getByTestId('otp-send').click();
    await poll(() => phone.getByTestId('otp-sent').count()).toBe(1);
    // the resend waits its minute
    await poll(() => phone.getByTestId('otp-send').isDisabled()).toBe(true);
    const code = await codeSentTo(PHONE, asked);

    // a wrong code first: refused with the reason, the right one then verifies
    await phone.getByTestId('otp-code').fill(code === '000000' ? '111111' : '000000');
    await phone.getByRole('button', { name: /^驗\s?證$/ }).click();
    await poll(() => phone.getByText('驗證碼錯誤', { exact: true }).count()).toBe(1);
    await phone.getByTestId('otp-code').fill(code);
    await phone.screenshot({ path: shot('shop-checkout-otp-code-390.png'), fullPage: true });
    await phone.getByRole('button', { name: /^驗\s?證$/ }).click();
    await poll(() => phone.getByTestId('otp-verified').count()).toBe(1);
    await phone.getByTestId('otp-box').scrollIntoViewIfNeeded();
    await phone.screenshot({ path: shot('shop-checkout-otp-verified-390.png') });

    await kit.sendButton(phone).click();
    await phone.waitForURL(/\/orders\//);
  });

  it('the next order of the same device needs no code', async () => {
    await phone.goto(url(`/shop/${SHOP}/menu?mealType=to_go`));
    await poll(() => phone.getByTestId('products').count()).toBeGreaterThan(0);
    await kit.addToCart(phone, productName);
    await kit.openCheckout(phone, '驗證客', PHONE);
    await poll(() => phone.getByTestId('otp-verified').count()).toBe(1);
    // the same checkout on a wide screen
    await phone.setViewportSize({ width: 1440, height: 900 });
    await phone.getByTestId('otp-box').scrollIntoViewIfNeeded();
    await phone.screenshot({ path: shot('shop-checkout-otp-verified-1440.png') });
    await phone.setViewportSize({ width: 390, height: 844 });
    await kit.sendButton(phone).click();
    await phone.waitForURL(/\/orders\//);
  });
});
