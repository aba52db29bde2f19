// Issue 7 statistics end to end: gaa lands on /summary/stat (the home page), sees the charts drawn on
// canvas and the KPI figures the API answers; the line user sees its shop; a share link opens the public page.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser, newContext, poll, signIn, url } from './browser';

let browser: Browser;

beforeAll(async () => {
  if (hasChromium) browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const kpi = (page: Page, key: string) =>
  page.locator(`[data-kpi="${key}"] .ant-statistic-content-value`).textContent();
const digits = (s: string | null) => Number((s ?? '').replace(/[^\d]/g, ''));

/** The summary of the page's default period (the last 7 Taipei days), read through the page's own session. */
const apiSummary = (page: Page, type: string) =>
  page.evaluate(async (t) => {
    const day = (back: number) =>
      new Date(Date.now() + 8 * 3_600_000 - back * 86_400_000).toISOString().slice(0, 10);
    return (await fetch(`/console/apis/${t}/stats/summary?from=${day(6)}&to=${day(0)}`)).json();
  }, type);

describe.skipIf(!hasChromium)('statistics pages', () => {
  it('gaa opens /summary/stat and sees the charts and the KPI figures the API answers', async () => {
    const page = await (await newContext(browser)).newPage();
    await signIn(page, 'gaa');
    await poll(() => page.locator('[data-kpi="revenue"]').isVisible()).toBe(true);
    // line, bar and two pies, drawn on canvas
    await poll(() => page.locator('[data-chart] canvas').count()).toBe(4);
    const body = await apiSummary(page, 'gaa');
    expect(body.current.orders).toBeGreaterThan(0);
    expect(digits(await kpi(page, 'revenue'))).toBe(body.current.revenue);
    expect(digits(await kpi(page, 'orders'))).toBe(body.current.orders);
    expect(digits(await kpi(page, 'avgTicket'))).toBe(body.current.avgTicket);
    expect(await page.getByText('熱銷商品').isVisible()).toBe(true);
    await page.close();
  });

  it('the line user sees its one shop; a share link it makes opens the read-only public page', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await signIn(page, 'line');
    await poll(() => page.locator('[data-chart] canvas').count()).toBe(4);
    const mine = await apiSummary(page, 'line');
    expect(digits(await kpi(page, 'orders'))).toBe(mine.current.orders);
    await page.getByRole('button', { name: /分享統計連結/ }).click();
    await page.getByRole('button', { name: /產生連結/ }).click();
    const link = page.locator('.ant-modal code');
    await poll(() => link.isVisible()).toBe(true);
    const href = (await link.textContent()) ?? '';
    const pub = await (await newContext(browser)).newPage(); // no session
    await pub.goto(href);
    await poll(() => pub.locator('[data-kpi="orders"]').isVisible()).toBe(true);
    expect(digits(await kpi(pub, 'orders'))).toBe(mine.current.orders);
    await pub.goto(url('/console/pub/shop-stat?token=forged.token-value'));
    await poll(() => pub.getByText('分享連結無效').isVisible()).toBe(true);
    // a signed-in user opening a bad link sees the message and stays signed in
    await page.goto(url('/console/pub/shop-stat?token=forged.token-value'));
    await poll(() => page.getByText('分享連結無效').isVisible()).toBe(true);
    await page.goto(url('/console/summary/stat'));
    await poll(() => page.locator('[data-kpi="orders"]').isVisible()).toBe(true);
  });
});
