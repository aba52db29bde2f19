// The ordering web version (spec 000 §2 table QR `v`, §3 `version`; docs/decisions/customer-app.md "Web version"):
// v=1 opens the classic one page (categories, quantity steppers, the plain checkout at the bottom) and an order
// goes through it; v=2 opens the current app; a shop on version 1 opens the classic page from a link without v.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser, poll, shot, signIn, url } from './browser';
import { ok, shopKit } from './shop-app-kit';

// demo shops no other browser test touches
const CLASSIC = 141;
const BY_SHOP = 142;

let browser: Browser;
let admin: Page;

const phonePage = async () =>
  (
    await browser.newContext({
      locale: 'zh-TW',
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    })
  ).newPage();

/** A shop taking to-go orders in cash now, open all day, accepting by itself. */
const ready = async (shop: number) => {
  const kit = shopKit(shop);
  await kit.openAllDay(admin);
  await kit.saveTiming(admin, { to_go_waiting_time: 0, time_sector_days: 1, time_sector_length: 30 });
  for (const key of ['is_enabled', 'is_to_go', 'is_to_go_cash']) await kit.saveBusiness(admin, key, true);
  await kit.saveBusiness(admin, 'is_to_go_pay', false);
  await kit.saveShopForm(admin, { isPhoneRequired: true, isNotPhone: false });
  await ok(admin.request.post(kit.api(`/gaa/qcpos/shops/${shop}/manual-accept/off`)));
  return kit;
};

beforeAll(async () => {
  if (!hasChromium) return;
  browser = await launchBrowser();
  admin = await (await browser.newContext({ locale: 'zh-TW' })).newPage();
  await signIn(admin, 'gaa');
});

afterAll(async () => {
  if (admin)
    await shopKit(BY_SHOP)
      .saveShopForm(admin, { version: 2 })
      .catch(() => undefined);
  await browser?.close();
});

describe.skipIf(!hasChromium)('web version 1 (QC1.0) and 2 (Web2.0) in the customer app', () => {
  it('v=1: the classic one page; a product added with its stepper is ordered from the form at the bottom', async () => {
    const kit = await ready(CLASSIC);
    const phone = await phonePage();
    const [product] = await kit.simpleProducts(phone.request, 'to_go');
    expect(product).toBeDefined();
    await phone.goto(url(`/shop/${CLASSIC}/menu?mealType=to_go&v=1`));
    await poll(() => phone.getByTestId('classic-app').count()).toBe(1);
    await poll(() => phone.getByTestId('classic-product').count()).toBeGreaterThan(0);
    // Web2.0's product buttons and sheet are not there: a product is a row with a stepper
    expect(await phone.locator('.product').count()).toBe(0);
    await phone.screenshot({ path: shot('shop-classic-menu-390.png'), fullPage: false });

    const row = phone.getByTestId('classic-product').filter({ hasText: product!.name }).first();
    await row.getByRole('button', { name: `增加 ${product!.name}` }).click();
    await row.getByRole('button', { name: `增加 ${product!.name}` }).click();
    await poll(() => row.getByLabel(`數量 ${product!.name}`).textContent()).toBe('2');
    expect(await phone.getByRole('dialog').count()).toBe(0);
    await row.getByRole('button', { name: `減少 ${product!.name}` }).click();
    await poll(() => row.getByLabel(`數量 ${product!.name}`).textContent()).toBe('1');

    // the plain checkout form under the menu, on the same page
    await poll(() => phone.getByRole('button', { name: /送出訂單/ }).count()).toBe(1);
    await phone.getByLabel(/姓名/).fill('舊手機客');
    await phone.getByLabel(/手機號碼/).fill('0912345678');
    await phone.screenshot({ path: shot('shop-classic-checkout-390.png'), fullPage: true });
    await phone.getByRole('button', { name: /送出訂單/ }).click();
    await poll(() => new URL(phone.url()).pathname).toMatch(new RegExp(`^/shop/${CLASSIC}/orders/.+`));
    // the order as intake stored it: this shop's, the stepper's one line (two, then one)
    const token = decodeURIComponent(new URL(phone.url()).pathname.split('/').pop()!);
    const res = await phone.request.get(
      url(`/console/apis/storefront/v1/orders/${encodeURIComponent(token)}`),
    );
    expect(res.status(), await res.text()).toBe(200);
    const { order } = await res.json();
    expect(order.items).toHaveLength(1);
    expect(order.items[0]).toMatchObject({ productId: product!.id, quantity: 1 });
    expect(order).toMatchObject({ accountId: CLASSIC, mealType: 'to_go', customerName: '舊手機客' });
    await phone.context().close();
  });

  it('v=2: the current app (product buttons, the product sheet), even for a shop on version 1', async () => {
    const kit = await ready(BY_SHOP);
    await kit.saveShopForm(admin, { version: 1 });
    const phone = await phonePage();
    // no v: the shop's version 1 opens the classic page
    await phone.goto(url(`/shop/${BY_SHOP}/menu?mealType=to_go`));
    await poll(() => phone.getByTestId('classic-app').count()).toBe(1);
    await poll(() => phone.getByTestId('classic-product').count()).toBeGreaterThan(0);
    await phone.setViewportSize({ width: 1440, height: 900 });
    await phone.screenshot({ path: shot('shop-classic-menu-1440.png') });

    const fresh = await phonePage();
    await fresh.goto(url(`/shop/${BY_SHOP}/menu?mealType=to_go&v=2`));
    await poll(() => fresh.locator('.product').count()).toBeGreaterThan(0);
    expect(await fresh.getByTestId('classic-app').count()).toBe(0);
    await fresh.locator('.product:not([disabled])').first().click();
    await poll(() => fresh.getByRole('dialog').count()).toBe(1);
    await fresh.screenshot({ path: shot('shop-web2-menu-390.png'), fullPage: false });
    await phone.context().close();
    await fresh.context().close();
  });
});
