// The console's default dates are Taipei dates whatever the browser's time zone (spec 000 §5, spec 002 §1):
// a browser in UTC and one in Los Angeles, their clocks fixed at 17:30 UTC (01:30 the next day in Taipei),
// open the statistics, sales query and order pages and find the Taipei date as "today" in the date pickers.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser, poll, signIn, url } from './browser';

// read only: the dialogs are opened and closed without saving
const SHOP = 1;
let browser: Browser;
beforeAll(async () => {
  if (hasChromium) browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Yesterday (UTC) at 17:30 UTC: already past for the server, and a moment where Taipei (UTC+8) is one day
 * ahead of UTC and of Los Angeles. Computed here, not by the code under test.
 */
const moment = () => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() - 1);
  d.setUTCHours(17, 30, 0, 0);
  return d;
};
const ymd = (d: Date) => d.toISOString().slice(0, 10);
const taipeiDate = (d: Date) => ymd(new Date(d.getTime() + 8 * 3_600_000));
const daysBefore = (date: string, n: number) =>
  ymd(new Date(Date.parse(`${date}T00:00:00Z`) - n * 86_400_000));

/** The two inputs (start, end) of the range picker inside `scope`. */
const rangeOf = (page: Page, scope: string) =>
  Promise.all([0, 1].map((i) => page.locator(`${scope} .ant-picker-range input`).nth(i).inputValue()));

describe.skipIf(!hasChromium)('default dates are Taipei dates in any browser time zone', () => {
  for (const timezoneId of ['UTC', 'America/Los_Angeles']) {
    it(`a browser in ${timezoneId} sees the Taipei date as today in the report pickers`, async () => {
      const at = moment();
      const taipei = taipeiDate(at);
      // the browser's own calendar date is the day before: a page that used it would show that one
      const local = new Date(at).toLocaleDateString('sv-SE', { timeZone: timezoneId });
      expect(local).not.toBe(taipei);

      const context = await browser.newContext({
        locale: 'zh-TW',
        timezoneId,
        viewport: { width: 1440, height: 900 },
      });
      await context.clock.setFixedTime(at);
      const page = await context.newPage();
      // the browser runs in that zone at that moment
      expect(await page.evaluate(() => new Date().toLocaleDateString('sv-SE'))).toBe(local);
      await signIn(page, 'gaa');

      // /summary/stat (the home page): the last 7 Taipei days
      await page.goto(url('/console/summary/stat'));
      await poll(() => rangeOf(page, 'main')).toEqual([daysBefore(taipei, 6), taipei]);

      // /sales/query: the last 7 Taipei days, and the picker lets today (Taipei) be chosen
      await page.goto(url('/console/sales/query'));
      await poll(() => rangeOf(page, '[data-testid=sales-range]')).toEqual([daysBefore(taipei, 6), taipei]);

      // /summary/orders: today, in Taipei
      await page.goto(url('/console/summary/orders'));
      await poll(() => rangeOf(page, 'main')).toEqual([taipei, taipei]);

      // the new-contract dialog: from today (Taipei) to one year ahead (spec 002 §9); nothing is saved
      await page.goto(url(`/console/gaa/business/${SHOP}/contract?businessId=${SHOP}`));
      await page.getByTestId('contract-create').click();
      await poll(async () => (await rangeOf(page, '[data-testid=contract-form]'))[0]).toBe(taipei);
      await page.keyboard.press('Escape');

      // the advanced promotion dialog: today (Taipei) to 7 days later; nothing is saved
      await page.goto(url(`/console/gaa/business/${SHOP}/promotion`));
      await poll(() => page.getByTestId('promotion-create').count()).toBe(1);
      await page.getByTestId('promotion-create').hover();
      await page.getByRole('menuitem', { name: '進階設定' }).click();
      await poll(() => rangeOf(page, '[data-testid=config-promotion-form]')).toEqual([
        taipei,
        daysBefore(taipei, -7),
      ]);
      await context.close();
    });
  }
});
