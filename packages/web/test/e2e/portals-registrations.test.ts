// (spec 000 §2 "Portals", /registrations, /si-email-template: routes only; docs/decisions/testing.md
// "Portals, applications and SI mail templates"): gaa creates an entrance and adds a shop, and the public
// page lists it; an application from the public form is approved, opened with the pre-filled wizard and
// marked opened; an SI previews its mail template with a real shop.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, newContext, openedDropdown, poll, shot, signedInPage, signIn, url } from './browser';

let page: Page;
signedInPage(
  'gaa',
  (p) => {
    page = p;
  },
  { width: 1440, height: 1000 },
);
const stamp = Date.now() % 100_000;
const KEY = `e2e-${stamp}`;
const SHOP = 3;

describe.skipIf(!hasChromium)('gaa builds an entrance portal', () => {
  it('creates a portal, adds a shop found by search, and the public page lists it with a link', {
    timeout: 180_000,
  }, async () => {
    await page.goto(url('/console/portals/new'));
    await page.getByLabel('代碼').fill(KEY);
    await page.getByLabel('名稱').fill(`測試入口 ${stamp}`);
    await page.getByLabel('說明').fill('端對端測試的入口頁');
    await page.getByRole('button', { name: /儲\s?存/ }).click();
    await page.waitForURL(new RegExp(`/console/portals/${KEY}/add-shops`));
    await page.getByTestId('candidate-search').locator('input').fill(String(SHOP));
    await page.keyboard.press('Enter');
    const row = page
      .getByTestId('candidates')
      .locator('tr.ant-table-row', { hasText: new RegExp(`^${SHOP}`) });
    await poll(() => row.count()).toBe(1);
    const shopName = (await row.locator('td').nth(2).textContent())!.trim();
    await row.locator('input[type=checkbox]').check();
    await page.screenshot({ path: shot('portals-add-shops.png') });
    await page.getByRole('button', { name: /加入選取的 1 家商店/ }).click();
    await page.waitForURL(new RegExp(`/console/portals/${KEY}/shops$`));
    await poll(() => page.getByTestId('portal-shops').textContent()).toContain(shopName);
    await page.screenshot({ path: shot('portals-shops.png') });

    const pub = await page.context().newPage();
    await pub.goto(url(`/p/${KEY}`));
    await poll(() => pub.locator('h1').textContent()).toBe(`測試入口 ${stamp}`);
    const link = pub.locator(`a[href="/shop/${SHOP}"]`);
    expect(await link.textContent()).toContain(shopName);
    await pub.screenshot({ path: shot('portals-public.png'), fullPage: true });

    // a label set on the shop's entry shows on the public page at the next visit
    await page.goto(url(`/console/portals/${KEY}/shops/${SHOP}`));
    await page.getByLabel('顯示名稱').fill('招牌小店');
    await page.getByRole('button', { name: /儲\s?存/ }).click();
    await page.waitForURL(new RegExp(`/console/portals/${KEY}/shops$`));
    await pub.reload();
    await poll(() => pub.locator(`a[href="/shop/${SHOP}"]`).textContent()).toContain('招牌小店');
    await pub.close();
    await page.goto(url('/console/portals'));
    await poll(() => page.getByTestId('portals').textContent()).toContain(`測試入口 ${stamp}`);
    await page.screenshot({ path: shot('portals-list.png') });
  });
});

