// /charts (the platform over 30 days, from the real orders) and /report/formulas (rate formula
// versions: a new version is added, survives a reload, and a real shop's month is previewed).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, poll, shot, signedInPage, url } from './browser';

let page: Page;
signedInPage(
  'gaa',
  (p) => {
    page = p;
  },
  { width: 1440, height: 1100 },
);
const figure = (key: string) =>
  page.getByTestId(`charts-${key}`).locator('.ant-statistic-content-value').textContent();
const num = (s: string | null) => Number((s ?? '').replace(/[^\d.]/g, ''));
/** A poll for what a loaded machine shows late: the ECharts chunk and the figures after a period change. */
const slowPoll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 60_000, interval: 300 });
const DAY = 86_400_000;
/** The period line once the data of `days` days arrived: "from 至 to", to − from = days − 1. */
const shownDays = async () => {
  const m = /(\d{4}-\d{2}-\d{2}) 至 (\d{4}-\d{2}-\d{2})/.exec(
    (await page.getByTestId('charts-period').textContent()) ?? '',
  );
  return m ? Math.round((Date.parse(m[2]!) - Date.parse(m[1]!)) / DAY) + 1 : 0;
};
/** The orders the API counts for the period now (the page asks the same, for the catering tree). */
const apiOrders = async (days: number) => {
  const res = await page.request.get(url(`/console/apis/gaa/charts?days=${days}&kind=catering`));
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()).days as { orders: number }[]).reduce((n, d) => n + d.orders, 0);
};
/**
 * The orders figure once it shows the period's data and agrees with the API. The page reads again every 10 s
 * and other tests' orders (or the order feed's status changes) may move the count between two reads, so the
 * figure is compared with the API's count at the same moment, not with a number read earlier.
 */
const ordersAgree = (days: number) =>
  slowPoll(async () => {
    if ((await shownDays()) !== days) return 'loading';
    const shown = await figure('orders');
    if (!/^\d[\d,]*$/.test(shown ?? '')) return `shown ${shown}`;
    const api = await apiOrders(days);
    return num(shown) === api ? 'agree' : `shown ${shown}, api ${api}`;
  }).toBe('agree');

describe.skipIf(!hasChromium)('gaa reads the platform charts', () => {
  // Was skipped (session 7: failed in the full suite, passed alone). The 7-day figure was read right after the
  // click, while the page still showed "—" for the new period (num("—") = 0), and the reload then waited for
  // that 0; on a loaded machine the click answered later than the read. Each figure is now read once the
  // period line shows the period's dates and the figure equals the API's count (docs/decisions/testing.md, session 8 note).
  it('shows 30 days of orders, revenue, modes, channels and top shops; the period survives a reload', {
    timeout: 240_000,
  }, async () => {
    await page.goto(url('/console/charts'));
    await ordersAgree(30);
    await slowPoll(async () => num(await figure('revenue'))).toBeGreaterThan(0);
    // four charts: orders and revenue, dining modes, channels, top shops (ECharts loads after the figures)
    await slowPoll(() => page.locator('canvas').count()).toBeGreaterThanOrEqual(4);
    const top = page.getByTestId('charts-top-shops').locator('tr.ant-table-row');
    await slowPoll(() => top.count()).toBe(10);
    const orders30 = num(await figure('orders'));
    expect(orders30).toBeGreaterThan(0);
    await page.screenshot({ path: shot('charts.png'), fullPage: true });

    await page.getByTestId('charts-days').getByText('近 7 天').click();
    await slowPoll(() => new URL(page.url()).searchParams.get('days')).toBe('7');
    await ordersAgree(7);
    // 90 days of demo orders: the last 7 days are fewer than the last 30
    expect(num(await figure('orders'))).toBeLessThan(orders30);
    await page.reload();
    await ordersAgree(7);
    const checked = page.getByTestId('charts-days').locator('.ant-segmented-item-selected');
    await expect(checked.textContent()).resolves.toBe('近 7 天');
  });
});

