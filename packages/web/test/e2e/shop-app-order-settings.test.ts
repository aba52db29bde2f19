// "every setting a customer's order depends on does what it says", seen on a phone: online pay is
// offered only when an enabled service charges it, the day's order number starts at order_start_number
// (spec 001 §2.2), deliveryAmtTh is the free-delivery amount with logistics on (spec 000 §3), and a delivery
// paid in cash reads 貨到付款 on the phone and on the board.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, poll, shot, url } from './browser';
import { ok, shopApp, shopKit } from './shop-app-kit';

// A demo shop no other browser test touches.
const SHOP = 34;
const kit = shopKit(SHOP);

let board: Page;

const choices = () =>
  app.phone.getByRole('radio').evaluateAll((rs) => rs.map((r) => r.parentElement?.textContent));
/** The checkout of a meal type with one simple product in the cart. */
const checkout = async (mealType: string, name: string) => {
  await kit.menu(app.phone, `mealType=${mealType}`);
  if ((await app.phone.getByRole('button', { name: /購物車/ }).count()) === 0)
    await kit.addToCart(app.phone, (await kit.firstSimpleProduct(app.phone.request, mealType)).name);
  await kit.openCheckout(app.phone, name);
};
const lineDemo = (enable: boolean) =>
  ok(
    app.admin.request.put(kit.api(`/gaa/qrpm/merchants/${SHOP}/payment-configs`), {
      data: { service: 'linepay', type: 'linepay', enable },
    }),
  );

const app = shopApp(kit, async ({ admin, browser }) => {
  await kit.quickSlots(admin);
  // delivery without rules and without a distance limit (deliveryDistanceTh 0 = none)
  await kit.saveShopForm(admin, {
    isEnabled: true,
    isMobilePayment: true,
    isToGo: true,
    isToGoCash: true,
    isToGoPay: false,
    isDelivery: true,
    isDeliveryCash: true,
    isDeliveryPay: false,
    isLogistic: false,
    isLala: false,
    isPhoneRequired: true,
    isNotPhone: false,
    isNotThOfDeliveryDisplay: false,
    deliveryAmtTh: 0,
    deliveryQtyTh: 0,
    deliveryDistanceTh: 0,
  });
  await kit.manualAccept(admin, false);
  // the shop's board, signed in as a new order machine
  board = await kit.board(browser, admin);
});

const { save: saveBusiness } = app;

describe.skipIf(!hasChromium)('order settings a customer sees on the phone', () => {
  it('online pay is offered only when an enabled service will charge it', async () => {
    await saveBusiness('is_to_go_pay', true);
    // the switch alone: nothing would charge it, so it is not offered, and intake refuses it
    const merchant = await app.admin.request.get(kit.api(`/gaa/qrpm/merchants/${SHOP}`));
    if (merchant.status() === 200) await lineDemo(false).catch(() => undefined);
    await checkout('to_go', '線上客');
    await poll(choices).toEqual(['現金（取餐時付款）']);
    const [product] = await kit.simpleProducts(app.phone.request, 'to_go');
    const optionIds = product!.optionGroups
      .filter((g) => g.min > 0)
      .map((g) => g.options.find((o) => !o.soldOut)!.id);
    const refused = await app.phone.request.post(kit.storefront('/orders'), {
      headers: { 'idempotency-key': randomUUID() },
      data: {
        mealType: 'to_go',
        paymentMethod: 'online',
        customer: { name: '線上客', phone: '0912345678' },
        items: [{ productId: product!.id, quantity: 1, optionIds }],
      },
    });
    expect(refused.status(), await refused.text()).toBe(409);
    expect((await refused.json()).error.code).toBe('ONLINE_PAYMENT_UNAVAILABLE');

    // LINE Pay set up and switched on: online pay is offered, with the service that charges it
    if (merchant.status() === 404)
      await ok(
        app.admin.request.post(kit.api('/gaa/qrpm/merchants'), {
          data: {
            name: '示範 QR',
            email: 'qr34@demo.test',
            phone: '0223456789',
            address: '台北市',
            merchantId: SHOP,
          },
        }),
        201,
      );
    const configs = await (
      await app.admin.request.get(kit.api(`/gaa/qrpm/merchants/${SHOP}/payment-configs`))
    ).json();
    if (!configs.services.some((x: { service: string }) => x.service === 'linepay'))
      await ok(
        app.admin.request.post(kit.api(`/gaa/qrpm/merchants/${SHOP}/payment-services`), {
          data: {
            service: 'linepay',
            merchantId: SHOP,
            name: 'LINE Pay 測試',
            channelId: '1656000034',
            channelSecret: `e2e-line-secret-${randomUUID()}`,
          },
        }),
        201,
      );
    await lineDemo(true);
    try {
      await checkout('to_go', '線上客');
      await poll(choices).toEqual(['現金（取餐時付款）', '線上付款']);
      await app.phone.getByRole('radio', { name: '線上付款' }).check();
      await poll(choices).toEqual(['現金（取餐時付款）', '線上付款', 'LINE Pay']);
      await app.phone.screenshot({ path: shot('order-settings-online-pay.png') });
    } finally {
      await lineDemo(false);
      await saveBusiness('is_to_go_pay', false);
    }
  });

  it('a cash delivery reads 貨到付款 and carries the day’s start number on the phone and the board', async () => {
    // a start number above today's last one numbers the very next order (spec 001 §2.2 start_number)
    const start = 10_000_000 + (Math.floor(Date.now() / 1000) % 80_000_000);
    await kit.saveShopForm(app.admin, { orderStartNumber: start });
    await checkout('delivery', '外送客');
    await poll(choices).toEqual(['現金（貨到付款）']);
    await app.phone.getByLabel(/外送地址/).fill('台北市信義區市府路1號');
    await kit.sendButton(app.phone).click();
    await app.phone.waitForURL(/\/orders\//, { timeout: 30_000 });
    await poll(() => app.phone.locator('.serial').textContent()).toContain(`#${start}`);
    await poll(() => app.phone.getByTestId('order-payment').textContent()).toBe('付款方式：現金（貨到付款）');
    await app.phone.screenshot({ path: shot('order-settings-cash-on-delivery.png') });
    const card = board.getByTestId(`order-${start}`);
    await expect.poll(() => card.count(), { timeout: 30_000, interval: 200 }).toBe(1);
    expect(await card.getByTestId('order-payment').textContent()).toContain('貨到付款');
  });

  it('deliveryAmtTh is a minimum with logistics off and the free-delivery amount with it on', async () => {
    await kit.saveShopForm(app.admin, { deliveryAmtTh: 100, isLogistic: false });
    await app.phone.goto(url(`/shop/${SHOP}/menu?mealType=delivery`));
    // only the thresholds that are set: no "0 件" (docs/decisions/customer-app.md "deliveryAmtTh")
    await poll(() => app.phone.getByTestId('delivery-minimum').textContent()).toBe('外送最低 100 元');
    expect(await app.phone.getByTestId('free-delivery').count()).toBe(0);

    await kit.saveShopForm(app.admin, { isLogistic: true });
    await app.phone.goto(url(`/shop/${SHOP}/menu?mealType=delivery`));
    await poll(() => app.phone.getByTestId('free-delivery').textContent()).toBe('外送滿 100 元免運費');
    expect(await app.phone.getByTestId('delivery-minimum').count()).toBe(0);
    await app.phone.screenshot({ path: shot('order-settings-free-delivery.png') });
    await kit.saveShopForm(app.admin, { deliveryAmtTh: 0, isLogistic: false });
  });
});
