// The store directory upload tool end to end (spec 000 §2 "Store directory upload tool", §4 已上傳 / 未上傳,
// §7 Directory and tools, §8 the delete confirmation): gaa looks a shop up by its number, converts its
// address through the maps service, uploads it to LINE SPOT (the local simulator), reloads, and removes it.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, poll, shot, signedInPage, url } from './browser';

let page: Page;
// a demo shop no other browser test touches, not uploaded by the demo data
const SHOP = 15;
const state = () => page.getByTestId('line-spot-state').textContent();

describe.skipIf(!hasChromium)('gaa uploads a shop to LINE SPOT and removes it', () => {
  signedInPage('gaa', (p) => {
    page = p;
  });

  it('opens with the demo shops already uploaded (已上傳) and finds shops by name', async () => {
    await page.goto(url('/console/other/line-spot'));
    const results = page.getByTestId('line-spot-results');
    await poll(() => results.getByTestId('state-uploaded').count()).toBeGreaterThanOrEqual(4);
    expect(await page.getByText('僅限 QC 使用').isVisible()).toBe(true);
    await page.getByRole('searchbox', { name: '商店名稱或商店號碼' }).fill(String(SHOP));
    await page.getByRole('searchbox', { name: '商店名稱或商店號碼' }).press('Enter');
    await poll(() => results.locator('tbody tr').first().textContent()).toContain(String(SHOP));
    expect(await results.locator('tbody tr').first().textContent()).toContain('未上傳');
  });

  it('looks a shop up by number: 未上傳, with the shop’s name, phone and address to edit', async () => {
    await page.getByRole('spinbutton', { name: '商店號碼' }).fill(String(SHOP));
    await page.getByRole('button', { name: /^查\s?詢$/ }).click();
    await poll(() => state()).toBe('未上傳');
    expect(page.url()).toContain(`id=${SHOP}`);
    expect(await page.getByRole('textbox', { name: '商店名稱' }).inputValue()).not.toBe('');
  });

  it('converts the address through the maps service and uploads it: 已上傳, LINE SPOT holds the converted one', async () => {
    await page.getByRole('textbox', { name: '電話' }).fill('02-2345-6789');
    await page.getByRole('textbox', { name: '地址' }).fill('台北市信義區信義路五段7號');
    await page.getByRole('button', { name: '轉換地址' }).click();
    await poll(() => page.getByTestId('converted-address').textContent()).toContain(
      '110台灣台北市信義區信義路五段7號',
    );
    expect(await page.getByRole('radio', { name: '轉換後地址' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: /^上\s?傳$/ }).click();
    await poll(() => page.getByText('已上傳至 LINE SPOT').isVisible()).toBe(true);
    await poll(() => state()).toBe('已上傳');
    const remote = page.getByTestId('line-spot-remote');
    await poll(() => remote.textContent()).toContain('110台灣台北市信義區信義路五段7號');
    expect(await remote.textContent()).toContain('25.033964, 121.564472');
    await page.screenshot({ path: shot('line-spot-uploaded.png'), fullPage: true });
  });

  it('a reload shows the same shop, still 已上傳', async () => {
    await page.reload();
    await poll(() => state()).toBe('已上傳');
    expect(await page.getByTestId('line-spot-remote').textContent()).toContain(
      '110台灣台北市信義區信義路五段7號',
    );
  });

  it('removes it after 確定要將商店號碼「15」從LINE SPOT中移除嗎？: 未上傳, also after reload', async () => {
    await page.getByRole('button', { name: '從 LINE SPOT 移除' }).click();
    const dialog = page.locator('.ant-modal-confirm');
    await poll(() => dialog.textContent()).toContain(`確定要將商店號碼「${SHOP}」從LINE SPOT中移除嗎？`);
    await page.screenshot({ path: shot('line-spot-remove-confirm.png') });
    await dialog.getByRole('button', { name: /^移\s?除$/ }).click();
    await poll(() => page.getByText('已從 LINE SPOT 移除').isVisible()).toBe(true);
    await poll(() => state()).toBe('未上傳');
    await page.reload();
    await poll(() => state()).toBe('未上傳');
    expect(await page.getByRole('button', { name: '從 LINE SPOT 移除' }).isDisabled()).toBe(true);
  });

  it('LINE SPOT refuses an address without its city: the reason is shown, still 未上傳', async () => {
    await page.getByRole('textbox', { name: '電話' }).fill('02-2345-6789');
    await page.getByRole('textbox', { name: '地址' }).fill('信義路五段7號');
    await page.getByRole('button', { name: /^上\s?傳$/ }).click();
    await poll(() =>
      page.getByText('LINE SPOT 拒絕此資料：address: must start with a city or county').isVisible(),
    ).toBe(true);
    expect(await state()).toBe('未上傳');
  });
});
