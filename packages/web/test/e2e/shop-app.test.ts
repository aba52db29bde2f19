// the customer's ordering app on a phone: a table QR link orders eat-in with its table number (seen
// on the live board), the order page turns 'accepted' live when the board accepts it, a pickup order at a
// chosen bookable time, a refused order (sold out) with the reason and what to change, a double tap making
// one order, and bad links (unknown shop, tampered or foreign order link) showing a clear page.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, poll, shot, url } from './browser';
import { ok, shopApp, shopKit } from './shop-app-kit';

// One of the demo shops no other browser test touches; set up below through the console API.
const SHOP = 3;
const kit = shopKit(SHOP);
const { api, simpleProducts } = kit;

let board: Page;

// open every day all day (the frame), orders wait for the board (manual acceptance), eat-in and pickup by
// cash, bookable times today and tomorrow; the shop's board signed in as a new order machine
const app = shopApp(kit, async ({ admin, browser }) => {
  await kit.switches(admin, ['is_enabled', 'is_eat_in', 'is_eat_in_cash', 'is_to_go', 'is_to_go_cash']);
  await kit.quickSlots(admin);
  await kit.manualAccept(admin, true);
  board = await kit.board(browser, admin);
});

const saveBusiness = app.save;
const addToCart = (product: string) => kit.addToCart(app.phone, product);
const openCheckout = (name: string) => kit.openCheckout(app.phone, name);
const sendButton = () => kit.sendButton(app.phone);

