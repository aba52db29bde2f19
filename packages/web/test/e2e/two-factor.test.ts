// two-factor sign-in in the browser. Done means: "a gaa user enrols TOTP and signs in with a code".
// A new administrator (invited by the demo gaa, its password set from the mailed link) must enrol at its first
// sign-in (QR code, first code, recovery codes once), then signs in with a code. Codes come from the tests' own
// RFC 6238 generator (server/test/rfc6238.ts), not otplib. The administrator is disabled afterwards: the
// users test counts on the demo gaa being the only active one.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { totp } from '../../../server/test/rfc6238';
import {
  enterTotpCode,
  hasChromium,
  launchBrowser,
  newContext,
  shot,
  signIn,
  submitLogin,
  url,
} from './browser';

// a code is accepted once per 30-s step: the second sign-in may wait for a fresh one
vi.setConfig({ testTimeout: 180_000 });

const stamp = Date.now().toString(36);
const email = `totp-${stamp}@e2e.test`;
const name = `兩步驟 ${stamp}`;
const PASSWORD = 'Quiet-river-lantern-42';

describe.skipIf(!hasChromium)('two-factor sign-in', () => {
  let browser: Browser;
  let admin: Page;
  let userId = 0;
  let recovery: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await (await newContext(browser)).newPage();
    await signIn(admin, 'gaa');
    // the demo gaa invites an administrator; its password is set from the mailed link
    const created = await admin.request.post(url('/console/apis/gaa/admin/gaa-users'), {
      data: { name, email },
    });
    expect(created.status(), await created.text()).toBe(201);
    userId = ((await created.json()) as { user: { id: number } }).user.id;
    // the set-password mail, sent by the job queue (vi.waitFor: expect.poll is not allowed in a hook)
    const token = await vi.waitFor(
      async () => {
        const res = await admin.request.get(url('/console/apis/gaa/dev/mail-outbox?offset=0&limit=50'));
        const { mails } = (await res.json()) as { mails: { to: string; text: string }[] };
        const mail = mails.find((m) => m.to === email);
        const found = decodeURIComponent(/setPassword=([\w%-]+)/.exec(mail?.text ?? '')?.[1] ?? '');
        if (!found) throw new Error(`no set-password mail to ${email}`);
        return found;
      },
      { timeout: 60_000, interval: 500 },
    );
    const set = await admin.request.post(url(`/console/apis/password-tokens/${encodeURIComponent(token)}`), {
      data: { password: PASSWORD },
    });
    expect(set.status(), await set.text()).toBe(200);
  });

  afterAll(async () => {
    // no second active administrator left behind (admin-users.test.ts shows the last-gaa rule)
    if (userId)
      await admin.request.put(url(`/console/apis/gaa/admin/users/${userId}`), {
        data: { name, disabled: true },
      });
    await browser?.close();
  });

  it('a new gaa enrols before anything else, gets its recovery codes once, then signs in with a code', async () => {
    const context = await newContext(browser, 'en-US');
    const page = await context.newPage();
    await page.goto(url('/console/gaa-login'));
    await submitLogin(page, email, PASSWORD);
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
    recovery = codes;
    await page.screenshot({ path: shot('two-factor-recovery.png') });
    await page.getByRole('button', { name: 'I have saved them, continue' }).click();
    await page.waitForURL(/\/console\/summary\/stat$/);

    // its own account page (the top bar's name) says it is on and cannot be turned off
    await page.getByRole('link', { name: 'My account' }).click();
    await page.waitForURL(/\/console\/my-account$/);
    const card = page.getByTestId('two-factor');
    await card.getByText(/^On since .*; 10 recovery codes left$/).waitFor();
    await card
      .getByText('Platform administrators must use two-factor sign-in; it cannot be turned off.')
      .waitFor();
    await page.screenshot({ path: shot('two-factor-account.png'), fullPage: true });
    await context.close();

    // the next sign-in asks for the code: a wrong one is refused, a right one (a fresh step) signs in
    const again = await newContext(browser, 'en-US');
    const second = await again.newPage();
    await second.goto(url('/console/gaa-login'));
    await submitLogin(second, email, PASSWORD);
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
    expect(await second.evaluate(async () => (await fetch('/console/apis/me')).status)).toBe(200);
    await again.close();
  });

  it('a recovery code from the enrolment signs in instead of a code', async () => {
    expect(recovery).toHaveLength(10);
    const context = await newContext(browser, 'en-US');
    const page = await context.newPage();
    await page.goto(url('/console/gaa-login'));
    await submitLogin(page, email, PASSWORD);
    await page.getByText('Enter your code').waitFor();
    await page.locator('input[autocomplete=one-time-code]').fill(recovery[0]!.toUpperCase());
    await page.locator('button[type=submit]:visible').click();
    await page.waitForURL(/\/console\/summary\/stat$/);
    await page.goto(url('/console/my-account'));
    await page
      .getByTestId('two-factor')
      .getByText(/; 9 recovery codes left$/)
      .waitFor();
    await context.close();
  });
});
