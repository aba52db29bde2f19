// The console shell as a user sees it: languages, not-found, permission and not-built notices, the
// hidden gaa tools, the narrow layout and the retail tree (spec 000 §1, §2, §6, §9).
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_ROUTES } from '../../src/shell/route-table';
import { hasChromium, launchBrowser, newContext, poll, sidebarLinks, signIn, url } from './browser';

// A signed-in route still without a page (its id has no line in pages.ts), if any is left: as features land
// the example moves on by itself; once every route is built the not-built test has nothing to show and skips.
const registered = readFileSync(new URL('../../src/app/pages.ts', import.meta.url), 'utf8');
const notBuilt = CONSOLE_ROUTES.find(
  (r) =>
    Array.isArray(r.who) &&
    r.who.length > 0 &&
    !r.path.includes(':') &&
    !registered.includes(`'${r.id}':`) &&
    !new RegExp(`^\\s*${r.id}:`, 'm').test(registered),
);

describe.skipIf(!hasChromium)('console shell', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the language switch changes the texts and is remembered; ?lang= picks one too', async () => {
    const context = await newContext(browser, 'zh-TW'); // spec 000 §1: a zh browser starts in zh-TW
    const page = await context.newPage();
    await signIn(page, 'gaa');
    await page.getByTestId('sidebar-menu').getByText('商店管理', { exact: true }).waitFor();
    await page.getByTestId('language-select').getByRole('button', { name: 'EN' }).click();
    await page.getByTestId('sidebar-menu').getByText('Store management', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    expect(await page.getByTestId('route-title').textContent()).toBe('Business statistics');
    expect(await page.title()).toBe('Business statistics | Shopdesk');
    await page.reload();
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    await page.goto(url('/console/summary/stat?lang=zh-tw'));
    await page.getByRole('button', { name: /登\s?出/ }).waitFor();
    await context.close();
  });

  it('an unknown path shows the not-found page, signed out or in', async () => {
    const context = await newContext(browser, 'en-US'); // an en browser starts in English
    const page = await context.newPage();
    await page.goto(url('/console/no/such/page'));
    await page.getByText('The page you requested could not be found.').waitFor();
    await signIn(page, 'eaa');
    await page.goto(url('/console/no/such/page?lang=zh-tw'));
    await page.getByText('找不到您要的頁面。').waitFor();
    await page.getByTestId('sidebar-eaa').waitFor(); // inside the console shell
    await context.close();
  });

  it('ten quick clicks on the gaa sidebar brand reveal the hidden other tools', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, 'gaa');
    const tools = ['/console/other/line-spot', '/console/other/line-module', '/console/other/developer-tool'];
    expect(await sidebarLinks(page)).not.toContain(tools[0]);
    const brand = page.getByTestId('sidebar-brand');
    // the clicks are dispatched in the page, all in one go: ten of Playwright's own clicks (each waiting for the
    // element to be ready) can take longer than the quick-click window on a loaded machine
    const clicks = (n: number) =>
      brand.evaluate(async (el: HTMLElement, times: number) => {
        for (let i = 0; i < times; i++) el.click();
        await new Promise((done) => requestAnimationFrame(done)); // React has rendered what the clicks did
      }, n);
    await clicks(9);
    expect(await sidebarLinks(page)).not.toContain(tools[0]); // nine are not enough
    await clicks(10);
    await poll(() => sidebarLinks(page)).toEqual(
      expect.arrayContaining([...tools, '/console/other/printer/stations']),
    );
    await page.getByTestId('sidebar-menu').getByText('其他工具', { exact: true }).waitFor();
    await context.close();
  });

  it('a user whose type may not open a route sees the permission notice, not the page', async () => {
    const context = await newContext(browser, 'en-US');
    const page = await context.newPage();
    await signIn(page, 'line');
    await page.goto(url('/console/gaa/business'));
    await page.getByText('You do not have permission to view this page.').waitFor();
    await context.close();
  });

  it.skipIf(!notBuilt)('a route whose page is not built yet says so and names the route', async () => {
    const route = notBuilt!;
    const context = await newContext(browser, 'en-US');
    const page = await context.newPage();
    await signIn(page, (route.who as readonly ('gaa' | 'si' | 'eaa' | 'line')[])[0]!);
    await page.goto(url(`/console${route.path}`));
    await page.getByTestId('not-built').getByText(`The “${route.title.en}” page is not built yet.`).waitFor();
    expect(await page.title()).toBe(`${route.title.en} | Shopdesk`);
    await context.close();
  });

  it('on a 390 px screen the sidebar opens from the menu button', async () => {
    const context = await browser.newContext({ locale: 'zh-TW', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page, 'eaa');
    expect(await page.getByTestId('sidebar-eaa').isVisible()).toBe(false);
    await page.getByRole('button', { name: '開啟選單' }).click();
    await page.getByTestId('sidebar-eaa').waitFor();
    await page.getByTestId('sidebar-menu').getByText('我的商店').click();
    await page.waitForURL(/\/console\/eaa\/business\/shop-management$/);
    await context.close();
  });

  it('the retail tree serves the same login under /retail/', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(url('/retail/gaa-login'));
    await page.getByRole('heading', { name: '平台管理員登入' }).waitFor();
    // A signed-out deep link in the retail tree stays in it.
    await page.goto(url('/retail/gaa/common/5/info'));
    await page.waitForURL(/\/retail\/eaa-login$/);
    await context.close();
  });
});