describe.skipIf(!hasChromium)('customer ordering app on a phone', () => {
  it('a table link orders eat-in; the board shows the table; the order page turns accepted live', async () => {
    const [product] = await simpleProducts(app.phone.request, 'eat_in');
    expect(product).toBeDefined();
    await app.phone.goto(url(`/shop/${SHOP}/menu?mealType=eat_in&table=T9&v=2`));
    await poll(() => app.phone.getByText('內用 · 桌號 T9').count()).toBe(1);
    // the table link fixes the meal type: no meal type tabs
    expect(await app.phone.getByRole('tab').count()).toBe(0);
    await app.phone.screenshot({ path: shot('shop-menu-app.phone.png') });
    await addToCart(product!.name);
    // the cart survives a reload
    await app.phone.reload();
    await poll(() => app.phone.getByRole('button', { name: /購物車 · 1/ }).count()).toBe(1);
    await openCheckout('桌客人');
    await poll(() => app.phone.getByRole('heading', { name: /結帳 · 內用 · 桌號 T9/ }).count()).toBe(1);
    await app.phone.screenshot({ path: shot('shop-checkout-app.phone.png'), fullPage: true });
    // the comment box (shown: the shop does not hide it) goes with the order to the board
    await app.phone.getByTestId('order-comment-input').fill('少冰，不要香菜');
    await sendButton().click();
    await app.phone.waitForURL(/\/shop\/3\/orders\/[\w-]+\.[\w-]+$/);
    await poll(() => app.phone.getByRole('status').filter({ hasText: '等待店家接單' }).count()).toBe(1);
    const serial = (await app.phone.locator('.serial').textContent())!.replace('#', '');
    expect(await app.phone.getByText(/桌號 T9/).count()).toBeGreaterThan(0);
    // the board rings with the order, its table number on the card
    const card = board.getByTestId(`order-${serial}`);
    await poll(() => card.count()).toBe(1);
    await poll(() => card.textContent()).toContain('T9');
    await poll(() => card.getByTestId('order-comment').textContent()).toBe('備註：少冰，不要香菜');
    expect(await app.phone.getByTestId('order-comment').textContent()).toBe('備註：少冰，不要香菜');
    await poll(() => app.phone.getByText('● 即時更新中').count()).toBe(1);
    await card.getByRole('button', { name: /接\s*單/ }).click();
    // no reload on the phone: the live feed turns the page
    await poll(() => app.phone.locator('[data-status]').getAttribute('data-status')).toBe('accepted');
    expect(await app.phone.getByText('店家已接單，製作中').count()).toBeGreaterThan(0);
    await app.phone.screenshot({ path: shot('shop-order-accepted-app.phone.png'), fullPage: true });
    // the device keeps its orders
    await app.phone.goto(url(`/shop/${SHOP}/orders`));
    await poll(() => app.phone.getByRole('link', { name: new RegExp(`#${serial}`) }).count()).toBe(1);
  });

  it('a pickup order at a chosen bookable time', async () => {
    const { product } = app;
    await app.phone.goto(url(`/shop/${SHOP}/menu?mealType=to_go`));
    await poll(() => app.phone.getByRole('tab', { name: '外帶', selected: true }).count()).toBe(1);
    await addToCart(product.name);
    await openCheckout('外帶客');
    const select = app.phone.getByLabel('取餐時間');
    await poll(() => select.locator('option').count()).toBeGreaterThan(2);
    const slot = select.locator('option').nth(2);
    const label = (await slot.textContent())!;
    await select.selectOption((await slot.getAttribute('value'))!);
    await sendButton().click();
    await app.phone.waitForURL(/\/orders\/[\w-]+\.[\w-]+$/);
    await poll(() => app.phone.getByText(/指定時間/).count()).toBe(1);
    // the order page shows the chosen time (month/day hour:minute of the slot's local label)
    const [, time] = label.split(' ');
    expect(await app.phone.getByText(/指定時間/).textContent()).toContain(time);
  });

  it('a refused order shows the server reason and what to change; a double tap makes one order', async () => {
    const products = await simpleProducts(app.phone.request, 'to_go');
    const [keep, gone] = products;
    await app.phone.goto(url(`/shop/${SHOP}/menu?mealType=to_go`));
    await addToCart(keep!.name);
    await addToCart(gone!.name);
    const name = `雙擊客${randomUUID().slice(0, 4)}`;
    await openCheckout(name);
    // the shop marks one of them sold out while the customer is at the checkout
    await ok(
      app.admin.request.patch(api(`/gaa/shops/${SHOP}/menu/products/${gone!.id}`), {
        data: { soldOut: true },
      }),
    );
    try {
      await sendButton().click();
      const alert = app.phone.getByRole('alert');
      await poll(() => alert.textContent()).toContain('商品已售完');
      await poll(() => alert.textContent()).toContain(`請移除「${gone!.name}」`);
      await app.phone.screenshot({ path: shot('shop-refused-app.phone.png'), fullPage: true });
      // the customer removes it, and taps send twice quickly
      await app.phone.getByRole('button', { name: `移除 ${gone!.name}` }).click();
      const posts: string[] = [];
      app.phone.on('request', (r) => {
        if (r.method() === 'POST' && r.url().endsWith(`/shops/${SHOP}/orders`))
          posts.push(r.headers()['idempotency-key'] ?? '');
      });
      await sendButton().dblclick();
      await app.phone.waitForURL(/\/orders\/[\w-]+\.[\w-]+$/);
      const boardRes = await board.request.get(api('/qcpos/board'));
      const mine = (await boardRes.json()).orders.filter(
        (o: { customerName: string }) => o.customerName === name,
      );
      expect(mine).toHaveLength(1);
      // whatever reached the server carried one key
      expect(new Set(posts).size).toBe(1);
    } finally {
      await ok(
        app.admin.request.patch(api(`/gaa/shops/${SHOP}/menu/products/${gone!.id}`), {
          data: { soldOut: false },
        }),
      );
    }
  });

  it('the shop settings shape the page: is_new_style one column, is_invoice asks for a tax id', async () => {
    const toggle = (value: boolean) =>
      ok(
        app.admin.request.patch(api(`/gaa/accounts/${SHOP}/account-toggle`), {
          data: { key: 'is_new_style', value, label: '單欄菜單樣式' },
        }),
      );
    const { product } = app;
    try {
      await toggle(true);
      await saveBusiness('is_invoice', true);
      await app.phone.goto(url(`/shop/${SHOP}/menu?mealType=to_go`));
      await poll(() => app.phone.getByTestId('products').first().getAttribute('class')).toBe('products one');
      await addToCart(product.name);
      await openCheckout('發票客');
      await poll(() => app.phone.getByLabel('統一編號（選填）').count()).toBe(1);
      await toggle(false);
      await saveBusiness('is_invoice', false);
      await app.phone.goto(url(`/shop/${SHOP}/menu?mealType=to_go`));
      await poll(() => app.phone.getByTestId('products').first().getAttribute('class')).toBe('products two');
      await app.phone.getByRole('button', { name: /購物車/ }).click();
      await poll(() => app.phone.getByLabel(/姓名/).count()).toBe(1);
      expect(await app.phone.getByLabel('統一編號（選填）').count()).toBe(0);
    } finally {
      await toggle(false);
      await saveBusiness('is_invoice', false);
    }
  });

  it('bad links show a clear page: unknown shop, tampered order link, another shop’s order', async () => {
    await app.phone.goto(url('/shop/999999/menu'));
    await poll(() => app.phone.getByRole('heading', { name: '找不到此商店' }).count()).toBe(1);
    await app.phone.goto(url('/shop/abc'));
    await poll(() => app.phone.getByRole('heading', { name: '找不到此商店' }).count()).toBe(1);
    await app.phone.goto(url(`/shop/${SHOP}/orders`));
    const link = app.phone.getByRole('link', { name: /#\d+/ }).first();
    await poll(() => link.count()).toBe(1);
    const href = (await link.getAttribute('href'))!;
    const token = decodeURIComponent(href.split('/').pop()!);
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    await app.phone.goto(url(`/shop/${SHOP}/orders/${encodeURIComponent(tampered)}`));
    await poll(() => app.phone.getByRole('heading', { name: '找不到此訂單' }).count()).toBe(1);
    await app.phone.screenshot({ path: shot('shop-bad-link-app.phone.png') });
    // a real link opened under another shop's address shows nothing of the order
    await app.phone.goto(url(`/shop/5/orders/${encodeURIComponent(token)}`));
    await poll(() => app.phone.getByRole('heading', { name: '找不到此訂單' }).count()).toBe(1);
    expect(await app.phone.locator('.serial').count()).toBe(0);
    // once the shop has table QR codes, a table link to another table shows a clear page
    const made = await app.admin.request.post(api(`/gaa/shops/${SHOP}/qrcode`), {
      data: [{ tableNumber: 'A7', qrType: 'eatIn', webVersion: 2 }],
    });
    expect(made.status(), await made.text()).toBe(201);
    const codeId = (await made.json()).results[0].insertQrcodeRes.insertId as number;
    try {
      await app.phone.goto(url(`/shop/${SHOP}/menu?mealType=eat_in&table=Z9&v=2`));
      await poll(() => app.phone.getByRole('heading', { name: '找不到此桌號' }).count()).toBe(1);
      await app.phone.goto(url(`/shop/${SHOP}/menu?mealType=eat_in&table=A7&v=2`));
      await poll(() => app.phone.getByText('內用 · 桌號 A7').count()).toBe(1);
    } finally {
      await ok(app.admin.request.delete(api(`/gaa/qrcode/${codeId}`)));
    }
  });

  // LINE Pay end to end, through the LINE Pay simulator's approval page
  it('pays with LINE Pay: approves on LINE Pay’s page, comes back paid; the board shows it', async () => {
    await saveBusiness('is_mobile_payment', true);
    await saveBusiness('is_to_go_pay', true);
    const m = await app.admin.request.get(api(`/gaa/qrpm/merchants/${SHOP}`));
    if (m.status() === 404)
      await ok(
        app.admin.request.post(api('/gaa/qrpm/merchants'), {
          data: {
            name: '示範 QR',
            email: 'qr3@demo.test',
            phone: '0223456789',
            address: '台北市',
            merchantId: SHOP,
          },
        }),
        201,
      );
    const configs = await (
      await app.admin.request.get(api(`/gaa/qrpm/merchants/${SHOP}/payment-configs`))
    ).json();
    if (!configs.services.some((x: { service: string }) => x.service === 'linepay'))
      await ok(
        app.admin.request.post(api(`/gaa/qrpm/merchants/${SHOP}/payment-services`), {
          data: {
            service: 'linepay',
            merchantId: SHOP,
            name: 'LINE Pay 測試',
            channelId: '1656000003',
            channelSecret: `e2e-line-secret-${randomUUID()}`,
          },
        }),
        201,
      );
    await ok(
      app.admin.request.put(api(`/gaa/qrpm/merchants/${SHOP}/payment-configs`), {
        data: { service: 'linepay', type: 'linepay', enable: true },
      }),
    );
    try {
      const { product } = app;
      await app.phone.goto(url(`/shop/${SHOP}/menu?mealType=to_go`));
      await addToCart(product.name);
      await openCheckout('線上付款客');
      await app.phone.getByRole('radio', { name: '線上付款' }).check();
      await poll(() => app.phone.getByRole('radio', { name: 'LINE Pay' }).isChecked()).toBe(true);
      await sendButton().click();
      await app.phone.waitForURL(/\/orders\//);
      await poll(() => app.phone.getByTestId('order-payment').textContent()).toContain('LINE Pay · 待付款');
      const serial = ((await app.phone.locator('.serial').textContent()) ?? '').replace('#', '').trim();
      const pay = app.phone.getByTestId('pay-now');
      await poll(() => pay.count()).toBe(1);
      await app.phone.screenshot({ path: shot('shop-linepay-requested.png') });
      // LINE Pay's page approves and sends the customer back through our confirm route to the order page
      await pay.click();
      await app.phone.waitForURL(new RegExp(`/shop/${SHOP}/orders/`));
      await poll(() => app.phone.getByTestId('order-payment').textContent()).toContain('LINE Pay · 已付款');
      expect(await app.phone.getByTestId('pay-now').count()).toBe(0);
      await poll(() => board.getByTestId(`order-${serial}`).getByTestId('order-payment').textContent()).toBe(
        'LINE Pay · 已付款',
      );
    } finally {
      await ok(
        app.admin.request.put(api(`/gaa/qrpm/merchants/${SHOP}/payment-configs`), {
          data: { service: 'linepay', type: 'linepay', enable: false },
        }),
      );
    }
  });
});
