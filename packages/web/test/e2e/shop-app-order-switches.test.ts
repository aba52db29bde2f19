// The order switches on a phone (spec 000 §3 isPickup, spec 001 §2.2 is_pick_up, is_email, is_rebuild): each
// is flipped through the settings page's save and the customer app shows the difference.
import { describe, expect, it } from 'vitest';
import { hasChromium, poll, shot, url } from './browser';
import { shopApp, shopKit } from './shop-app-kit';

// A demo shop no other browser test touches.
const SHOP = 64;
const kit = shopKit(SHOP);

const app = shopApp(kit, async ({ admin }) => {
  await kit.switches(
    admin,
    ['is_enabled', 'is_to_go', 'is_to_go_cash'],
    ['is_pick_up', 'is_email', 'is_rebuild'],
  );
  await kit.saveShopForm(admin, { isPhoneRequired: true, isNotPhone: false });
});
const { menu, save } = app;

describe.skipIf(!hasChromium)('order switches seen in the customer app', () => {
  it('self pick-up: offered only when is_pick_up is on; the order page says 自取', async () => {
    await menu();
    await kit.addToCart(app.phone, app.product.name);
    await kit.openCheckout(app.phone, '自取客');
    await poll(() => app.phone.getByText('送出訂單', { exact: false }).count()).toBeGreaterThan(0);
    expect(await app.phone.getByTestId('pickup-choice').count()).toBe(0);

    await save('is_pick_up', true);
    await menu();
    await kit.openCheckout(app.phone, '自取客');
    await poll(() => app.phone.getByTestId('pickup-choice').count()).toBe(1);
    await app.phone.getByLabel('自取', { exact: true }).check();
    await poll(() => app.phone.getByText('到店後至自取區自行取餐，不必排隊').count()).toBe(1);
    await app.phone.screenshot({ path: shot('shop-checkout-pickup-390.png'), fullPage: true });
    await kit.sendButton(app.phone).click();
    await app.phone.waitForURL(/\/orders\//);
    await poll(() => app.phone.getByText(/· 自取/).count()).toBeGreaterThan(0);
  });

  it('e-mail: asked and required only when is_email is on', async () => {
    await menu();
    await kit.addToCart(app.phone, app.product.name);
    await kit.openCheckout(app.phone, '信箱客');
    expect(await app.phone.getByTestId('email-input').count()).toBe(0);

    await save('is_email', true);
    await menu();
    await kit.openCheckout(app.phone, '信箱客');
    await poll(() => app.phone.getByTestId('email-input').count()).toBe(1);
    await app.phone.getByTestId('email-input').fill('');
    await kit.sendButton(app.phone).click();
    await poll(() => app.phone.getByText('請填寫 Email').count()).toBeGreaterThan(0);
    await app.phone.getByTestId('email-input').fill('amy@example');
    await kit.sendButton(app.phone).click();
    await poll(() => app.phone.getByText('Email 格式錯誤').count()).toBeGreaterThan(0);
    await app.phone.getByTestId('email-input').fill('amy@example.com');
    await app.phone.screenshot({ path: shot('shop-checkout-email-390.png'), fullPage: true });
    await kit.sendButton(app.phone).click();
    await app.phone.waitForURL(/\/orders\//);
    await save('is_email', false);
  });

  it('order again: no button with is_rebuild off; on, one tap puts the order back in the cart', async () => {
    await app.phone.goto(url(`/shop/${SHOP}/orders`));
    await poll(() => app.phone.locator('.order-link').count()).toBeGreaterThan(0);
    expect(await app.phone.getByTestId('rebuild').count()).toBe(0);

    await save('is_rebuild', true);
    await app.phone.goto(url(`/shop/${SHOP}/orders`));
    await poll(() => app.phone.getByTestId('rebuild').count()).toBeGreaterThan(0);
    await app.phone.getByTestId('rebuild').first().click();
    await poll(() => app.phone.getByTestId('rebuild-result').textContent()).toContain('已將 1 項放入購物車');
    await app.phone.screenshot({ path: shot('shop-orders-rebuild-390.png'), fullPage: true });
    await app.phone.getByRole('link', { name: '前往購物車' }).click();
    await poll(() => app.phone.getByTestId('products').count()).toBeGreaterThan(0);
    await app.phone.getByRole('button', { name: /購物車/ }).click();
    await poll(() => app.phone.getByText(app.product.name).count()).toBeGreaterThan(0);
  });
});
