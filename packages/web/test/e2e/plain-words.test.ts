// What people read instead of codes, and the spec's texts where the product had its own (spec 000 §6, §9;
// spec 001 §8; spec 002 §2): the 360 report says what to choose, one name for the shop-parameters page, the
// settings page's advanced load failures, the Time tab's order-limit add failure, the si shop edit page's
// slot summary, legacy time setting and editor size picker in words, and the eaa "edit" permission notice.
import type { Browser, Locator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser, motionEnded, newContext, poll, shot, signIn, url } from './browser';

// Read only, or every write answered by the test itself (page.route): no shop's data changes.
const SHOP = 5;
let browser: Browser;
beforeAll(async () => {
  if (hasChromium) browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const pageAs = async (type: 'gaa' | 'si' | 'eaa') => {
  const page = await (await newContext(browser)).newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, type);
  return page;
};
/** Answers the call with an API error body, as the server does (plugins/app/errors.ts). */
const refuse = (status: number) => (route: Route) =>
  route.fulfill({
    status,
    contentType: 'application/json',
    body: JSON.stringify({
      error: { code: 'test', message: '測試造成的錯誤', messageEn: 'made by the test' },
    }),
  });
/** Screenshots at 1440 and 390 px; `scrollTo` brings the part to look at into view (a long page). */
const screenshots = async (page: Page, name: string, scrollTo?: Locator) => {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await scrollTo?.scrollIntoViewIfNeeded();
    await motionEnded(page);
    await page.screenshot({ path: shot(`${name}-${width}.png`), fullPage: !scrollTo });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
};

describe.skipIf(!hasChromium)('gaa reads words, not codes', () => {
  let page: Page;
  beforeAll(async () => {
    if (hasChromium) page = await pageAs('gaa');
  });

  it('the 360 report without a shop says to choose one (an empty state, not a blank card)', async () => {
    await page.goto(url('/console/report/360-stats'));
    const empty = page.getByTestId('stats360-empty');
    await poll(() => empty.isVisible()).toBe(true);
    expect(await empty.locator('.ant-empty-description').textContent()).toBe(
      '請先在上方選擇一間商店，即可看到它的訂單、顧客與時段分析',
    );
    await screenshots(page, 'stats360-empty');
  });

  it('the sidebar calls /gaa/settings 商店參數, the name the shop lists use for it', async () => {
    const link = page.locator('[data-testid=sidebar-menu] a[href="/console/gaa/settings"]');
    await poll(() => link.count()).toBe(1);
    expect(await link.textContent()).toContain('商店參數');
    expect(await page.getByTestId('sidebar-menu').textContent()).not.toContain('系統設定');
  });

  it('the settings page says which load failed (spec 001 §8 "Load failure (advanced)")', async () => {
    await page.route('**/console/apis/console/*/large-order', refuse(404));
    await page.goto(url(`/console/gaa/settings?accountId=${SHOP}`));
    const alert = page.getByTestId('settings-load-failed');
    await poll(() => alert.textContent()).toBe(`商店：${SHOP} ，無法取得資料！讀取此帳號的資料時發生錯誤`);
    await page.unroute('**/console/apis/console/*/large-order');

    await page.route('**/console/apis/console/*/info', refuse(404));
    await page.goto(url(`/console/gaa/settings?accountId=${SHOP}`));
    await poll(() => alert.textContent()).toBe(`商店：${SHOP} ，無法取得資料！無法取得此帳號的資訊`);
    await page.unroute('**/console/apis/console/*/info');
  });

  it("the Time tab's failed order-limit add says 新增失敗，請重試 with the reason (spec 001 §8)", async () => {
    await page.goto(url(`/console/gaa/settings?accountId=${SHOP}`));
    await page.getByTestId('tab-time').click();
    let posted = 0;
    await page.route('**/console/apis/gaa/accounts/*/order-limit', (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      posted += 1;
      return refuse(503)(route);
    });
    await page.getByRole('button', { name: /新增流量控制/ }).click();
    await page.getByRole('button', { name: /^新\s?增$/ }).click();
    const card = page.locator('.ant-notification-notice', { hasText: '新增失敗，請重試' });
    await poll(() => card.isVisible()).toBe(true);
    expect(await card.textContent()).toContain('測試造成的錯誤');
    expect(posted).toBe(1);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });
});

describe.skipIf(!hasChromium)('si reads words, not codes', () => {
  let page: Page;
  beforeAll(async () => {
    if (hasChromium) page = await pageAs('si');
  });

  it("si's first shop button carries the name of the page it opens (商店資訊)", async () => {
    await page.goto(url('/console/si/business'));
    const first = page.locator('.ant-table-tbody tr.ant-table-row').first();
    await poll(() => first.isVisible()).toBe(true);
    await first
      .getByRole('link', { name: '商店資訊' })
      .or(first.getByRole('button', { name: '商店資訊' }))
      .click();
    await page.waitForURL(/\/console\/si\/business\/\d+\/info/);
    await poll(() => page.locator('h1,h2,h3,h4,h5,.ant-card-head-title').first().isVisible()).toBe(true);
  });

  it('the shop edit page tells the bookable options, the legacy time setting and the size picker in words', async () => {
    const id = /\/si\/business\/(\d+)\/info/.exec(page.url())?.[1];
    expect(id).toBeTruthy();
    await page.goto(url(`/console/si/business/${id}/edit`));
    const summary = page.getByTestId('slot-summary');
    await poll(() => summary.isVisible()).toBe(true);
    // spec 000 §9 cap 3367, in a sentence: "可預約時段共 N 個（每日 S 個 × D 天），最多可設 3,367 個"
    expect(await summary.textContent()).toMatch(
      /^可預約時段共 [\d,]+ 個（每日 [\d,]+ 個 × [\d,]+ 天），(最多可設 3,367 個|超過最多 3,367 個：.+)$|^可預訂天數為 0：/,
    );
    const legacy = page.getByTestId('time-setting');
    expect(await legacy.textContent()).toMatch(
      /^每天 \d\d:00 至 \d\d:00，每 \d+ 小時一格（舊版設定，僅供參考）$/,
    );
    expect(await page.locator('body').textContent()).not.toContain('0-24,1');
    // the announcement editor's size picker reads 一般, not Quill's English "Normal"
    const sizeLabel = page.locator('.ql-picker.ql-size .ql-picker-label');
    await poll(() => sizeLabel.evaluate((el) => getComputedStyle(el, '::before').content)).toBe('"一般"');
    await page.locator('.ql-picker.ql-size .ql-picker-label').click();
    const words = await page
      .locator('.ql-picker.ql-size .ql-picker-item')
      .evaluateAll((items) => items.map((el) => getComputedStyle(el, '::before').content));
    expect(words).toEqual(['"小字"', '"一般"', '"大字"', '"特大"']);
    await page.locator('.ql-picker.ql-size .ql-picker-item').nth(2).click();
    await poll(() => sizeLabel.evaluate((el) => getComputedStyle(el, '::before').content)).toBe('"大字"');
    await screenshots(page, 'si-shop-edit', summary);
  });
});

describe.skipIf(!hasChromium)("eaa reads the spec's permission notice", () => {
  it('an eaa on a page it may not open reads "您沒有權限編輯此頁面。" (spec 000 §6)', async () => {
    const page = await pageAs('eaa');
    await page.goto(url('/console/gaa/business'));
    await poll(() => page.getByText('您沒有權限編輯此頁面。').isVisible()).toBe(true);
    await page.close();
  });
});
