// TapPay card form in the customer app (docs/decisions/testing.md "TapPay card form"): on a phone (390 px) a customer
// pays a to-go order by card in the TapPay simulator's card form and sees it paid; a declined card shows why
// and the order is paid again with another card; with 3D 驗證 on, the card holder verifies at the bank's page
// first. TapPay is enabled on the shop here through the console API
// (spec 001 §7 /gaa/qrpm/…), as the Qrpay tab does.
import { randomUUID } from 'node:crypto';
import { TAPPAY_TEST_CARDS } from '@shopdesk/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, poll, shot } from './browser';
import { ok, shopApp, shopKit } from './shop-app-kit';

// A catering demo shop no other browser test touches, without a QRPay merchant in the demo data.
const SHOP = 38;
const kit = shopKit(SHOP);

// one card-form app key and partner key for the run: the simulator binds an app id and a merchant to the first
// key it sees
const APP_KEY = `app_${randomUUID().replace(/-/g, '')}`;
const partnerKey = `partner_${randomUUID().replace(/-/g, '')}`;

/** TapPay on the shop through the console API: merchant, TapPay (cards) with the card form's app id and key, on. */
const enableTapPay = async (useTds = false) => {
  const { admin } = app;
  const merchant = await admin.request.get(kit.api(`/gaa/qrpm/merchants/${SHOP}`));
  if (merchant.status() === 404)
    await ok(
      admin.request.post(kit.api('/gaa/qrpm/merchants'), {
        data: {
          name: '刷卡測試店',
          email: 'card@example.com',
          phone: '0223456789',
          address: '台北市中正區重慶南路一段 1 號',
          merchantId: SHOP,
        },
      }),
      201,
    );
  const configs = await (
    await admin.request.get(kit.api(`/gaa/qrpm/merchants/${SHOP}/payment-configs`))
  ).json();
  const existing = (configs.services as { id: number; service: string }[] | undefined)?.find(
    (s) => s.service === 'tappay',
  );
  const fields = {
    service: 'tappay',
    tappayMerchantId: `shop_${SHOP}`,
    contactName: '王小明',
    contactPhone: '0912345678',
    contactAddress: '台北市中正區',
    types: ['direct'],
    useTds,
    tappayAppId: '12348',
    tappayAppKey: APP_KEY,
  };
  if (existing)
    await ok(
      admin.request.put(kit.api(`/gaa/qrpm/merchants/${SHOP}/payment-services/${existing.id}`), {
        data: { ...fields, partnerKey },
      }),
    );
  else
    await ok(
      admin.request.post(kit.api(`/gaa/qrpm/merchants/${SHOP}/payment-services`), {
        data: { ...fields, merchantId: SHOP, partnerKey },
      }),
      201,
    );
  await ok(
    admin.request.put(kit.api(`/gaa/qrpm/merchants/${SHOP}/payment-configs`), {
      data: { service: 'tappay', type: 'direct', enable: true },
    }),
  );
};

/** The phone's checkout with one product, paying online by TapPay, the card typed into TapPay's fields. */
const checkoutByCard = async (card: string) => {
  const { phone } = app;
  await app.menu();
  if ((await phone.getByRole('button', { name: /購物車/ }).count()) === 0)
    await kit.addToCart(phone, app.product.name);
  await kit.openCheckout(phone, '刷卡客');
  await phone.getByRole('radio', { name: '線上付款' }).check();
  await phone.getByRole('radio', { name: 'TapPay' }).check();
  await fillCard(phone.getByTestId('tappay-card').first(), card);
};
const fillCard = async (form: ReturnType<Page['getByTestId']>, card: string) => {
  await poll(() => form.getAttribute('data-ready')).toBe('yes');
  await form.locator('[data-tappay-field=number]').fill(card);
  await form.locator('[data-tappay-field=expirationDate]').fill('12 / 39');
  await form.locator('[data-tappay-field=ccv]').fill('123');
};

// to-go orders paid online, accepted without a person
const app = shopApp(kit, async ({ admin }) => {
  await kit.toGoCashNow(admin);
  await app.save('is_to_go_pay', true);
  await enableTapPay();
});

describe.skipIf(!hasChromium)('a customer pays by card with TapPay on a phone', () => {
  it('orders with 4242… in TapPay’s card form and sees the order paid', { timeout: 180_000 }, async () => {
    await checkoutByCard(TAPPAY_TEST_CARDS.approves);
    await app.phone.screenshot({ path: shot('shop-tappay-card-form.png'), fullPage: true });
    await kit.sendButton(app.phone).click();
    await poll(() => app.phone.url()).toContain(`/shop/${SHOP}/orders/`);
    await poll(() => app.phone.getByTestId('order-payment').textContent()).toContain('TapPay · 已付款');
    await app.phone.screenshot({ path: shot('shop-tappay-paid.png'), fullPage: true });
  });

  it('a declined card shows why; another card pays the same order', { timeout: 180_000 }, async () => {
    await checkoutByCard(TAPPAY_TEST_CARDS.declines);
    await kit.sendButton(app.phone).click();
    await poll(() => app.phone.url()).toContain(`/shop/${SHOP}/orders/`);
    const failed = app.phone.getByTestId('tappay-failed');
    await poll(() => failed.textContent()).toContain('信用卡付款未成功，請改用其他卡片再試一次');
    expect(await failed.textContent()).toContain('TapPay 10003 Card Error');
    expect(await app.phone.getByTestId('order-payment').textContent()).toContain('付款失敗');
    await app.phone.screenshot({ path: shot('shop-tappay-declined.png'), fullPage: true });
    await fillCard(failed.getByTestId('tappay-card'), TAPPAY_TEST_CARDS.approves);
    await app.phone.getByRole('button', { name: '改用其他卡片付款' }).click();
    await poll(() => app.phone.getByTestId('order-payment').textContent()).toContain('TapPay · 已付款');
    await poll(() => app.phone.getByTestId('tappay-failed').count()).toBe(0);
  });

  it('with 3D 驗證 on, the bank’s page comes first; verified, the order is paid', {
    timeout: 180_000,
  }, async () => {
    await enableTapPay(true);
    try {
      await checkoutByCard(TAPPAY_TEST_CARDS.approves);
      await kit.sendButton(app.phone).click();
      // the order page sends the customer to the bank's 3-D Secure page by itself
      await poll(() => app.phone.url()).toContain('/sim/3ds/');
      await app.phone.screenshot({ path: shot('shop-tappay-3ds-bank.png'), fullPage: true });
      await app.phone.getByRole('button', { name: /Verify/ }).click();
      await poll(() => app.phone.url()).toContain(`/shop/${SHOP}/orders/`);
      await poll(() => app.phone.getByTestId('order-payment').textContent()).toContain('TapPay · 已付款');
      await app.phone.screenshot({ path: shot('shop-tappay-3ds-paid.png'), fullPage: true });
    } finally {
      await enableTapPay(false);
    }
  });
});
