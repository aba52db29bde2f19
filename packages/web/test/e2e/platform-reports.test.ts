// /report/shop-settings ("Platform reports and tools"): a gaa user sees every shop's problems
// counted on top, filters by one (kept in the URL across a reload), finds a shop by id and exports.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, poll, shot, signedInPage, url } from './browser';

let page: Page;
signedInPage(
  'gaa',
  (p) => {
    page = p;
  },
  { width: 1440, height: 1000 },
);

const rows = () => page.getByTestId('shop-settings-report').locator('tr.ant-table-row');
const countOf = async (problem: string) =>
  Number(
    (
      (await page.getByTestId(`problem-${problem}`).locator('.ant-statistic-content-value').textContent()) ??
      ''
    )
      .replaceAll(',', '')
      .trim(),
  );

describe.skipIf(!hasChromium)('gaa reviews what is misconfigured across the shops', () => {
  it('counts each problem on top and filters the table by a card, in the URL', async () => {
    await page.goto(url('/console/report/shop-settings'));
    await poll(() => rows().count()).toBeGreaterThan(0);
    await poll(() => countOf('no_printer')).toBeGreaterThan(0);
    const noPrinter = await countOf('no_printer');
    await page.screenshot({ path: shot('report-shop-settings.png'), fullPage: true });

    await page.getByTestId('problem-no_printer').click();
    await poll(() => new URL(page.url()).searchParams.get('problem')).toBe('no_printer');
    await poll(() => page.getByText(`共 ${noPrinter} 家`).isVisible()).toBe(true);
    const shown = await rows().count();
    expect(shown).toBeGreaterThan(0);
    for (let k = 0; k < shown; k += 1) {
      await expect(rows().nth(k).textContent()).resolves.toContain('營業中但沒有出單機');
      await expect(rows().nth(k).textContent()).resolves.toContain('營業中');
    }

    await page.reload();
    await poll(() => page.getByText(`共 ${noPrinter} 家`).isVisible()).toBe(true);
  });

  it('finds one shop by its id and opens its settings', async () => {
    const id = ((await rows().first().locator('td').first().textContent()) ?? '').trim();
    await page.getByTestId('report-search').fill(id);
    await page.getByTestId('report-search').press('Enter');
    await poll(() => rows().count()).toBe(1);
    await poll(() => rows().first().locator('td').first().textContent()).toBe(id);
    await rows().first().getByRole('link').click();
    await poll(() => page.url()).toContain(`/console/gaa/settings?accountId=${id}`);
  });

  it('exports the filtered rows as .xlsx', async () => {
    await page.goto(url('/console/report/shop-settings?problem=no_printer'));
    await poll(() => rows().count()).toBeGreaterThan(0);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /匯出 Excel/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('shop-settings.xlsx');
  });
});

describe.skipIf(!hasChromium)('gaa reviews every shop’s online payment configurations', () => {
  const payRows = () => page.getByTestId('online-payment-report').locator('tr.ant-table-row');
  it('shows each configured service with its state and filters by a state card', async () => {
    await page.goto(url('/console/report/online-payment-configs'));
    await poll(() => payRows().count()).toBeGreaterThan(2);
    await page.screenshot({ path: shot('report-online-payments.png'), fullPage: true });
    await page.getByTestId('state-failing').click();
    await poll(() => new URL(page.url()).searchParams.get('state')).toBe('failing');
    // the demo's failing 悠遊付 shop; other browser files on this server may add their own failing services (a
    // declined TapPay card counts as a failure of its last 30 days), so every row is failing, not one row only
    const demo = payRows().filter({ hasText: '悠遊付' });
    // the filtered answer shown (the table keeps the last rows while the next load runs)
    await poll(async () => (await payRows().allTextContents()).every((r) => r.includes('異常'))).toBe(true);
    await poll(() => demo.count()).toBe(1);
    expect(await demo.textContent()).toContain('失敗');
    const rows = await payRows().allTextContents();
    for (const row of rows) expect(row).toContain('異常');
    await page.reload();
    await poll(() => payRows().count()).toBe(rows.length);
    await poll(() => demo.count()).toBe(1);
  });
});

