// One click, one request: a double-click on a create button sends one call and shows one message
// (docs/decisions/console.md "Save buttons run once at a time").
import type { Page, Request } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hasChromium, openedDialog, openedPicker, poll, signedInPage, url } from './browser';

// A shop no other browser test touches.
const SHOP = 97;
let page: Page;
let posts: string[] = [];
const onRequest = (req: Request) => {
  if (req.method() === 'POST') posts.push(new URL(req.url()).pathname);
};

const notices = (text: RegExp) =>
  page.locator('.ant-message-notice, .ant-notification-notice', { hasText: text });

signedInPage('gaa', (p) => {
  page = p;
});

beforeEach(() => {
  posts = [];
  page?.on('request', onRequest);
});
afterEach(() => {
  page?.off('request', onRequest);
});

describe.skipIf(!hasChromium)('a double-click on the Time tab adds once', () => {
  it('adds one order limit and says 新增成功 alone', async () => {
    await page.goto(url(`/console/gaa/settings?accountId=${SHOP}`));
    await page.getByTestId('tab-time').click();
    const limits = page.getByRole('region', { name: '流量控制（訂單上限）' });
    await limits.getByRole('button', { name: /新增流量控制/ }).click();
    await limits.locator('button', { hasText: /^新\s*增$/ }).dblclick();
    await poll(() => notices(/新增成功/).count()).toBe(1);
    // the second call, had it been sent, would have answered by now
    await page.waitForTimeout(1500);
    expect(posts.filter((p) => p.endsWith(`/accounts/${SHOP}/order-limit`))).toHaveLength(1);
    expect(await notices(/新增失敗|已有相同餐別/).count()).toBe(0);
    expect(await notices(/新增成功/).count()).toBe(1);
  });

  it('adds one day off and says 公休日已新增 alone', async () => {
    const daysOff = page.getByRole('region', { name: '公休日' });
    await daysOff.getByLabel('選擇日期').click();
    await openedPicker(page);
    await page.keyboard.type('2099-12-25');
    await page.keyboard.press('Enter');
    await daysOff.getByRole('button', { name: /新\s*增/ }).dblclick();
    await poll(() => notices(/公休日已新增/).count()).toBe(1);
    await page.waitForTimeout(1500);
    expect(posts.filter((p) => p.endsWith(`/shops/${SHOP}/opening-special`))).toHaveLength(1);
    expect(await notices(/此日期已是公休日/).count()).toBe(0);
  });
});

describe.skipIf(!hasChromium)("a double-click on the order-limit page's dialog saves once", () => {
  it('adds one order limit (spec 002 §9 defaults) and says 新增成功 alone', async () => {
    await page.goto(url(`/console/gaa/business/${SHOP}/order-limits`));
    await page.getByRole('button', { name: /新增流量控制/ }).click();
    const dialog = await openedDialog(page.getByRole('dialog'));
    await dialog.getByRole('button', { name: /儲\s*存/ }).dblclick();
    await poll(() => notices(/新增成功/).count()).toBe(1);
    await page.waitForTimeout(1500);
    expect(posts.filter((p) => p.endsWith(`/accounts/${SHOP}/order-limit`))).toHaveLength(1);
    expect(await notices(/已有相同餐別/).count()).toBe(0);
    expect(await page.getByText(/已有相同餐別/).count()).toBe(0);
  });
});
