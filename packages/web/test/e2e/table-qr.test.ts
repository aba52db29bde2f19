// Table QR code screen end to end (spec 000 §2 "Table QR code screen", §5 QR, §8 QR texts, §9 error level H).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, hasChromium, launchBrowser, newContext, poll, signIn, url } from './browser';

const SHOP = 42;
// A table number no other run or test uses, so the test never meets a code it did not create.
const TABLE = `E2E${Date.now().toString(36).toUpperCase()}`;
let browser: Browser;
let page: Page;

const row = () => page.getByRole('row').filter({ hasText: TABLE });
const tableBox = () => page.getByRole('textbox', { name: '桌號' });
const expectedLink = () => `${baseUrl()}/shop/${SHOP}/menu?mealType=eat_in&table=${TABLE}&v=2`;

describe.skipIf(!hasChromium)('gaa manages the table QR codes of a shop', () => {
  beforeAll(async () => {
    browser = await launchBrowser();
    const context = await newContext(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    page = await context.newPage();
    await signIn(page, 'gaa');
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('generates an eat-in table QR and sees it in the list with its image', async () => {
    await page.goto(url(`/console/gaa/business/${SHOP}/qr`));
    await page.getByRole('radio', { name: '內用' }).check();
    await tableBox().fill(TABLE);
    await page.getByRole('button', { name: /產生 QR Code/ }).click();
    await poll(() => page.getByText('QR Code 已產生').isVisible()).toBe(true);

    await poll(() => row().count()).toBe(1);
    const image = row().getByRole('img', { name: `桌號 ${TABLE} 的 QR Code` });
    await poll(() => image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(await row().getByRole('link').textContent()).toBe(expectedLink());
    expect(await page.getByRole('tab', { name: /內用桌號/, selected: true }).isVisible()).toBe(true);
  });

  it('copies its link to the clipboard and sees 已複製連結剪貼簿！', async () => {
    await row()
      .getByRole('button', { name: /複製連結/ })
      .click();
    await poll(() => page.getByText('已複製連結剪貼簿！').isVisible()).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expectedLink());
  });

  it('is told 桌號重複 when generating the same table number again in the same mode', async () => {
    await tableBox().fill(TABLE);
    await page.getByRole('button', { name: /產生 QR Code/ }).click();
    await poll(() => page.getByText('桌號重複').isVisible()).toBe(true);
    await tableBox().fill('');
  });

  it('deletes it after confirming, and it is gone after a reload', async () => {
    await row()
      .getByRole('button', { name: /刪\s*除/ })
      .click();
    await page
      .getByRole('tooltip')
      .getByRole('button', { name: /刪\s*除/ })
      .click();
    await poll(() => page.getByText(`已刪除桌號 ${TABLE}`).isVisible()).toBe(true);
    await page.reload();
    await page.getByRole('tab', { name: /內用桌號/ }).waitFor();
    await poll(() => page.getByRole('table').first().isVisible()).toBe(true);
    expect(await row().count()).toBe(0);
  });
});
