// Admin tools end to end (spec 002 §2 screen 12, §4, §5, §8): the printer template editor (已更新
// after a save, cleared on a further edit, the template survives a reload) and the tag-manager setter's
// messages; the storefront of a shop with a GTM id loads its container without breaking the page.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser, newContext, poll, signIn, url } from './browser';

const SHOTS = '/tmp/shopdesk-shots';
// a demo shop the other browser tests only read (storefront 4, menus 6, orders 5, promotions 2 …)
const SHOP = 9;
const GTM = `GTM-E2E${Date.now().toString(36).toUpperCase().slice(-5)}`;
let browser: Browser;
let page: Page;

describe.skipIf(!hasChromium)('admin tools (/other/developer-tool)', () => {
  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await newContext(browser)).newPage();
    await page.setViewportSize({ width: 1400, height: 900 });
    await signIn(page, 'gaa');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates a default template, saves an edit (已更新, cleared on the next edit) that survives a reload', async () => {
    await page.goto(url('/console/other/developer-tool'));
    await page.getByRole('tab', { name: '出單範本' }).click();
    await page.getByRole('button', { name: '建立範本' }).click();
    await poll(() => page.getByText('已建立範本').count()).toBeGreaterThan(0);
    await poll(() => new URL(page.url()).searchParams.get('template')).toMatch(/^\d+$/);
    const master = page.locator('#templateMaster');
    await poll(() => master.inputValue()).toContain('{{items}}');
    // the preview prints the sample order with the default template
    const preview = page.getByTestId('template-preview');
    expect(await preview.textContent()).toContain('牛肉麵 x1');
    expect(await page.getByTestId('template-saved').count()).toBe(0);

    await master.fill(`${await master.inputValue()}\n[center]謝謝光臨 歡迎再來`);
    await poll(() => preview.textContent()).toContain('謝謝光臨 歡迎再來');
    await page.getByRole('button', { name: /^儲\s?存$/ }).click();
    await poll(() => page.getByTestId('template-saved').textContent()).toBe('已更新');
    expect(await master.inputValue()).toContain('謝謝光臨 歡迎再來');
    await page.screenshot({ path: `${SHOTS}/admin-tools-template.png`, fullPage: true });

    // spec 002 §4: cleared on further edit
    await master.press('End');
    await master.pressSequentially('!');
    await poll(() => page.getByTestId('template-saved').count()).toBe(0);

    // a template that cannot print is refused with the line named; nothing saved
    await master.fill('{{shop}}\n{{price}}');
    await page.getByRole('button', { name: /^儲\s?存$/ }).click();
    await poll(() => page.getByText('第 2 行：未知的欄位 {{price}}').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('template-saved').count()).toBe(0);

    await page.reload();
    await poll(() => page.locator('#templateMaster').inputValue()).toContain('謝謝光臨 歡迎再來');
    expect(await page.locator('#templateMaster').inputValue()).not.toContain('{{price}}');
    expect(await page.getByTestId('template-updated-at').textContent()).toMatch(/更新時間：\d{4}-\d\d-\d\d/);
    expect(await page.getByRole('tab', { name: '出單範本', selected: true }).count()).toBe(1);
  });

  it('the GTM setter shows the spec’s messages, updates the shops, and 新增其他GTM resets the form', async () => {
    await page.goto(url('/console/other/developer-tool?tab=gtm'));
    const submit = page.getByRole('button', { name: /^更\s?新$/ });
    await submit.click();
    await poll(() => page.getByText('請輸入商店ID').count()).toBe(1);
    await poll(() => page.getByText('請填入GTM').count()).toBe(1);

    const ids = page.locator('#gtmAccountIds');
    await ids.fill('12a');
    await ids.press('Enter');
    await poll(() => page.getByText('請輸入數字').count()).toBe(1);
    await page.getByRole('button', { name: /新增其他GTM/ }).click();
    await poll(() => page.getByText('請輸入數字').count()).toBe(0);

    // an unknown shop: 更新失敗！請重新嘗試。 naming it
    await ids.fill(`${SHOP}, 987654`);
    await ids.press('Enter');
    await page.locator('#gtmValue').fill(GTM);
    await submit.click();
    await poll(() => page.getByTestId('gtm-result').textContent()).toContain('更新失敗！請重新嘗試。');
    expect(await page.getByTestId('gtm-result').textContent()).toContain('987654');

    await page.getByRole('button', { name: /新增其他GTM/ }).click();
    expect(await page.locator('#gtmValue').inputValue()).toBe('');
    await ids.fill(`${SHOP} ${SHOP}`);
    await ids.press('Enter');
    await page.locator('#gtmValue').fill(GTM.toLowerCase());
    await submit.click();
    await poll(() => page.getByTestId('gtm-result').textContent()).toContain('更新成功！');
    expect(await page.locator('#gtmValue').inputValue()).toBe(GTM);
    await page.screenshot({ path: `${SHOTS}/admin-tools-gtm.png`, fullPage: true });

    // the storefront carries it, and its pages load the container without breaking
    const profile = await page.request.get(url(`/console/apis/storefront/v1/shops/${SHOP}/profile`));
    expect((await profile.json()).gtmId).toBe(GTM);
    const errors: string[] = [];
    const phone = await (await newContext(browser)).newPage();
    phone.on('pageerror', (e) => errors.push(e.message));
    await phone.route('https://www.googletagmanager.com/**', (r) => r.abort());
    await phone.goto(url(`/shop/${SHOP}/menu?mealType=to_go`));
    await poll(() => phone.locator(`script[data-gtm="${GTM}"]`).count()).toBe(1);
    const src = await phone.locator(`script[data-gtm="${GTM}"]`).getAttribute('src');
    expect(src).toBe(`https://www.googletagmanager.com/gtm.js?id=${GTM}`);
    expect(await phone.evaluate(() => Array.isArray((window as { dataLayer?: unknown[] }).dataLayer))).toBe(
      true,
    );
    await poll(() => phone.locator('main').textContent()).not.toBe('');
    expect(errors).toEqual([]);
    const shopWithout = await (await newContext(browser)).newPage();
    await shopWithout.goto(url('/shop/4/menu?mealType=to_go'));
    await poll(() => shopWithout.locator('main').count()).toBe(1);
    expect(await shopWithout.locator('script[data-gtm]').count()).toBe(0);
  });
});