describe.skipIf(!hasChromium)('a store-opening application: approved → open shop → wizard pre-filled', () => {
  const shopName = `申請小館${stamp}`.slice(0, 20);
  let id = '';
  it('an applicant sends the public form (a bad 統一編號 is refused first)', async () => {
    const pub = await (await newContext(page.context().browser()!)).newPage();
    await pub.goto(url('/console/pub/apply?si=quickclick'));
    await poll(() => pub.getByText(/經由 .* 申請/).isVisible()).toBe(true);
    await pub.getByLabel('商店名稱').fill(shopName);
    await pub.getByLabel('聯絡人').fill('陳大文');
    await pub.getByLabel('電子郵件').fill('e2e-apply@test.local');
    await pub.getByLabel('聯絡電話').fill('0912-345-678');
    await pub.getByLabel('統一編號').fill('22099132');
    await pub.getByLabel('商店地址').fill('台北市大安區復興南路一段 1 號');
    await pub.getByLabel('方案').click();
    await (await openedDropdown(pub)).locator('.ant-select-item-option').first().click();
    await pub.getByRole('button', { name: /送出申請/ }).click();
    await poll(() => pub.getByText('統一編號須為 8 位數字且檢查碼正確').isVisible()).toBe(true);
    await pub.screenshot({ path: shot('apply-error.png'), fullPage: true });
    await pub.getByLabel('統一編號').fill('22099131');
    await pub.getByRole('button', { name: /送出申請/ }).click();
    await poll(() => pub.getByText('申請已送出').isVisible()).toBe(true);
    await pub.close();
  });

  it('gaa finds it among the new ones, approves it with a note, and opens the shop', async () => {
    await page.goto(url('/console/registrations?status=new'));
    const row = page.getByTestId('registrations').locator('tr.ant-table-row', { hasText: shopName });
    await poll(() => row.count()).toBe(1);
    await page.screenshot({ path: shot('registrations-list.png') });
    await row.getByRole('link', { name: shopName }).click();
    await page.waitForURL(/\/console\/registrations\/\d+$/);
    id = page.url().match(/registrations\/(\d+)$/)![1]!;
    await page.locator('label.ant-radio-button-wrapper', { hasText: '已核准' }).click();
    await page.getByLabel('說明（寄給申請人）').fill('資料齊全，排定開店');
    await page.getByRole('button', { name: /變更並通知申請人/ }).click();
    await poll(() => page.getByTestId('registration-history').textContent()).toContain('資料齊全，排定開店');
    await page.screenshot({ path: shot('registration-approved.png'), fullPage: true });
    await page.getByRole('button', { name: /開\s?店$/ }).click();
    await page.waitForURL(new RegExp(`/console/gaa/business/wizard\\?registrationId=${id}$`));
    await poll(() => page.locator('#account_accountName').inputValue()).toBe(shopName);
    await poll(() => page.getByText(`依開店申請 #${id}`).isVisible()).toBe(true);
  });

  it('the wizard is pre-filled; Finish opens the shop and marks the application opened', async () => {
    const fill = (id: string, v: string) => page.locator(`#${id}`).fill(v);
    await fill('account_channelId', `16579${stamp}`);
    await fill('account_channelSecret', 'e2e-reg-secret');
    await fill('account_channelAccessToken', `e2e-reg-token-${stamp}`);
    await fill('account_channelImageUrl', 'https://profile.line-scdn.net/e2e.png');
    await fill('account_channelAddFriendUrl', 'https://lin.ee/e2ereg');
    await fill('account_channelBasicId', '@e2ereg');
    await fill('account_menuLiffId', 'menu-reg');
    await fill('account_eatInLiffId', 'eatin-reg');
    await fill('account_orderLiffId', 'order-reg');
    await page.getByRole('button', { name: /下一步/ }).click();
    await poll(() => page.locator('#business_businessName').inputValue()).toBe(shopName);
    expect(await page.locator('#business_invoice').inputValue()).toBe('22099131');
    expect(await page.locator('#business_bossEmail').inputValue()).toBe('e2e-apply@test.local');
    await page.screenshot({ path: shot('wizard-prefilled.png'), fullPage: true });
    await page.getByRole('button', { name: /下一步/ }).click();
    await poll(() => page.getByText('已選擇').count()).toBe(1);
    await page.getByRole('button', { name: /完\s*成/ }).click();
    await page.waitForURL(/\/console\/gaa\/business\/\d+\/info/);
    const shopId = page.url().match(/business\/(\d+)\/info/)![1]!;
    await page.goto(url(`/console/registrations/${id}`));
    await poll(() => page.getByText(`已開立商店 #${shopId}`).isVisible()).toBe(true);
    await page.screenshot({ path: shot('registration-opened.png'), fullPage: true });
  });
});

describe.skipIf(!hasChromium)('an SI previews its mail template with a real shop', () => {
  it('edits the shop-info subject and sees it filled with its shop’s name', {
    timeout: 180_000,
  }, async () => {
    // a profile of its own in the file's browser
    const context = await newContext(page.context().browser()!);
    try {
      const si = await context.newPage();
      await si.setViewportSize({ width: 1440, height: 1000 });
      await signIn(si, 'si');
      await si.goto(url('/console/si-email-template'));
      await poll(() => si.getByLabel('主旨').inputValue()).toBe('【商店資訊】{shopName}');
      await si.getByLabel('主旨').fill('【快點】{shopName} 開店資料 {period}');
      await si.getByRole('button', { name: '更新預覽' }).click();
      await poll(() => si.getByText('不支援的替代欄位：{period}').isVisible()).toBe(true);
      await si.getByLabel('主旨').fill('【快點】{shopName} 開店資料');
      await si.getByRole('button', { name: '更新預覽' }).click();
      const shop = (await si.getByTestId('preview-shop').textContent())!.replace(/^\d+ - /, '').trim();
      await poll(() => si.getByTestId('mail-preview').textContent()).toContain(`【快點】${shop} 開店資料`);
      await si.screenshot({ path: shot('si-email-template.png'), fullPage: true });
    } finally {
      await context.close();
    }
  });
});