describe.skipIf(!hasChromium)('gaa watches the platform today on the dashboard', () => {
  it('shows today’s figures with the hourly and channel charts; a new order counts without a reload', async () => {
    await page.goto(url('/console/dashboard'));
    const figure = (key: string) => page.getByTestId(`dash-${key}`).locator('.ant-statistic-content-value');
    const ordersToday = async () =>
      Number(((await figure('orders').textContent()) ?? '').replaceAll(',', ''));
    await poll(() => figure('shops').textContent()).toMatch(/^\d+ \/ \d+$/);
    const [online, total] = ((await figure('shops').textContent()) ?? '').split(' / ').map(Number);
    expect(total).toBeGreaterThan(0);
    expect(online).toBeLessThanOrEqual(total!);
    await poll(() => page.getByTestId('dash-channels').locator('canvas').count()).toBe(1);
    await poll(() => page.getByTestId('dash-feed').getAttribute('data-state')).toBe('live');
    expect(await page.getByTestId('dash-feed').textContent()).toBe('即時');
    await poll(ordersToday).toBeGreaterThanOrEqual(0);
    // a marker that a reload would wipe
    await page.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });
    const before = await ordersToday();

    const menu = await (
      await page.request.get(url('/console/apis/storefront/v1/shops/2/menu?mealType=eat_in'))
    ).json();
    const product = (
      menu.classes as { products: { id: number; soldOut: boolean; optionGroups: { min: number }[] }[] }[]
    )
      .flatMap((c) => c.products)
      .find((p) => !p.soldOut && p.optionGroups.every((g) => g.min === 0));
    expect(product).toBeDefined();
    const placed = await page.request.post(url('/console/apis/storefront/v1/shops/2/orders'), {
      headers: { 'idempotency-key': `dash-${Date.now()}` },
      data: {
        mealType: 'eat_in',
        customer: { name: '儀表板', phone: '0912345678' },
        items: [{ productId: product!.id, quantity: 1, optionIds: [] }],
        paymentMethod: 'cash',
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const order = (await placed.json()).order as { id: number; status: string };
    // orders that count are accepted ones: a shop that does not accept by itself has it accepted here
    if (order.status === 'new') {
      const accepted = await page.request.post(url(`/console/apis/gaa/summary/orders/${order.id}/accept`), {
        data: {},
      });
      expect(accepted.status(), await accepted.text()).toBe(200);
    }
    // the live stream, not the 60 s fallback poll: well within 60 s, without a reload
    await expect.poll(ordersToday, { timeout: 8_000, interval: 200 }).toBeGreaterThanOrEqual(before + 1);
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    await page.screenshot({ path: shot('dashboard.png'), fullPage: true });
  });
});

// spec 002 go-live status: "Online" (已上線) is the shop list's go-live status; the dashboard's 營業中商店 (taking
// orders now) and the settings overview's 營業 are another thing, worded "open" in English.
describe.skipIf(!hasChromium)('in English, "Online" means the go-live status only', () => {
  it('the dashboard counts shops open now; the shop list keeps Online for went live', async () => {
    const language = (lang: 'en' | 'zh-TW') =>
      page.locator(`[data-testid=language-select] button[lang=${lang}]`).click();
    await page.goto(url('/console/dashboard'));
    await language('en');
    await page.getByText('Shops open now').waitFor();
    expect(await page.getByText('Shops online').count()).toBe(0);
    await page.screenshot({ path: shot('dashboard-en.png') });
    await page.goto(url('/console/report/shop-settings'));
    await poll(() => rows().count()).toBeGreaterThan(0);
    expect(await rows().first().textContent()).toMatch(/Open|Closed/);
    await page.goto(url('/console/gaa/business'));
    await page.getByText('Online', { exact: true }).first().waitFor();
    await language('zh-TW');
  });
});
