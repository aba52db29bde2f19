// The shop lists end to end (spec 002 §2 screens 1 and 3, §4, §8; spec 000 §4): gaa filters and pages the
// list; eaa switches online ordering.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser, newContext, openedDropdown, poll, signIn, url } from './browser';

let browser: Browser;

const signedIn = async (type: 'gaa' | 'eaa'): Promise<Page> => {
  const page = await (await newContext(browser)).newPage();
  await signIn(page, type);
  return page;
};

const rows = (page: Page) => page.locator('tbody tr.ant-table-row');
/** The "共 N 筆" line of the pager. */
const totalOf = async (page: Page) => {
  const text = await page.getByText(/^共 \d+ 筆$/).textContent();
  return Number(text?.match(/\d+/)?.[0]);
};
const firstColumn = (page: Page) => rows(page).locator('td:first-child').allTextContents();

describe.skipIf(!hasChromium)('shop lists', () => {
  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  describe('gaa filters the shop list by tag and by SI and pages through it', () => {
    let page: Page;
    let all = 0;

    beforeAll(async () => {
      page = await signedIn('gaa');
      await page.goto(url('/console/gaa/business'));
      await rows(page).nth(14).waitFor();
    });

    it('opens with 15 shops, newest first, and the total', async () => {
      expect(await rows(page).count()).toBe(15); // spec 002 §9: 15 per page by default
      all = await totalOf(page);
      expect(all).toBeGreaterThan(30);
      const ids = (await firstColumn(page)).map(Number);
      expect(ids).toEqual([...ids].sort((a, b) => b - a)); // spec 002 §2: account id descending
    });

    it('filters by a tag picked from the suggestions: every row carries it, the total shrinks', async () => {
      await page.getByLabel('商店標籤').fill('夜');
      await (await openedDropdown(page)).locator('.ant-select-item-option', { hasText: '夜市' }).click();
      await page.getByRole('button', { name: /搜\s*尋/ }).click();
      await poll(() => new URL(page.url()).searchParams.get('tags')).toBe('夜市');
      await poll(() => totalOf(page)).toBeLessThan(all);
      expect(await totalOf(page)).toBeGreaterThan(0);
      const count = await rows(page).count();
      for (let i = 0; i < count; i++)
        expect(await rows(page).nth(i).locator('.ant-tag').allTextContents()).toContain('夜市');
    });

    it('filters by SI name: every row shows that SI, and reset brings the whole list back', async () => {
      await page.getByRole('button', { name: /重\s*設/ }).click();
      await poll(() => totalOf(page)).toBe(all);
      await page.getByLabel('SI名稱').fill('LifePlus');
      await page.getByRole('button', { name: /搜\s*尋/ }).click();
      await poll(() => new URL(page.url()).searchParams.get('si')).toBe('LifePlus');
      await poll(() => totalOf(page)).toBeLessThan(all);
      expect(await totalOf(page)).toBeGreaterThan(15);
      const shown = await rows(page)
        .locator('.ant-select-content, .ant-select-selection-item')
        .allTextContents();
      expect(shown.length).toBeGreaterThan(0);
      for (const si of shown) expect(si).toBe('生活+ LifePlus');
    });

    it('pages through: page 2 shows other shops under the same total, and survives a reload', async () => {
      const total = await totalOf(page);
      const page1 = await firstColumn(page);
      await page.locator('.ant-pagination-item-2').click();
      await poll(() => new URL(page.url()).searchParams.get('page')).toBe('2');
      await poll(async () => (await firstColumn(page))[0]).not.toBe(page1[0]);
      const page2 = await firstColumn(page);
      expect(page2).toHaveLength(15);
      expect(page2.filter((id) => page1.includes(id))).toEqual([]);
      expect(await totalOf(page)).toBe(total);
      await page.reload();
      await poll(() => firstColumn(page)).toEqual(page2);
      expect(await page.locator('.ant-pagination-item-active').textContent()).toBe('2');
    });
  });

  describe('eaa toggles online ordering', () => {
    it('switches the first shop, sees 線上接單狀態已更改, and the value survives a reload', async () => {
      const page = await signedIn('eaa');
      await page.goto(url('/console/eaa/business/shop-management'));
      const toggle = page.getByRole('switch').first();
      await poll(() => toggle.count()).toBe(1);
      const before = (await toggle.getAttribute('aria-checked')) === 'true';
      await toggle.click();
      await poll(() => page.getByText('線上接單狀態已更改').isVisible()).toBe(true);
      await poll(() => toggle.getAttribute('aria-checked')).toBe(String(!before));
      await page.reload();
      await poll(() => page.getByRole('switch').first().getAttribute('aria-checked')).toBe(String(!before));
      // Put it back, so a second run starts from the same state.
      await page.getByRole('switch').first().click();
      await poll(() => page.getByRole('switch').first().getAttribute('aria-checked')).toBe(String(before));
    });
  });
});
