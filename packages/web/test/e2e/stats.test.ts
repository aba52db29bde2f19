// statistics end to end: gaa lands on /summary/stat (the home page), sees the charts drawn on
// canvas and the KPI figures the API answers; the line user sees its shop; a share link opens the public page.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasChromium,
  launchBrowser,
  motionEnded,
  newContext,
  openedDropdown,
  poll,
  signIn,
  url,
} from './browser';

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

/**
 * The summary of the page's default period (the last 7 Taipei days), read through the page's own session,
 * of the console tree's catering shops as the page asks for it (docs/decisions/shops.md "Retail tree").
 */
const apiSummary = (page: Page, type: string, extra = '') =>
  page.evaluate(
    async ([t, more]) => {
      const day = (back: number) =>
        new Date(Date.now() + 8 * 3_600_000 - back * 86_400_000).toISOString().slice(0, 10);
      const range = `from=${day(6)}&to=${day(0)}&kind=catering`;
      return (await fetch(`/console/apis/${t}/stats/summary?${range}${more}`)).json();
    },
    [type, extra] as const,
  );

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

  it('gaa opens /report/360-stats, searches a shop by part of its name, picks it and sees its figures', async () => {
    const page = await (await newContext(browser)).newPage();
    await signIn(page, 'gaa');
    // a demo shop with orders in the default period whose name search (part of the name) finds it
    const target = await page.evaluate(async () => {
      const day = (back: number) =>
        new Date(Date.now() + 8 * 3_600_000 - back * 86_400_000).toISOString().slice(0, 10);
      const range = `from=${day(6)}&to=${day(0)}`;
      // the console's shop select lists catering shops
      const top = await (
        await fetch(`/console/apis/gaa/stats/shops?${range}&kind=catering&sort=-orders&limit=10`)
      ).json();
      for (const s of top.rows as { accountId: number; name: string }[]) {
        const part = s.name.slice(1, Math.max(3, s.name.length - 1));
        const found = await (
          await fetch(`/console/apis/gaa/menu/shops?kind=catering&q=${encodeURIComponent(part)}`)
        ).json();
        if (!found.rows.some((r: { accountId: number }) => r.accountId === s.accountId)) continue;
        const view = await (await fetch(`/console/apis/gaa/stats/shops/${s.accountId}/360?${range}`)).json();
        return { ...s, part, orders: view.summary.current.orders as number };
      }
      return null;
    });
    expect(target).not.toBeNull();
    const { accountId, name, part, orders } = target!;
    expect(orders).toBeGreaterThan(0);

    await page.goto(url('/console/report/360-stats'));
    const select = page.getByRole('combobox', { name: '商店' });
    await select.click();
    await select.fill(part);
    const option = (await openedDropdown(page)).locator(
      `.ant-select-item-option[title="${name}（#${accountId}）"]`,
    );
    await poll(() => option.count()).toBe(1);
    await option.click();

    await page.waitForURL(new RegExp(`[?&]shop_id=${accountId}(&|$)`));
    await poll(() => page.getByRole('heading', { level: 3 }).textContent()).toBe(`360 度分析 · ${name}`);
    await poll(() => page.locator('[data-kpi="orders"]').isVisible()).toBe(true);
    await poll(async () => digits(await kpi(page, 'orders'))).toBe(orders);
    expect(new URL(page.url()).searchParams.get('shop_name')).toBe(name);
    if (process.env.SHOPDESK_SCREENSHOTS === '1') {
      await motionEnded(page);
      await page.screenshot({ path: 'docs/screenshot-stats-360.png' });
    }
    await page.close();
  });

  it('eaa narrows /summary/stat to one of its shops with the shop select and back to all', async () => {
    const page = await (await newContext(browser)).newPage();
    await signIn(page, 'eaa');
    await poll(() => page.locator('[data-kpi="orders"]').isVisible()).toBe(true);
    const all = await apiSummary(page, 'eaa');
    await poll(async () => digits(await kpi(page, 'orders'))).toBe(all.current.orders);
    const mine = await page.evaluate(async () => (await fetch('/console/apis/eaa/menu/shops')).json());
    expect(mine.total).toBeGreaterThan(1);
    const shop = mine.rows[1] as { accountId: number; name: string };
    const one = await apiSummary(page, 'eaa', `&shopId=${shop.accountId}`);

    const select = page.getByRole('combobox', { name: '商店' });
    await select.click();
    await select.fill(String(shop.accountId));
    const option = page.locator(`.ant-select-item-option[title="${shop.name}（#${shop.accountId}）"]`);
    await poll(() => option.count()).toBe(1);
    await option.click();
    await page.waitForURL(new RegExp(`[?&]shop_id=${shop.accountId}(&|$)`));
    await poll(async () => digits(await kpi(page, 'orders'))).toBe(one.current.orders);
    // a reload keeps the shop (shop_id and shop_name in the URL)
    await page.reload();
    await poll(() => page.getByText(`${shop.name}（#${shop.accountId}）`).count()).toBe(1);
    await poll(async () => digits(await kpi(page, 'orders'))).toBe(one.current.orders);
    // clearing the select shows all the caller's shops again
    await select.hover();
    await page.locator('.ant-select-clear').click();
    await poll(() => new URL(page.url()).searchParams.get('shop_id')).toBe(null);
    await poll(async () => digits(await kpi(page, 'orders'))).toBe(all.current.orders);
    await page.close();
  });

  it('the line user sees its one shop; a share link it makes opens the read-only public page', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await signIn(page, 'line');
    await poll(() => page.locator('[data-chart] canvas').count()).toBe(4);
    const mine = await apiSummary(page, 'line');
    expect(digits(await kpi(page, 'orders'))).toBe(mine.current.orders);
    // the title names the one shop the figures are for
    const shops = await (await page.request.get(url('/console/apis/line/menu/shops'))).json();
    expect(shops.total).toBe(1);
    await poll(() => page.getByRole('heading', { level: 3 }).first().textContent()).toBe(
      `營運統計 · ${shops.rows[0].name}`,
    );
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
