// "Done means": a storefront order redeems one voucher and a second order with the same voucher is
// refused, here through the customer app's checkout field on a phone (docs/decisions/testing.md "Coupon campaigns and
// vouchers", customer app). The voucher comes from a campaign the demo si sends through the console API, as an
// si would from /send-coupons; nothing is hard-coded but the shop.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, newContext, poll, shot, signIn } from './browser';
import { ok, shopApp, shopKit, taipeiDate } from './shop-app-kit';

// A quickclick shop (the demo si's) no other browser test touches, without promotions of its own.
const SHOP = 28;
const kit = shopKit(SHOP);
const NAME = `結帳優惠碼 ${Date.now() % 100_000}`;

let si: Page;
let productName = '';
let code = '';

/** The phone's checkout with one product in the cart and the voucher code typed into its field. */
const checkoutWith = async (voucherCode: string) => {
  const { phone } = app;
  await app.menu();
  if ((await phone.getByRole('button', { name: /購物車/ }).count()) === 0)
    await kit.addToCart(phone, productName);
  await kit.openCheckout(phone, '優惠客');
  await phone.getByTestId('voucher-code-input').fill(voucherCode);
};

// the shop takes to-go cash orders now, accepted without a person; the demo si signed in beside the gaa
const app = shopApp(kit, async ({ admin, browser, phone }) => {
  await kit.toGoCashNow(admin);
  si = await (await newContext(browser)).newPage();
  await signIn(si, 'si');
  // a product worth more than the voucher's NT$10, so the whole discount shows
  const products = (await kit.simpleProducts(phone.request, 'to_go')) as (Awaited<
    ReturnType<typeof kit.simpleProducts>
  >[number] & { price: number })[];
  const product = products.find((p) => p.price > 10);
  expect(product, 'a to-go product over NT$10').toBeDefined();
  productName = product!.name;
});

describe.skipIf(!hasChromium)('a customer uses a campaign voucher at checkout', () => {
  it('the si sends a campaign to the shop’s customers; its code takes NT$10 off once, then is refused', {
    timeout: 180_000,
  }, async () => {
    // the campaign: this shop and one of the SI's LINE shops (whose customers receive the vouchers)
    const shops = await (await si.request.get(kit.api('/si/coupon-shops'))).json();
    const rows = shops.rows as { shopId: number; hasLine: boolean; customers: number }[];
    expect(rows.map((s) => s.shopId)).toContain(SHOP);
    const line = rows.find((s) => s.hasLine && s.customers > 0 && s.shopId <= 3);
    expect(line, 'a LINE shop of the demo si with customers').toBeDefined();
    const created = await si.request.post(kit.api('/si/coupon-campaigns'), {
      data: {
        name: NAME,
        duration: { start: taipeiDate(0), end: taipeiDate(7) },
        discount: { discountType: 'fixed', amount: 10 },
        perCustomerLimit: 1,
        totalCount: 1,
        audienceDays: 90,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const groupId = (await created.json()).campaign.id as number;
    await ok(
      si.request.post(kit.api(`/si/coupon-campaigns/${groupId}/shops`), {
        data: { shopIds: [line!.shopId, SHOP] },
      }),
    );
    await ok(si.request.post(kit.api(`/si/coupon-campaigns/${groupId}/send`)), 202);
    // the durable job issues the voucher in the background
    const vouchers = async () =>
      (await (await si.request.get(kit.api(`/si/coupon-campaigns/${groupId}/vouchers`))).json()).rows as {
        code: string;
      }[];
    await expect.poll(async () => (await vouchers()).length, { timeout: 60_000, interval: 500 }).toBe(1);
    code = (await vouchers())[0]!.code;
    expect(code).toMatch(/^[2-9A-HJ-NP-Z]{10}$/);

    // first order: the code as a customer might type it (lower case); intake takes NT$10 off
    await checkoutWith(code.toLowerCase());
    await app.phone.screenshot({ path: shot('checkout-voucher-field.png'), fullPage: true });
    await kit.sendButton(app.phone).click();
    await app.phone.waitForURL(/\/orders\//, { timeout: 30_000 });
    const sum = app.phone.locator('dl.sum');
    await poll(() => sum.textContent()).toContain('優惠');
    const text = (await sum.textContent()) ?? '';
    expect(text).toContain('−NT$10');
    const amount = (label: string) =>
      Number(new RegExp(`${label}NT\\$([\\d,]+)`).exec(text)?.[1]?.replace(/,/g, ''));
    expect(amount('總計')).toBe(amount('小計') - 10);
    await app.phone.screenshot({ path: shot('checkout-voucher-order.png'), fullPage: true });

    // second order with the same code: refused in the page, on the field and in the banner
    await checkoutWith(code);
    await kit.sendButton(app.phone).click();
    await poll(() => app.phone.getByRole('alert').first().textContent()).toContain('此優惠券已使用過');
    await poll(() =>
      app.phone.getByTestId('voucher-code-input').locator('xpath=..').locator('.warn').textContent(),
    ).toBe('此優惠券已使用過');
    expect(new URL(app.phone.url()).pathname).not.toMatch(/\/orders\//);
    await app.phone.screenshot({ path: shot('checkout-voucher-refused.png'), fullPage: true });

    // the si's voucher page shows it used once, by the first order
    const used = (await (await si.request.get(kit.api(`/si/coupon-campaigns/${groupId}`))).json()).campaign;
    expect(used.progress.redeemed).toBe(1);
  });
});
