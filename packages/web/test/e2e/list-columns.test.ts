// Columns per width (docs/decisions/testing.md "columns per width"): at 1440 px the sales query's
// total, voucher code and customer phone and the gaa list's tax id are in view without scrolling sideways;
// at 768 px the gaa list shows id, name, status, tax id and actions, all in view.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, poll, signedInPage, url } from './browser';

let page: Page;
signedInPage('gaa', (p) => {
  page = p;
});

/** The header cells' texts and right edges, once the table has rows. */
const headers = async () => {
  await poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBeGreaterThan(0);
  const cells = await page.locator('.ant-table-thead th').all();
  const out: { text: string; left: number; right: number }[] = [];
  for (const cell of cells) {
    const text = ((await cell.textContent()) ?? '').trim();
    const box = await cell.boundingBox();
    if (text && box) out.push({ text, left: box.x, right: box.x + box.width });
  }
  return out;
};

/** Nothing of the table is hidden to the right: neither the page nor the table scrolls sideways. */
const noSidewaysScroll = () =>
  page.evaluate(() => {
    const content = document.querySelector('.ant-table-content');
    return (
      document.documentElement.scrollWidth <= window.innerWidth &&
      (!content || content.scrollWidth <= content.clientWidth)
    );
  });

const inView = async (wanted: string[]) => {
  const width = page.viewportSize()!.width;
  const shown = await headers();
  for (const text of wanted) {
    const h = shown.find((x) => x.text === text);
    expect(h, `${text} is a column`).toBeDefined();
    expect(h!.left, `${text} starts in view`).toBeGreaterThanOrEqual(0);
    expect(h!.right, `${text} ends in view`).toBeLessThanOrEqual(width);
  }
  expect(await noSidewaysScroll()).toBe(true);
  return shown.map((h) => h.text);
};

describe.skipIf(!hasChromium)('what a list shows at 1440 and 768 px', () => {
  it('at 1440 px the sales query shows 總計, 優惠碼 and 顧客電話 without sideways scrolling', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(url('/console/sales/query'));
    await inView(['日期時間', '商店', '狀態', '總計', '優惠碼', '顧客電話']);
  });

  it('at 1440 px the gaa shop list shows 統一編號 and the actions without sideways scrolling', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(url('/console/gaa/business'));
    await inView(['商店ID', '商店名稱', '狀態', 'SI', 'EAA', '統一編號', '操作']);
  });

  it('at 768 px the gaa shop list shows id, name, status, tax id and actions, all in view', async () => {
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.goto(url('/console/gaa/business'));
    const shown = await inView(['商店ID', '商店名稱', '狀態', '統一編號', '操作']);
    expect(shown).toEqual(['商店ID', '商店名稱', '狀態', '統一編號', '操作']);
    // the SI and the owner are not lost: they are a second line under the name
    await poll(() => page.getByTestId('shop-people').count()).toBeGreaterThan(0);
  });

  it('at 768 px the sales query shows date, shop, status, total and phone, all in view', async () => {
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.goto(url('/console/sales/query'));
    const shown = await inView(['日期時間', '商店', '狀態', '總計', '顧客電話']);
    expect(shown).toEqual(['日期時間', '商店', '狀態', '總計', '顧客電話']);
  });
});
