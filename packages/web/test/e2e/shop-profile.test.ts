// Shop edit and shop info end to end (spec 000 §2 "Shop info screen" / "Shop edit screen", §4 payment linkage
// and binding code, §5 "Shop edit", §8 修改成功).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, hasChromium, openedDialog, poll, signedInPage, url } from './browser';

// Demo shop 89 (deterministic seed): catering, mobile payment on, eat-in, to-go and delivery on.
const SHOP = 89;
let page: Page;

const field = (role: 'switch' | 'spinbutton', name: string) => page.getByRole(role, { name, exact: true });
const checked = (name: string) => field('switch', name).getAttribute('aria-checked');
const PAY = ['內用線上付款', '外帶線上付款', '外送線上付款'];

signedInPage('gaa', (p) => {
  page = p;
});

describe.skipIf(!hasChromium)('gaa edits a shop and sees the saved value after reload', () => {
  it('turns mobile payment off and sees the three online-pay switches cleared (payment linkage)', async () => {
    await page.goto(url(`/console/gaa/business/${SHOP}/edit`));
    await field('switch', '線上支付').waitFor();
    if ((await checked('線上支付')) === 'false') {
      await field('switch', '線上支付').click(); // on sets all three (spec 000 §4)
      for (const pay of PAY) await poll(() => checked(pay)).toBe('true');
    }
    await field('switch', '線上支付').click();
    for (const pay of PAY) await poll(() => checked(pay)).toBe('false');
  });

  it('turning an online pay on without mobile payment is refused with 尚未啟用線上支付', async () => {
    await field('switch', '外帶線上付款').click();
    await poll(() => page.getByText('尚未啟用線上支付').first().isVisible()).toBe(true);
    expect(await checked('外帶線上付款')).toBe('false');
  });

  it('enters an invalid interval and sees 時間選項間隔(分鐘)請輸入大於0的數字, then fixes it', async () => {
    const interval = field('spinbutton', '時間選項間隔(分鐘)');
    await interval.fill('0');
    await poll(() => page.getByText('時間選項間隔(分鐘)請輸入大於0的數字').isVisible()).toBe(true);
    await interval.fill('20');
    await poll(() => page.getByText('時間選項間隔(分鐘)請輸入大於0的數字').count()).toBe(0);
  });

  // docs/decisions/console.md "leaving unsaved work": the edit form asks as the settings page does
  it('asks before leaving with unsaved edits (尚有未儲存的修改); Stay keeps the page and its edits', async () => {
    await page.getByRole('menuitem', { name: '商店列表' }).first().click();
    const dialog = page.getByRole('dialog').filter({ hasText: '尚有未儲存的修改' });
    await openedDialog(dialog);
    await dialog.getByRole('button', { name: '留在此頁' }).click();
    await poll(() => dialog.count()).toBe(0);
    expect(page.url()).toContain(`/business/${SHOP}/edit`);
    expect(await field('spinbutton', '時間選項間隔(分鐘)').inputValue()).toBe('20');
  });

  it('saves after the zero-threshold confirmation and sees 修改成功', async () => {
    await page.getByRole('button', { name: /確認修改/ }).click();
    // Delivery is on with a quantity threshold of 0 (spec 000 §5): confirm first.
    const dialog = page.getByRole('dialog').filter({ hasText: '外送金額或數量門檻設定為0，確定要儲存嗎?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: /儲\s*存/ }).click();
    await poll(() => page.getByText('修改成功').isVisible()).toBe(true);
  });

  it('reloads and sees the saved values', async () => {
    await page.reload();
    const interval = field('spinbutton', '時間選項間隔(分鐘)');
    await interval.waitFor();
    expect(await interval.inputValue()).toBe('20');
    expect(await checked('線上支付')).toBe('false');
    for (const pay of PAY) expect(await checked(pay)).toBe('false');
  });

  it('with nothing left unsaved, leaving asks nothing', async () => {
    await page.getByRole('menuitem', { name: '商店列表' }).first().click();
    await poll(() => page.url()).not.toContain('/edit');
    expect(await page.getByRole('dialog').filter({ hasText: '尚有未儲存的修改' }).count()).toBe(0);
  });
});

describe.skipIf(!hasChromium)('the shop info page shows the binding code and renews it', () => {
  it('shows the binding code with its expiry and the shop URLs', async () => {
    await page.goto(url(`/console/gaa/business/${SHOP}/info`));
    const code = page.getByTestId('binding-code');
    await code.waitFor();
    expect(await code.textContent()).toMatch(/^\d{6}$/);
    expect(await page.getByTestId('binding-code-expiry').textContent()).toMatch(
      /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/,
    );
    expect(await page.getByTestId('menuUrl').textContent()).toBe(`${baseUrl()}/shop/${SHOP}/menu`);
    await poll(() => page.getByRole('img', { name: '管理者 QR Code' }).getAttribute('src')).toMatch(
      /^data:image\/png/,
    );
  });

  it('"update binding code" replaces the code and its expiry', async () => {
    const code = page.getByTestId('binding-code');
    const before = await code.textContent();
    const expiry = await page.getByTestId('binding-code-expiry').textContent();
    await page.getByRole('button', { name: /更新綁定碼/ }).click();
    await page
      .getByRole('tooltip')
      .getByRole('button', { name: /更新綁定碼/ })
      .click();
    await poll(() => page.getByText('綁定碼已更新').isVisible()).toBe(true);
    const after = await code.textContent();
    expect(after).toMatch(/^\d{6}$/);
    expect(after).not.toBe(before);
    expect(await page.getByTestId('binding-code-expiry').textContent()).not.toBe(expiry);
    await page.reload();
    await code.waitFor();
    expect(await code.textContent()).toBe(after);
  });
});
