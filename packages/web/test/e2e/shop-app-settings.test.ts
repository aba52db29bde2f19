// "every shop setting changes what the app shows or accepts": each test flips a setting through the
// console API (as the settings page and the shop edit form save it) and looks at the customer app on a phone.
import { describe, expect, it } from 'vitest';
import { hasChromium, poll, shot } from './browser';
import { ok, shopApp, shopKit } from './shop-app-kit';

// A demo shop no other browser test touches.
const SHOP = 8;
const kit = shopKit(SHOP);

const app = shopApp(kit, async ({ admin }) => {
  await kit.switches(admin, ['is_enabled', 'is_eat_in', 'is_eat_in_cash', 'is_to_go', 'is_to_go_cash']);
  await kit.manualAccept(admin, false);
});
const { menu, save: saveBusiness } = app;

describe.skipIf(!hasChromium)('shop settings seen in the customer app', () => {
  it('the meal-type switches decide the tabs', async () => {
    await saveBusiness('is_eat_in', false);
    await menu();
    await poll(async () => (await app.phone.getByRole('tab').allTextContents()).includes('外帶')).toBe(true);
    expect(await app.phone.getByRole('tab', { name: '內用' }).count()).toBe(0);
    await saveBusiness('is_eat_in', true);
    await menu();
    await poll(() => app.phone.getByRole('tab', { name: '內用' }).count()).toBe(1);
  });

  it('the phone field: required (default), optional (選填), hidden (isNotPhone); intake agrees', async () => {
    await kit.saveShopForm(app.admin, { isPhoneRequired: true, isNotPhone: false });
    await menu();
    await kit.addToCart(app.phone, app.product.name);
    await kit.openCheckout(app.phone, '電話客', '');
    await kit.sendButton(app.phone).click();
    await poll(() => app.phone.getByText('請填寫手機號碼').count()).toBeGreaterThan(0);

    await kit.saveShopForm(app.admin, { isPhoneRequired: false });
    await menu();
    await kit.openCheckout(app.phone, '電話客', '');
    await poll(() => app.phone.getByText('選填', { exact: true }).count()).toBeGreaterThan(0);
    await kit.sendButton(app.phone).click();
    await app.phone.waitForURL(/\/orders\//);

    await kit.saveShopForm(app.admin, { isPhoneRequired: true, isNotPhone: true });
    await menu();
    await kit.addToCart(app.phone, app.product.name);
    await kit.openCheckout(app.phone, '電話客', null);
    expect(await app.phone.getByTestId('phone-input').count()).toBe(0);
    await kit.sendButton(app.phone).click();
    await app.phone.waitForURL(/\/orders\//);
    await kit.saveShopForm(app.admin, { isPhoneRequired: true, isNotPhone: false });
  });

  it('an item note (unless hidden), a receipt request and the buffer time reach the order page', async () => {
    await saveBusiness('is_not_comment_product_display', false);
    await saveBusiness('is_receipt', true);
    await saveBusiness('buffer_time', 15);
    await menu();
    await kit.addToCart(app.phone, app.product.name, '去冰');
    await kit.openCheckout(app.phone, '備註客');
    await poll(() => app.phone.locator('.note').allTextContents()).toEqual(['「去冰」']);
    await poll(() => app.phone.getByTestId('pickup-buffer').textContent()).toBe(
      '請於所選時間後 15 分鐘內取餐',
    );
    await app.phone.getByTestId('receipt-input').check();
    await app.phone.screenshot({ path: shot('shop-checkout-settings.png'), fullPage: true });
    await kit.sendButton(app.phone).click();
    await app.phone.waitForURL(/\/orders\//);
    await poll(() => app.phone.locator('.note').allTextContents()).toEqual(['「去冰」']);
    await poll(() => app.phone.getByTestId('order-receipt').textContent()).toBe('需開收據');

    await saveBusiness('is_not_comment_product_display', true);
    await saveBusiness('is_receipt', false);
    await saveBusiness('buffer_time', 0);
    await menu();
    await app.phone
      .getByRole('button', { name: new RegExp(app.product.name) })
      .first()
      .click();
    await poll(() => app.phone.getByRole('dialog').count()).toBe(1);
    expect(await app.phone.getByTestId('item-note-input').count()).toBe(0);
    await app.phone
      .getByRole('dialog')
      .getByRole('button', { name: /加入購物車/ })
      .click();
    await kit.openCheckout(app.phone, '備註客');
    expect(await app.phone.getByTestId('receipt-input').count()).toBe(0);
    expect(await app.phone.getByTestId('pickup-buffer').count()).toBe(0);
    await saveBusiness('is_not_comment_product_display', false);
  });

  it('the comment box follows is_not_comment_of_order_display', async () => {
    await saveBusiness('is_not_comment_of_order_display', true);
    await menu();
    await kit.addToCart(app.phone, app.product.name);
    await kit.openCheckout(app.phone, '留言客');
    expect(await app.phone.getByTestId('order-comment-input').count()).toBe(0);
    await saveBusiness('is_not_comment_of_order_display', false);
    await menu();
    await kit.openCheckout(app.phone, '留言客');
    await poll(() => app.phone.getByTestId('order-comment-input').count()).toBe(1);
  });

  it('calories show only with is_calorie (the menu sends none otherwise)', async () => {
    await saveBusiness('is_calorie', false);
    const res = await app.phone.request.get(kit.storefront('/menu?mealType=to_go'));
    const products = (await res.json()).classes.flatMap((c: { products: unknown[] }) => c.products);
    expect(products.every((p: { calories: number | null }) => p.calories === null)).toBe(true);
    await menu();
    expect(await app.phone.getByText('大卡').count()).toBe(0);
  });

  it('the delivery zones decide which address is served, before sending (rules, same check as intake)', async () => {
    for (const key of ['is_delivery', 'is_delivery_cash']) await saveBusiness(key, true);
    // no minimum amount or quantity: the zone is what decides here
    await kit.saveShopForm(app.admin, { deliveryAmtTh: 0, deliveryQtyTh: 0 });
    // one zone over Xinyi: Taipei City Hall inside, Taipei Main Station outside
    const xinyi = [
      { x: 25.028, y: 121.555 },
      { x: 25.028, y: 121.575 },
      { x: 25.042, y: 121.575 },
      { x: 25.042, y: 121.555 },
    ];
    await ok(
      app.admin.request.put(kit.api(`/gaa/shops/${SHOP}/logistic-rules`), {
        data: { rules: [{ type: 'map', name: '信義區', polygons: [xinyi], deliveryCharge: 60 }] },
      }),
    );
    const [product] = await kit.simpleProducts(app.phone.request, 'delivery');
    expect(product).toBeDefined();
    await menu('mealType=delivery');
    await kit.addToCart(app.phone, product!.name);
    await kit.openCheckout(app.phone, '外送客');
    await app.phone.getByLabel(/外送地址/).fill('台北市中正區北平西路3號');
    await poll(() => app.phone.getByRole('alert').textContent()).toContain('此地址不在商店的外送範圍內');
    await poll(() => app.phone.getByRole('alert').textContent()).toContain('請確認外送地址');
    await app.phone.getByLabel(/外送地址/).fill('台北市信義區市府路1號');
    await poll(() => app.phone.getByRole('alert').count()).toBe(0);
    await poll(() => app.phone.getByText('外送費').count()).toBe(1);
    await ok(app.admin.request.put(kit.api(`/gaa/shops/${SHOP}/logistic-rules`), { data: { rules: [] } }));
    await saveBusiness('is_delivery', false);
  });

  it('a notice, the large-order amount and the delivery minimum line (unless hidden) show on the page', async () => {
    await saveBusiness('to_go_online_notice', '今日招牌：花生豆花<br>週末人多請見諒');
    await menu();
    await poll(() => app.phone.getByText('今日招牌：花生豆花').count()).toBe(1);
    await saveBusiness('to_go_online_notice', '');
    await kit.saveBusiness(app.admin, 'amount', 1, 'large_order');
    await menu();
    await kit.addToCart(app.phone, app.product.name);
    await kit.openCheckout(app.phone, '大戶');
    await poll(() => app.phone.getByText('大量訂單請先致電店家確認', { exact: false }).count()).toBe(1);
    await kit.saveBusiness(app.admin, 'amount', 99999, 'large_order');
    for (const key of ['is_delivery', 'is_delivery_cash']) await saveBusiness(key, true);
    await kit.saveShopForm(app.admin, {
      deliveryAmtTh: 300,
      deliveryQtyTh: 0,
      isNotThOfDeliveryDisplay: false,
    });
    await menu('mealType=delivery');
    // only the thresholds that are set: no "0 件"
    await poll(() => app.phone.getByTestId('delivery-minimum').textContent()).toBe('外送最低 300 元');
    await kit.saveShopForm(app.admin, { isNotThOfDeliveryDisplay: true });
    await menu('mealType=delivery');
    expect(await app.phone.getByTestId('delivery-minimum').count()).toBe(0);
    await kit.saveShopForm(app.admin, { deliveryAmtTh: 0, isNotThOfDeliveryDisplay: false });
    await saveBusiness('is_delivery', false);
  });

  it('service periods and reservation days decide "closed now" and the bookable times (slot interval)', async () => {
    const timing = await (await app.admin.request.get(kit.api(`/gaa/shops/${SHOP}/timing`))).json();
    const setTiming = (days: number, length: number) =>
      ok(
        app.admin.request.put(kit.api(`/gaa/shops/${SHOP}/timing`), {
          data: { ...timing, time_sector_days: days, time_sector_length: length },
        }),
      );
    // open one hour on a day three days from now (Taipei): closed now
    const day = (new Date(Date.now() + 8 * 3600_000).getUTCDay() + 3) % 7;
    const hours = (general: unknown[]) =>
      ok(
        app.admin.request.put(kit.api(`/gaa/shops/${SHOP}/opening-hours`), {
          data: { general, togo: [], delivery: [] },
        }),
      );
    await hours([{ openDay: day, closeDay: day, openTime: '1000', closeTime: '1100' }]);
    await setTiming(0, 15);
    await menu();
    await poll(() => app.phone.getByText('目前非營業時間', { exact: true }).count()).toBe(1);
    // open all day again, bookable today and tomorrow every 30 minutes
    await hours(
      Array.from({ length: 7 }, (_, d) => ({
        openDay: d,
        closeDay: (d + 1) % 7,
        openTime: '0000',
        closeTime: '0000',
      })),
    );
    await setTiming(2, 30);
    await menu();
    await kit.addToCart(app.phone, app.product.name);
    await kit.openCheckout(app.phone, '預約客');
    const times = app.phone.locator('select option');
    await poll(() => times.count()).toBeGreaterThan(3);
    const labels = (await times.allTextContents()).slice(1);
    expect(
      labels.every((l) => /:(00|30)$/.test(l.trim())),
      labels.join(' '),
    ).toBe(true);
  });
});
