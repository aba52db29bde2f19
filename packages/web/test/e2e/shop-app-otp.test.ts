// SMS verification on a phone (spec 001 §2.2 is_otp_enabled "SMS verification"): the switch is turned on as the
// Advance tab saves it; the checkout refuses to send before the phone is verified, sends a code, the code is read
// from the server's SMS gateway simulator (Mitake SmSend API, adapters/sms), typed in, and the order goes.
import { afterAll, describe, expect, it } from 'vitest';
import { hasChromium, poll, shot, simUrl } from './browser';
import { shopApp, shopKit } from './shop-app-kit';

// A demo shop no other browser test touches.
const SHOP = 67;
const kit = shopKit(SHOP);
const PHONE = '0955067067';

/** The code of the last text the SMS gateway simulator took for the number (the outbox sends it within seconds). */
const codeSentTo = async (to: string, after: number) => {
  let code = '';
  await poll(async () => {
    const res = await fetch(`${simUrl('sms')}/__sim/messages?dstaddr=${to}`);
    const { messages } = (await res.json()) as { messages: { smbody: string; at: string }[] };
    const last = messages.filter((m) => Date.parse(m.at) >= after).at(-1);
    code = /驗證碼為 (\d{6})/.exec(last?.smbody ?? '')?.[1] ?? '';
    return code;
  }).toMatch(/^\d{6}$/);
  return code;
};

const app = shopApp(kit, async ({ admin }) => {
  await kit.switches(admin, ['is_enabled', 'is_to_go', 'is_to_go_cash', 'is_otp_enabled']);
});
// runs before the frame closes the browser (after-hooks run in reverse order)
afterAll(async () => {
  if (app.opened) await app.save('is_otp_enabled', false);
});

describe.skipIf(!hasChromium)('SMS verification in the customer app (390 px)', () => {
  it('a customer verifies the phone with the texted code, then the order is taken', async () => {
    expect(simUrl('sms')).toMatch(/^http:/);
    await app.menu();
    await kit.addToCart(app.phone, app.product.name);
    await kit.openCheckout(app.phone, '驗證客', PHONE);
    await poll(() => app.phone.getByTestId('otp-box').count()).toBe(1);

    // not verified yet: the checkout does not send
    await kit.sendButton(app.phone).click();
    await poll(() => app.phone.getByText('請先完成手機簡訊驗證').count()).toBeGreaterThan(0);
    expect(app.phone.url()).not.toMatch(/\/orders\//);

    const asked = Date.now() - 1000;
    await app.phone.getByTestId('otp-send').click();
    await poll(() => app.phone.getByTestId('otp-sent').count()).toBe(1);
    // the resend waits its minute
    await poll(() => app.phone.getByTestId('otp-send').isDisabled()).toBe(true);
    const code = await codeSentTo(PHONE, asked);

    // a wrong code first: refused with the reason, the right one then verifies
    await app.phone.getByTestId('otp-code').fill(code === '000000' ? '111111' : '000000');
    await app.phone.getByRole('button', { name: /^驗\s?證$/ }).click();
    await poll(() => app.phone.getByText('驗證碼錯誤', { exact: true }).count()).toBe(1);
    await app.phone.getByTestId('otp-code').fill(code);
    await app.phone.screenshot({ path: shot('shop-checkout-otp-code-390.png'), fullPage: true });
    await app.phone.getByRole('button', { name: /^驗\s?證$/ }).click();
    await poll(() => app.phone.getByTestId('otp-verified').count()).toBe(1);
    await app.phone.getByTestId('otp-box').scrollIntoViewIfNeeded();
    await app.phone.screenshot({ path: shot('shop-checkout-otp-verified-390.png') });

    await kit.sendButton(app.phone).click();
    await app.phone.waitForURL(/\/orders\//);
  });

  it('the next order of the same device needs no code', async () => {
    await app.menu();
    await kit.addToCart(app.phone, app.product.name);
    await kit.openCheckout(app.phone, '驗證客', PHONE);
    await poll(() => app.phone.getByTestId('otp-verified').count()).toBe(1);
    // the same checkout on a wide screen
    await app.phone.setViewportSize({ width: 1440, height: 900 });
    await app.phone.getByTestId('otp-box').scrollIntoViewIfNeeded();
    await app.phone.screenshot({ path: shot('shop-checkout-otp-verified-1440.png') });
    await app.phone.setViewportSize({ width: 390, height: 844 });
    await kit.sendButton(app.phone).click();
    await app.phone.waitForURL(/\/orders\//);
  });
});
