// /pub/firebase-demo and /retail-page (docs/decisions/platform.md "Moved pages"): public pages that say what
// replaced them and lead there.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser, newContext, poll, signIn, url } from './browser';

// one browser for the file; each describe opens contexts (fresh profiles) of its own
let browser: Browser;
let page: Page;

beforeAll(async () => {
  if (hasChromium) browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.skipIf(!hasChromium)('a visitor opens the pages that moved', () => {
  beforeAll(async () => {
    page = await (await newContext(browser)).newPage();
  });

  it('the realtime demo leads to the point-of-sale sign-in', async () => {
    await page.goto(url('/console/pub/firebase-demo'));
    await poll(() => page.getByTestId('moved-page').textContent()).toContain('即時訂單看板');
    expect(await page.getByTestId('not-built').count()).toBe(0);
    await page.getByRole('link', { name: '開啟點餐機登入' }).click();
    await poll(() => new URL(page.url()).pathname).toBe('/console/qcpos/login');
  });

  it('the retail page leads to the retail console’s sign-in', async () => {
    await page.goto(url('/console/retail-page'));
    await poll(() => page.getByTestId('moved-page').textContent()).toContain('零售');
    await page.getByRole('link', { name: '零售後台：商店管理者登入' }).click();
    await poll(() => new URL(page.url()).pathname).toBe('/retail/eaa-login');
    await poll(() => page.getByRole('button', { name: /登\s?入/ }).count()).toBeGreaterThan(0);
  });
});

// /pub/qcpos opened without its signed link explained itself only in an English zod text.
describe.skipIf(!hasChromium)('the customer pickup display opened without its link', () => {
  it('says in the page’s language how to open it, with no raw validation text', async () => {
    const zh = await (await newContext(browser)).newPage();
    await zh.goto(url('/console/pub/qcpos'));
    await poll(() => zh.getByText('缺少顯示連結').isVisible()).toBe(true);
    expect(await zh.getByText('請在點餐機按「顧客取餐顯示連結」', { exact: false }).count()).toBe(1);
    expect(await zh.getByText(/Invalid input|expected string/).count()).toBe(0);
    const en = await (await newContext(browser, 'en-US')).newPage();
    await en.goto(url('/console/pub/qcpos'));
    await poll(() => en.getByText('The display link is missing').isVisible()).toBe(true);
    expect(await en.getByText(/Invalid input|expected string/).count()).toBe(0);
    await zh.context().close();
    await en.context().close();
  });
});

// spec 002 §2: the gaa's retail promotions are at /gaa/retail/common/{id}/promotion (only the retail
// tree's /retail/gaa/common/{id}/promotion opened them).
describe.skipIf(!hasChromium)('the spec’s retail promotion path', () => {
  it('opens the promotions page of the shop for a gaa', async () => {
    const gaa = await (await newContext(browser)).newPage();
    await signIn(gaa, 'gaa');
    await gaa.goto(url('/console/gaa/retail/common/2/promotion'));
    await poll(() => gaa.getByRole('heading', { name: /^優惠活動：.*（2）$/ }).count()).toBe(1);
    expect(await gaa.getByTestId('not-built').count()).toBe(0);
    await poll(() => gaa.getByRole('button', { name: /新增優惠/ }).count()).toBeGreaterThan(0);
    await gaa.context().close();
  });
});

// the footer's year came from the code, not the clock (Asia/Taipei: 2031-12-31 16:30 UTC is 2032 there).
describe.skipIf(!hasChromium)('the footer year', () => {
  it('is the current year in Taipei', async () => {
    const ctx = await newContext(browser);
    await ctx.clock.setFixedTime(new Date('2031-12-31T16:30:00Z'));
    const p = await ctx.newPage();
    await p.goto(url('/console/retail-page'));
    await poll(() =>
      p
        .getByText(/^© \d{4} Shopdesk$/)
        .first()
        .textContent(),
    ).toBe('© 2032 Shopdesk');
    await ctx.close();
  });
});
