// A new operator's first hour (docs/decisions/shops.md "Go-live checklist"): gaa opens a shop
// with the wizard, lands on its info page with the go-live checklist (ticked by the server from the shop's
// data), follows the table-QR item's link, makes a code, and after a reload sees that item ticked; the
// go-live item leads to the shop list, where switching the shop online hides the checklist. Then a look at
// 390 px. The wizard's new shop is this file's own (no demo shop is touched).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, motionEnded, openedDropdown, poll, shot, signedInPage, url } from './browser';

let page: Page;
let shopId = '';
const NAME = `清單${Date.now().toString(36).slice(-5)}`;
const CHANNEL = `1658${Date.now() % 1_000_000}`;
const item = (key: string) => page.getByTestId(`go-live-${key}`);
const fill = async (id: string, value: string) => page.locator(`#${id}`).fill(value);

describe.skipIf(!hasChromium)('a new shop ends the wizard on its go-live checklist', () => {
  signedInPage(
    'gaa',
    (p) => {
      page = p;
    },
    { width: 1440, height: 900 },
  );

  it('gaa finishes the wizard and sees what is left before going live', async () => {
    await page.goto(url('/console/gaa/business/wizard'));
    await fill('account_accountName', `${NAME}帳號`);
    await fill('account_channelId', CHANNEL);
    await fill('account_channelSecret', 'e2e-channel-secret');
    await fill('account_channelAccessToken', `e2e-golive-${Date.now()}`);
    await fill('account_channelImageUrl', 'https://profile.line-scdn.net/e2e.png');
    await fill('account_channelAddFriendUrl', 'https://lin.ee/e2egolive');
    await fill('account_channelBasicId', '@e2egolive');
    await fill('account_menuLiffId', 'menu-golive');
    await fill('account_eatInLiffId', 'eatin-golive');
    await fill('account_orderLiffId', 'order-golive');
    await page.getByRole('button', { name: /下一步/ }).click();
    await poll(() => page.locator('#business_businessName').isVisible()).toBe(true);
    await fill('business_businessName', NAME);
    await fill('business_email', 'golive-e2e@test.local');
    await fill('business_phone', '0223456789');
    await fill('business_address', '台北市信義區市府路1號');
    await fill('business_bossEmail', 'boss-golive@test.local');
    await fill('business_bossPhone', '0912345678');
    await page.getByRole('button', { name: /下一步/ }).click();
    await page.locator('#siAccountId').click();
    await (await openedDropdown(page)).locator('.ant-select-item-option').first().click();
    await page.getByRole('button', { name: /完\s*成/ }).click();
    await page.waitForURL(/\/console\/gaa\/business\/\d+\/info\?siAccountId=\d+$/);
    shopId = page.url().match(/business\/(\d+)\/info/)![1]!;

    const list = page.getByTestId('go-live-checklist');
    await poll(() => list.isVisible()).toBe(true);
    await poll(() => list.getByText('上線前檢查清單').isVisible()).toBe(true);
    // the wizard's shop: no owner, no hours saved, only the example product, no QR, no printer, no
    // dining mode offered (spec 000 §9), not live
    const ticks = async () =>
      Object.fromEntries(
        await Promise.all(
          ['owner', 'hours', 'menu', 'tableQr', 'printer', 'payment', 'live'].map(
            async (k) => [k, await item(k).getAttribute('data-done')] as const,
          ),
        ),
      );
    expect(await ticks()).toEqual({
      owner: 'false',
      hours: 'false',
      menu: 'false',
      tableQr: 'false',
      printer: 'false',
      payment: 'false',
      live: 'false',
    });
    expect(await list.getByText('已完成 0 / 7').isVisible()).toBe(true);
    expect(await item('live').getByText('未上線').isVisible()).toBe(true);
    // each item leads to the page where it is done, for gaa
    const href = (k: string) => page.getByTestId(`go-live-link-${k}`).getAttribute('href');
    expect(await href('owner')).toBe('/console/eaa-accounts');
    expect(await href('hours')).toBe(`/console/gaa/settings?accountId=${shopId}&tab=time`);
    expect(await href('menu')).toBe(`/console/menu-management?shop=${shopId}`);
    expect(await href('printer')).toBe(`/console/gaa/settings?accountId=${shopId}&tab=printer`);
    expect(await href('payment')).toBe(`/console/gaa/business/${shopId}/edit`);
    expect(await href('live')).toBe(`/console/gaa/business?id=${shopId}`);
    await motionEnded(page);
    await page.screenshot({ path: shot('go-live-checklist-1440.png'), fullPage: true });
  });

  it('the table-QR link opens the shop’s QR page; a code made there ticks the item, after a reload too', async () => {
    await page.getByTestId('go-live-link-tableQr').click();
    await page.waitForURL(new RegExp(`/console/gaa/business/${shopId}/qr$`));
    await page.getByRole('radio', { name: '內用' }).check();
    await page.getByRole('textbox', { name: '桌號' }).fill('A1');
    await page.getByRole('button', { name: /產生 QR Code/ }).click();
    await poll(() => page.getByText('QR Code 已產生').isVisible()).toBe(true);
    await page.goBack();
    await page.waitForURL(/\/info\?/);
    await poll(() => item('tableQr').getAttribute('data-done')).toBe('true');
    await page.reload();
    await poll(() => item('tableQr').getAttribute('data-done')).toBe('true');
    expect(await page.getByTestId('go-live-checklist').getByText('已完成 1 / 7').isVisible()).toBe(true);
  });

  it('a look at 390 px: the items stack, nothing runs off the page', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await poll(() => item('live').isVisible()).toBe(true);
    await motionEnded(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: shot('go-live-checklist-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('the go-live link opens the list on this shop; switched to 已上線, the info page shows no checklist', async () => {
    await page.getByTestId('go-live-link-live').click();
    await page.waitForURL(new RegExp(`/console/gaa/business\\?id=${shopId}$`));
    const row = page.locator('tbody tr.ant-table-row').filter({ hasText: NAME });
    await poll(() => row.count()).toBe(1);
    await row.getByText('已上線', { exact: true }).click();
    await poll(() => page.getByText('成功', { exact: true }).first().isVisible()).toBe(true);
    await page.goto(url(`/console/gaa/business/${shopId}/info`));
    await poll(() => page.getByText(NAME).first().isVisible()).toBe(true);
    await poll(() => page.getByText(`/console/apis/line/webhook/${shopId}`).first().isVisible()).toBe(true);
    expect(await page.getByTestId('go-live-checklist').count()).toBe(0);
  });
});
