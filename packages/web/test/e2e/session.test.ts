// Sign-in, the route guard, logout and session expiry, as a user sees them (spec 000 §2 route guard and
// sidebars, §4 Session, §8 Login failure).
import { theme } from 'antd';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_THEME, PLAIN_TOKENS } from '../../src/shell/theme';
import {
  hasChromium,
  launchBrowser,
  newContext,
  poll,
  sidebarLinks,
  signIn,
  signInAtPortal,
  submitLogin,
  type TDemoType,
  url,
} from './browser';

describe.skipIf(!hasChromium)('session', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  // spec 000 §2 "Sidebar by user type": a few entries each type must see, and some it must not.
  const expected: Record<TDemoType, { sees: string[]; notSees: string[]; group?: string }> = {
    gaa: {
      sees: [
        '/console/gaa/business',
        '/console/gaa/settings',
        '/console/vas/billing-accounts',
        '/console/gaa-users',
      ],
      notSees: ['/console/si/business', '/console/other/line-spot'],
      group: '商店管理',
    },
    si: {
      sees: ['/console/si/business', '/console/send-coupons', '/console/si-users'],
      notSees: ['/console/gaa/business'],
      group: '行銷活動',
    },
    eaa: {
      sees: [
        '/console/eaa/business/shop-management',
        '/console/eaa/business/promotions',
        '/console/eaa-account',
      ],
      notSees: ['/console/gaa/business', '/console/si/business'],
    },
    line: { sees: [], notSees: [] },
  };

  // A real sign-in at each portal (the gaa types a two-factor code, it may wait for a fresh step).
  for (const type of ['gaa', 'si', 'eaa', 'line'] as const) {
    it(`${type} signs in at the ${type} portal and sees the ${type} sidebar`, {
      timeout: 120_000,
    }, async () => {
      const context = await newContext(browser);
      const page = await context.newPage();
      await signInAtPortal(page, type);
      await page.getByTestId(`sidebar-${type}`).waitFor();
      const links = await sidebarLinks(page);
      if (type === 'line') {
        // spec 000 §2: line sees /summary/stat, /summary/orders and /menu-management; the demo manager holds
        // every acl, so the pages its shop/user/contract/admin values open follow, on its own shop
        // (docs/decisions/shops.md "Permissions: a shop manager's pages").
        expect(links.slice(0, 3)).toEqual([
          '/console/summary/stat',
          '/console/summary/orders',
          '/console/menu-management',
        ]);
        expect(links.slice(3).map((l) => (l ?? '').replace(/\/\d+\//, '/{id}/'))).toEqual([
          '/console/line/business/{id}/info',
          '/console/line/business/{id}/edit',
          '/console/line/business/{id}/settings',
          '/console/line/business/{id}/pos-users',
          '/console/line/business/{id}/contract',
          '/console/line/business/{id}/acls',
        ]);
      } else {
        for (const href of expected[type].sees) expect(links).toContain(href);
        for (const href of expected[type].notSees) expect(links).not.toContain(href);
        const group = expected[type].group;
        if (group) await page.getByTestId('sidebar-menu').getByText(group, { exact: true }).waitFor();
      }
      // The top bar shows the route title and the user's name; the page title follows the route.
      expect(await page.getByTestId('route-title').textContent()).toBe('營運統計');
      expect(await page.title()).toBe('營運統計 | Shopdesk');
      await context.close();
    });
  }

  // spec 000 §1 "zh-TW, otherwise en" (a zh-CN browser got Chinese); docs/decisions/testing.md
  it.each([
    ['zh-TW', 'zh-Hant-TW'],
    ['zh-HK', 'zh-Hant-TW'],
    ['zh-CN', 'en'],
    ['zh', 'en'],
    ['fr-FR', 'en'],
  ])('a browser asking for %s gets the console in %s', async (locale, lang) => {
    const context = await newContext(browser, locale);
    const page = await context.newPage();
    await page.goto(url('/console/eaa-login'));
    await page.locator('input#email').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
    const button = (await page.locator('button[type=submit]').textContent()) ?? '';
    expect(/[\u4e00-\u9fff]/.test(button)).toBe(lang !== 'en');
    await context.close();
  });

  // docs/decisions/foundation.md "Login route first load": the login page is drawn without antd, in antd's look.
  it("the plain tokens of the login route are antd's tokens of the app theme", () => {
    const antd = theme.getDesignToken(APP_THEME) as unknown as Record<string, unknown>;
    for (const [name, value] of Object.entries(PLAIN_TOKENS))
      expect([name, antd[name]]).toEqual([name, value]);
  });

  it('the login page draws, checks and switches without loading antd', async () => {
    const context = await newContext(browser, 'zh-TW');
    const page = await context.newPage();
    // every antd chunk fails to load (the toast host's idle load of antd too): the page must not need them
    await page.route(/\/assets\/antd[-.]/, (route) => route.abort());
    await page.goto(url('/console/eaa-login'));
    await page.locator('input#email').waitFor();
    // per-field checks with the contract's messages (spec 000 §2), then on submit both
    await page.locator('input#email').fill('abc');
    await page.locator('input#password').focus();
    await page.locator('#email_help').getByText('電子郵件格式錯誤').waitFor();
    expect(await page.locator('input#email').getAttribute('aria-describedby')).toBe('email_help');
    await page.locator('input#email').fill('');
    await page.getByRole('button', { name: '登 入' }).click();
    await page.locator('#password_help').getByText('請輸入密碼').waitFor();
    expect(await page.locator('input#password').getAttribute('aria-invalid')).toBe('true');
    // the password's show/hide switch, by keyboard as antd's
    const toggle = page.getByRole('button', { name: '顯示' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await page.locator('input#password').getAttribute('type')).toBe('text');
    expect(await page.getByRole('button', { name: '隱藏' }).getAttribute('aria-pressed')).toBe('true');
    // the language switch re-words the messages at once
    await page.getByRole('button', { name: 'EN' }).click();
    await page.locator('#password_help').getByText('Please enter your password').waitFor();
    await context.close();
  });

  it('a wrong password shows the failure text and stays on the login page', async () => {
    const context = await newContext(browser, 'en-US');
    const page = await context.newPage();
    await page.goto(url('/console/eaa-login'));
    await submitLogin(page, 'eaa@demo.test', 'not-the-password');
    // spec 000 §8 Login failure
    await page
      .getByRole('alert')
      .getByText('Please check if the user email and password are correct')
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/console/eaa-login');
    await context.close();
  });

  it('a signed-out deep link lands on the login page of the remembered portal, then returns to it', {
    timeout: 150_000,
  }, async () => {
    const deepLink = url('/console/gaa/business/12/edit');
    // A fresh visitor has no remembered portal: the default is eaa (spec 000 §2).
    const fresh = await newContext(browser);
    const first = await fresh.newPage();
    await first.goto(deepLink);
    await first.waitForURL(/\/console\/eaa-login$/);
    await fresh.close();

    // Sign in once at the gaa portal, log out: the gaa portal is remembered across visits. A session of its
    // own (signInAtPortal): logging out the run's shared gaa session would sign every later test out.
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInAtPortal(page, 'gaa');
    await page.getByRole('button', { name: /登\s?出/ }).click();
    await page.waitForURL(/\/console\/gaa-login$/);
    await page.goto(deepLink);
    await page.waitForURL(/\/console\/gaa-login$/);
    // After signing in the guard's saved location is where the user goes.
    await submitLogin(page, 'gaa@demo.test');
    await page.waitForURL(/\/console\/gaa\/business\/12\/edit$/);
    await context.close();
  });

  it('logout waits a second, then opens the login page of the user type (line goes to eaa)', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, 'line');
    const started = Date.now();
    await page.getByRole('button', { name: /登\s?出/ }).click();
    await page.waitForURL(/\/console\/eaa-login$/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900); // spec 000 §9: 1 s
    // Signed out for real: the console sends the visitor back to the login page.
    await page.goto(url('/console/summary/stat'));
    await page.waitForURL(/\/console\/eaa-login$/);
    expect(await page.evaluate(() => localStorage.getItem('shopdesk.user'))).toBeNull();
    await context.close();
  });

  it('a 401 from the API ends the session and goes to the remembered login page', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, 'si');
    await context.clearCookies(); // the server no longer knows this browser
    await page.reload(); // GET /me answers 401
    await page.waitForURL(/\/console\/si-login$/);
    await poll(() => page.evaluate(() => localStorage.getItem('shopdesk.user'))).toBeNull();
    await context.close();
  });
});

// the sign-in list showed raw user-agent strings under an English "User agent" header.
describe.skipIf(!hasChromium)('the sign-in list of my account', () => {
  let browser: Browser;
  afterAll(async () => {
    await browser?.close();
  });

  it('names each sign-in’s browser and device in the page’s language', async () => {
    browser = await launchBrowser();
    const ctx = await browser.newContext({
      locale: 'zh-TW',
      userAgent:
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    });
    const page = await ctx.newPage();
    await signIn(page, 'si');
    await page.goto(url('/console/my-account'));
    await poll(() => page.getByRole('columnheader', { name: '瀏覽器與裝置' }).count()).toBe(1);
    const current = page.getByRole('row').filter({ hasText: '這個裝置' });
    await poll(() => current.getByTestId('session-device').textContent()).toBe('Chrome · Windows');
    expect(await page.getByText('User agent').count()).toBe(0);
    expect(await page.getByText(/Mozilla\/5\.0/).count()).toBe(0);
  });
});
