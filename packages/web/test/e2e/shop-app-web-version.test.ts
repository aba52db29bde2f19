// The ordering web version (spec 000 §2 table QR `v`, §3 `version`; docs/decisions/customer-app.md "Web version"):
// v=1 opens the classic one page (categories, quantity steppers, the plain checkout at the bottom) and an order
// goes through it; v=2 opens the current app; a shop on version 1 opens the classic page from a link without v.
import { afterAll, describe, expect, it } from 'vitest';
import { hasChromium, poll, shot, url } from './browser';
import { newPhone, shopApp, shopKit } from './shop-app-kit';

// demo shops no other browser test touches
const CLASSIC = 141;
const BY_SHOP = 142;

const classic = shopKit(CLASSIC);
const byShop = shopKit(BY_SHOP);

// both shops take to-go cash orders now, open all day (the frame opens the first), accepting by themselves;
// the frame's phone and product are the classic shop's
const app = shopApp(classic, async ({ admin }) => {
  await classic.toGoCashNow(admin);
  await byShop.openAllDay(admin);
  await byShop.toGoCashNow(admin);
});
// runs before the frame closes the browser (after-hooks run in reverse order)
afterAll(async () => {
  if (app.opened) await byShop.saveShopForm(app.admin, { version: 2 });
});

describe.skipIf(!hasChromium)('web version 1 (QC1.0) and 2 (Web2.0) in the customer app', () => {
  it('v=1: the classic one page; a product added with its stepper is ordered from the form at the bottom', async () => {
    const { phone, product } = app;
    await phone.goto(url(`/shop/${CLASSIC}/menu?mealType=to_go&v=1`));
    await poll(() => phone.getByTestId('classic-app').count()).toBe(1);
    await poll(() => phone.getByTestId('classic-product').count()).toBeGreaterThan(0);
    // Web2.0's product buttons and sheet are not there: a product is a row with a stepper
    expect(await phone.locator('.product').count()).toBe(0);
    await phone.screenshot({ path: shot('shop-classic-menu-390.png'), fullPage: false });

    const row = phone.getByTestId('classic-product').filter({ hasText: product.name }).first();
    await row.getByRole('button', { name: `增加 ${product.name}` }).click();
    await row.getByRole('button', { name: `增加 ${product.name}` }).click();
    await poll(() => row.getByLabel(`數量 ${product.name}`).textContent()).toBe('2');
    expect(await phone.getByRole('dialog').count()).toBe(0);
    await row.getByRole('button', { name: `減少 ${product.name}` }).click();
    await poll(() => row.getByLabel(`數量 ${product.name}`).textContent()).toBe('1');

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
    expect(order.items[0]).toMatchObject({ productId: product.id, quantity: 1 });
    expect(order).toMatchObject({ accountId: CLASSIC, mealType: 'to_go', customerName: '舊手機客' });
  });

  it('v=2: the current app (product buttons, the product sheet), even for a shop on version 1', async () => {
    await byShop.saveShopForm(app.admin, { version: 1 });
    const phone = await newPhone(app.browser);
    // no v: the shop's version 1 opens the classic page
    await phone.goto(url(`/shop/${BY_SHOP}/menu?mealType=to_go`));
    await poll(() => phone.getByTestId('classic-app').count()).toBe(1);
    await poll(() => phone.getByTestId('classic-product').count()).toBeGreaterThan(0);
    await phone.setViewportSize({ width: 1440, height: 900 });
    await phone.screenshot({ path: shot('shop-classic-menu-1440.png') });

    const fresh = await newPhone(app.browser);
    await fresh.goto(url(`/shop/${BY_SHOP}/menu?mealType=to_go&v=2`));
    await poll(() => fresh.locator('.product').count()).toBeGreaterThan(0);
    expect(await fresh.getByTestId('classic-app').count()).toBe(0);
    await fresh.locator('.product:not([disabled])').first().click();
    await poll(() => fresh.getByRole('dialog').count()).toBe(1);
    // the sheet holds the focus, not its note box (a focused field opens a phone's keyboard over the sheet)
    expect(await fresh.evaluate(() => document.activeElement?.tagName)).toBe('DIALOG');
    // its photo, when the product has one, has loaded and is shown whole (4:3, the menu cards' shape)
    const photo = fresh.getByRole('dialog').locator('img');
    if (await photo.count()) {
      await poll(() => photo.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
      const box = (await photo.boundingBox())!;
      expect(Math.abs(box.width / box.height - 4 / 3)).toBeLessThan(0.02);
    }
    await fresh.screenshot({ path: shot('shop-web2-menu-390.png'), fullPage: false });
    await phone.context().close();
    await fresh.context().close();
  });
});
