// Menu management end to end (spec 000 §2 /menu-management): a store owner builds a class, a
// product with an option group, marks the product sold out, and still sees it sold out after a reload.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, openedDialog, poll, signedInPage, url } from './browser';

// One of the demo eaa's own shops (it owns the first six) that no other browser test touches.
const SHOP = 6;
const PRODUCT = '芒果綠茶';
let page: Page;

const toast = (text: string) => page.locator('.ant-message-notice', { hasText: text });
const save = /儲\s*存/;
const productRow = () => page.locator('tbody tr.ant-table-row', { hasText: PRODUCT });
// the settings page's leave question (console.md "leaving unsaved work")
const leaveAsk = () => page.locator('.ant-modal-confirm', { hasText: '尚有未儲存的修改' });
const soldOutSwitch = () => page.getByRole('switch', { name: `售完 ${PRODUCT}` });

signedInPage('eaa', (p) => {
  page = p;
});

describe.skipIf(!hasChromium)('eaa edits a menu on /menu-management', () => {
  it('adds a class with its code and names, and sees it selected', async () => {
    await page.goto(url(`/console/menu-management?shop=${SHOP}`));
    await page.getByRole('button', { name: /新增分類/ }).click();
    const dialog = page.getByRole('dialog', { name: '新增分類' });
    await dialog.getByLabel('中文名稱').fill('季節限定');
    await dialog.getByLabel('英文名稱').fill('Seasonal');
    await dialog.getByLabel('分類編號').fill('SEASON');
    await dialog.getByRole('button', { name: save }).click();
    await poll(() => toast('已儲存').isVisible()).toBe(true);
    const item = page.getByRole('option', { name: /季節限定/ });
    await poll(() => item.getAttribute('aria-selected')).toBe('true');
    expect(await item.textContent()).toContain('SEASON');
    await poll(() => page.getByText('商品：季節限定').isVisible()).toBe(true);
  });

  // a price is refused with a message, never changed behind the person's back (−5 → 0, 65.5 → 66)
  it('refuses a negative or fractional price with a message and keeps what was typed', async () => {
    await page.getByRole('button', { name: /新增商品/ }).click();
    const drawer = page.getByRole('dialog', { name: '新增商品' });
    await drawer.getByLabel('中文名稱').fill('負價測試');
    const price = drawer.getByLabel('價格（NT$）');
    for (const typed of ['-5', '65.5']) {
      await price.fill(typed);
      await price.blur();
      expect(await price.inputValue()).toBe(typed);
      await drawer.getByRole('button', { name: save }).click();
      await poll(() => drawer.getByText('價格須為 0 以上的整數').isVisible()).toBe(true);
    }
    expect(await page.getByRole('dialog', { name: '編輯商品' }).count()).toBe(0);
    // unsaved: 取消 asks first (console.md "leaving unsaved work"), and 離開 drops the draft
    await drawer.getByRole('button', { name: /取\s*消/ }).click();
    const leave = await openedDialog(leaveAsk());
    await leave.getByRole('button', { name: /離\s*開/ }).click();
    await poll(() => drawer.count()).toBe(0);
    expect(await page.locator('tbody tr.ant-table-row', { hasText: '負價測試' }).count()).toBe(0);
  });

  it('adds a product, then an option group with an option in its drawer', async () => {
    await page.getByRole('button', { name: /新增商品/ }).click();
    const drawer = page.getByRole('dialog', { name: '新增商品' });
    await drawer.getByLabel('中文名稱').fill(PRODUCT);
    await drawer.getByLabel('英文名稱').fill('Mango green tea');
    await drawer.getByLabel('價格（NT$）').fill('65');
    await drawer.getByRole('button', { name: save }).click();
    // Saved: the drawer stays open on the new product, whose option groups can now be added.
    const editing = page.getByRole('dialog', { name: '編輯商品' });
    await poll(() => editing.getByRole('button', { name: /新增選項群組/ }).isVisible()).toBe(true);
    // the drawer shows the saved product, not a blank one with category "0"
    expect(await editing.getByLabel('中文名稱').inputValue()).toBe(PRODUCT);
    expect(await editing.getByLabel('價格（NT$）').inputValue()).toBe('65');
    const classItem = editing.locator('.ant-form-item', { hasText: '分類' }).first();
    expect(await classItem.textContent()).toContain('季節限定');

    await editing.getByRole('button', { name: /新增選項群組/ }).click();
    const groupDialog = page.getByRole('dialog', { name: '新增選項群組' });
    await groupDialog.getByLabel('中文名稱').fill('甜度');
    await groupDialog.getByLabel('英文名稱').fill('Sweetness');
    await groupDialog.getByRole('button', { name: save }).click();
    await poll(() => editing.getByText('必選').isVisible()).toBe(true);

    await editing.getByRole('button', { name: /新增選項$/ }).click();
    const optionDialog = page.getByRole('dialog', { name: '新增選項' });
    await optionDialog.getByLabel('中文名稱').fill('半糖');
    await optionDialog.getByRole('button', { name: save }).click();
    await poll(() => editing.getByText('半糖').isVisible()).toBe(true);
    await editing.getByRole('button', { name: /取\s*消/ }).click();

    await poll(() => productRow().count()).toBe(1);
    const row = await productRow().textContent();
    expect(row).toContain('NT$65');
    expect(row).toContain('甜度');
  });

  it('marks the product sold out and still sees it sold out after a reload', async () => {
    expect(await soldOutSwitch().getAttribute('aria-checked')).toBe('false');
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && r.url().includes('/menu/products/'),
    );
    await soldOutSwitch().click();
    expect((await saved).status()).toBe(200);
    await poll(() => soldOutSwitch().getAttribute('aria-checked')).toBe('true');

    await page.reload();
    await poll(() => soldOutSwitch().getAttribute('aria-checked')).toBe('true');
    expect(await productRow().textContent()).toContain('售完');
    // The class stays open after the reload: it is in the URL.
    expect(page.url()).toMatch(new RegExp(`shop=${SHOP}&class=\\d+`));
  });

  it('asks before the product drawer drops an unsaved price; 留在此頁 keeps it, 離開 drops it', async () => {
    await productRow().getByRole('button', { name: '編輯' }).click();
    const drawer = await openedDialog(page.getByRole('dialog', { name: '編輯商品' }));
    const price = drawer.getByLabel('價格（NT$）');
    await poll(() => price.inputValue()).toBe('65');
    await price.fill('95');
    // a click outside the drawer (on its mask)
    await page.mouse.click(100, 450);
    const ask = await openedDialog(leaveAsk());
    expect(await ask.textContent()).toContain('確定要離開嗎？');
    await ask.getByRole('button', { name: /留在此頁/ }).click();
    await poll(() => ask.count()).toBe(0);
    expect(await drawer.isVisible()).toBe(true);
    expect(await price.inputValue()).toBe('95');
    // changed back: nothing is pending, and 取消 closes at once
    await price.fill('65');
    await drawer.getByRole('button', { name: /取\s*消/ }).click();
    await poll(() => drawer.count()).toBe(0);
    expect(await leaveAsk().count()).toBe(0);
    // edited again, 取消, 離開: the drawer closes and the stored price is untouched
    await productRow().getByRole('button', { name: '編輯' }).click();
    const again = await openedDialog(page.getByRole('dialog', { name: '編輯商品' }));
    await poll(() => again.getByLabel('價格（NT$）').inputValue()).toBe('65');
    await again.getByLabel('價格（NT$）').fill('95');
    await again.getByRole('button', { name: /取\s*消/ }).click();
    const leave = await openedDialog(leaveAsk());
    await leave.getByRole('button', { name: /離\s*開/ }).click();
    await poll(() => again.count()).toBe(0);
    expect(await productRow().textContent()).toContain('NT$65');
  });

  it('asks before a menu dialog (the class dialog) drops an unsaved name', async () => {
    await page.getByRole('button', { name: /新增分類/ }).click();
    const dialog = await openedDialog(page.getByRole('dialog', { name: '新增分類' }));
    await dialog.getByLabel('中文名稱').fill('未儲存的分類');
    await page.keyboard.press('Escape');
    const leave = await openedDialog(leaveAsk());
    await leave.getByRole('button', { name: /留在此頁/ }).click();
    await poll(() => leave.count()).toBe(0);
    expect(await dialog.getByLabel('中文名稱').inputValue()).toBe('未儲存的分類');
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    const again = await openedDialog(leaveAsk());
    await again.getByRole('button', { name: /離\s*開/ }).click();
    await poll(() => dialog.count()).toBe(0);
    expect(await page.getByRole('option', { name: /未儲存的分類/ }).count()).toBe(0);
  });
});
