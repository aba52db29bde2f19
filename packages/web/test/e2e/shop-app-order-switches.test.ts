// The order switches on a phone (spec 000 §3 isPickup, spec 001 §2.2 is_pick_up, is_email, is_rebuild): each
// is flipped through the settings page's save and the customer app shows the difference.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser, poll, shot, signIn, url } from './browser';
import { shopKit } from './shop-app-kit';

// A demo shop no other browser test touches.
const SHOP = 64;
const kit = shopKit(SHOP);

let browser: Browser;
let admin: Page;
let phone: Page;
let productName = '';

const menu = async (query = 'mealType=to_go') => {
  await phone.goto(url(`/shop/${SHOP}/menu?${query}`));
  await poll(() => phone.getByTestId('products').count()).toBeGreaterThan(0);
};
const save = (key: string, value: unknown) => kit.saveBusiness(admin, key, value);

beforeAll(async () => {
  if (!hasChromium) return;
  browser = await launchBrowser();
  admin = await (await browser.newContext({ locale: 'zh-TW' })).newPage();
  await signIn(admin, 'gaa');
  await kit.openAllDay(admin);
  for (const key of ['is_enabled', 'is_to_go', 'is_to_go_cash']) await save(key, true);
  for (const key of ['is_pick_up', 'is_email', 'is_rebuild']) await save(key, false);
  await kit.saveShopForm(admin, { isPhoneRequired: true, isNotPhone: false });
  phone = await (
    await browser.newContext({
      locale: 'zh-TW',
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    })
  ).newPage();
  const [product] = await kit.simpleProducts(phone.request, 'to_go');
  expect(product).toBeDefined();
  productName = product!.name;
});

afterAll(async () => {
  await browser?.close();
});

describe.skipIf(!hasChromium)('order switches seen in the customer app', () => {
  it('self pick-up: offered only when is_pick_up is on; the order page says 自取', async () => {
    await menu();
    await kit.addToCart(phone, productName);
    await kit.openCheckout(phone, '自取客');
    await poll(() => phone.getByText('送出訂單', { exact: false }).count()).toBeGreaterThan(0);
    expect(await phone.getByTestId('pickup-choice').count()).toBe(0);

    await save('is_pick_up', true);
    await menu();
    await kit.openCheckout(phone, '自取客');
    await poll(() => phone.getByTestId('pickup-choice').count()).toBe(1);
    await phone.getByLabel('自取', { exact: true }).check();
    await poll(() => phone.getByText('到店後至自取區自行取餐，不必排隊').count()).toBe(1);
    await phone.screenshot({ path: shot('shop-checkout-pickup-390.png'), fullPage: true });
    await kit.sendButton(phone).click();
    await phone.waitForURL(/\/orders\//);
    await poll(() => phone.getByText(/· 自取/).count()).toBeGreaterThan(0);
  });

  it('e-mail: asked and required only when is_email is on', async () => {
    await menu();
    await kit.addToCart(phone, productName);
    await kit.openCheckout(phone, '信箱客');
    expect(await phone.getByTestId('email-input').count()).toBe(0);

    await save('is_email', true);
    await menu();
    await kit.openCheckout(phone, '信箱客');
    await poll(() => phone.getByTestId('email-input').count()).toBe(1);
    await phone.getByTestId('email-input').fill('');
    await kit.sendButton(phone).click();
    await poll(() => phone.getByText('請填寫 Email').count()).toBeGreaterThan(0);
    await phone.getByTestId('email-input').fill('amy@example');
    await kit.sendButton(phone).click();
    await poll(() => phone.getByText('Email 格式錯誤').count()).toBeGreaterThan(0);
    await phone.getByTestId('email-input').fill('amy@example.com');
    await phone.screenshot({ path: shot('shop-checkout-email-390.png'), fullPage: true });
    await kit.sendButton(phone).click();
    await phone.waitForURL(/\/orders\//);
    await save('is_email', false);
  });

  it('order again: no button with is_rebuild off; on, one tap puts the order back in the cart', async () => {
    await phone.goto(url(`/shop/${SHOP}/orders`));
    await poll(() => phone.locator('.order-link').count()).toBeGreaterThan(0);
    expect(await phone.getByTestId('rebuild').count()).toBe(0);

    await save('is_rebuild', true);
    await phone.goto(url(`/shop/${SHOP}/orders`));
    await poll(() => phone.getByTestId('rebuild').count()).toBeGreaterThan(0);
    await phone.getByTestId('rebuild').first().click();
    await poll(() => phone.getByTestId('rebuild-result').textContent()).toContain('已將 1 項放入購物車');
    await phone.screenshot({ path: shot('shop-orders-rebuild-390.png'), fullPage: true });
    await phone.getByRole('link', { name: '前往購物車' }).click();
    await poll(() => phone.getByTestId('products').count()).toBeGreaterThan(0);
    await phone.getByRole('button', { name: /購物車/ }).click();
    await poll(() => phone.getByText(productName).count()).toBeGreaterThan(0);
  });
});