describe.skipIf(!hasChromium)('gaa keeps versioned rate formulas', () => {
  it('adds a version to a plan from a coming month; it survives a reload and the old ones stay', async () => {
    await page.goto(url('/console/report/formulas'));
    const plan = page.getByTestId('plan-STD');
    const versions = plan.locator('tr.ant-table-row');
    await poll(() => versions.count()).toBe(2);
    await expect(versions.first().textContent()).resolves.toContain('生效中');
    await page.screenshot({ path: shot('formulas.png'), fullPage: true });

    await page.getByTestId('add-version-STD').click();
    const dialog = page.getByRole('dialog');
    await poll(() => page.getByTestId('formula-fixed').inputValue()).toBe('999');
    // the tiers are checked by the contract's rule as one edits them
    await page.getByTestId('perOrderTiers-1-upTo').fill('100');
    await poll(() => dialog.getByText('最後一個級距不可設上限').isVisible()).toBe(true);
    await page.getByTestId('perOrderTiers-1-upTo').fill('');
    await poll(() => dialog.getByText('最後一個級距不可設上限').count()).toBe(0);
    await page.getByTestId('formula-fixed').fill('1299');
    // e-invoices and platform deliveries: STD's versions were stored without a price for them, so 0
    await poll(() => page.getByTestId('formula-per-einvoice').inputValue()).toBe('0');
    await page.getByTestId('formula-per-einvoice').fill('0.5');
    await page.getByTestId('formula-per-delivery').fill('12');
    await page.getByTestId('formula-note').fill('月費調整為 NT$1,299');
    await page.screenshot({ path: shot('formulas-add.png'), fullPage: true });
    await dialog.getByRole('button', { name: /^儲\s?存$/ }).click();
    await poll(() => page.getByText('已新增費率版本').isVisible()).toBe(true);
    await poll(() => versions.count()).toBe(3);
    const added = (await versions.first().textContent()) ?? '';
    expect(added).toContain('第 3 版');
    expect(added).toContain('待生效');
    expect(added).toContain('NT$1,299');
    expect(added).toContain('發票 NT$0.50 · 外送 NT$12');

    await page.reload();
    await poll(() => versions.count()).toBe(3);
    await expect(versions.first().textContent()).resolves.toContain('月費調整為 NT$1,299');
    await expect(versions.nth(1).textContent()).resolves.toContain('生效中');
    await expect(versions.nth(2).textContent()).resolves.toContain('已停用');
    await expect(versions.first().textContent()).resolves.toContain('發票 NT$0.50 · 外送 NT$12');
    await expect(versions.nth(1).textContent()).resolves.toContain('發票 NT$0 · 外送 NT$0');
    // the next version starts from the latest one's prices
    await page.getByTestId('add-version-STD').click();
    await poll(() => page.getByTestId('formula-per-einvoice').inputValue()).toBe('0.5');
    await expect(page.getByTestId('formula-per-delivery').inputValue()).resolves.toBe('12');
    await page.screenshot({ path: shot('formulas-per-unit.png'), fullPage: true });
  });

  it('previews a real shop’s charge for this month, the shop and month kept in the URL', async () => {
    await page.goto(url('/console/report/formulas'));
    await page.getByTestId('preview-shop').fill('2');
    await page.getByTestId('preview-shop').press('Enter');
    await poll(() => new URL(page.url()).searchParams.get('shop')).toBe('2');
    const total = page.getByTestId('preview-total');
    await poll(() => total.textContent()).toMatch(/^NT\$[\d,.]+$/);
    const preview = page.getByTestId('formula-preview');
    await expect(preview.textContent()).resolves.toMatch(
      /\d+ 筆訂單，營業額 NT\$[\d,.]+，電子發票 \d+ 張，平台外送 \d+ 筆/,
    );
    await expect(page.getByTestId('preview-einvoice').textContent()).resolves.toMatch(
      /^NT\$[\d,.]+（\d+ × NT\$/,
    );
    await expect(page.getByTestId('preview-delivery').textContent()).resolves.toMatch(
      /^NT\$[\d,.]+（\d+ × NT\$/,
    );
    const shown = await total.textContent();
    await page.screenshot({ path: shot('formulas-preview.png'), fullPage: true });
    await page.reload();
    await poll(() => total.textContent()).toBe(shown);
  });
});
