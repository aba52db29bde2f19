// issue 16: two-factor sign-in in the browser: a gaa without it enrols at its first sign-in (QR code,
// first code, recovery codes once), then signs in with a code; codes come from the tests' own RFC 6238
// generator (server/test/rfc6238.ts), not otplib.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totp } from '../../../server/test/rfc6238';
import { enterTotpCode, hasChromium, launchBrowser, newContext, shot, submitLogin, url } from './browser';

describe.skipIf(!hasChromium)('two-factor sign-in', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a gaa without it enrols before anything else, gets its recovery codes once, then signs in with a code', async () => {
    const context = await newContext(browser, 'en-US');
    const page = await context.newPage();
    await page.goto(url('/console/gaa-login'));
    await submitLogin(page, 'gaa-new@demo.test');
    // the enrolment step, not the console
    await page
      .getByText('Platform administrators must use two-factor sign-in. Set it up to continue.')
      .waitFor();
    await page.locator('[data-testid=totp-qr] canvas').waitFor();
    const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(new URL(page.url()).pathname).toBe('/console/gaa-login');
    // nothing else is open yet: the half-done sign-in is no session
    const me = await page.evaluate(async () => (await fetch('/console/apis/me')).status);
    expect(me).toBe(401);
    await page.screenshot({ path: shot('two-factor-enrol.png') });

    // a wrong code is refused with a clear message
    await page.locator('input[autocomplete=one-time-code]').fill(totp(secret, { offset: 9 }));
    await page.getByRole('button', { name: 'Confirm and turn on' }).click();
    await page.getByRole('alert').getByText('That code is wrong or has expired. Please try again').waitFor();

    await page.locator('input[autocomplete=one-time-code]').fill(totp(secret));
    await page.getByRole('button', { name: 'Confirm and turn on' }).click();
    const list = page.getByTestId('recovery-codes');
    await list.getByText('Save your recovery codes').waitFor();
    const codes = await list.locator('li').allInnerTexts();
    expect(codes).toHaveLength(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    await page.screenshot({ path: shot('two-factor-recovery.png') });
    await page.getByRole('button', { name: 'I have saved them, continue' }).click();
    await page.waitForURL(/\/console\/summary\/stat$/);

    // its own account page says it is on and cannot be turned off
    await page.goto(url('/console/my-account'));
    const card = page.getByTestId('two-factor');
    await card.getByText(/^On since .*; 10 recovery codes left$/).waitFor();
    await card
      .getByText('Platform administrators must use two-factor sign-in; it cannot be turned off.')
      .waitFor();
    await page.screenshot({ path: shot('two-factor-account.png'), fullPage: true });
    await context.close();

    // the next sign-in asks for the code: a replay of the enrolment code is refused, the next code works
    const again = await newContext(browser, 'en-US');
    const second = await again.newPage();
    await second.goto(url('/console/gaa-login'));
    await submitLogin(second, 'gaa-new@demo.test');
    await second.getByText('Enter your code').waitFor();
    await second.screenshot({ path: shot('two-factor-code.png') });
    await second.locator('input[autocomplete=one-time-code]').fill('000000');
    await second.locator('button[type=submit]:visible').click();
    await second
      .getByRole('alert')
      .getByText('That code is wrong or has expired. Please try again')
      .waitFor();
    await enterTotpCode(second, secret);
    await second.waitForURL(/\/console\/summary\/stat$/);
    await again.close();
  });
});
