// 團購 (is_groupbuy, docs/decisions/customer-app.md "Group orders") on two phones: the opener opens a group
// order from the menu, a friend opens the shared link in another browser, both add items under their names,
// each sees the other's, and the opener checks out once through the ordinary checkout.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, poll, shot, url } from './browser';
import { newPhone, shopApp, shopKit } from './shop-app-kit';

// A demo shop no other browser test touches.
const SHOP = 36;
const kit = shopKit(SHOP);

let opener: Page;
let friend: Page;
let serial = 0;

const addItem = (page: Page) => kit.addToCart(page, app.product.name);
const people = (page: Page) => page.getByTestId('group-person').allInnerTexts();

// to-go cash orders, no phone number asked, 團購 off until the test turns it on; the frame's phone opens the
// group order, a second phone (another browser profile) is the friend's
const app = shopApp(kit, async ({ admin, browser, phone }) => {
  await kit.switches(admin, ['is_enabled', 'is_to_go', 'is_to_go_cash'], ['is_groupbuy']);
  await kit.saveShopForm(admin, { isPhoneRequired: false, isNotPhone: false });
  opener = phone;
  friend = await newPhone(browser);
});

describe.skipIf(!hasChromium)('group order (團購) on two phones', () => {
  it('switch off: the menu offers no 開團', async () => {
    await app.menu();
    expect(await opener.getByTestId('group-start').count()).toBe(0);
  });

  it('the opener opens, a friend joins by the link, both add, the opener checks out once', async () => {
    await app.save('is_groupbuy', true);
    await app.menu();
    await opener.getByTestId('group-start').click();
    await opener.getByTestId('group-name').fill('阿明');
    await opener.getByTestId('group-open').click();
    await opener.waitForURL(/\/group\//);
    const link = await opener.getByTestId('group-link').inputValue();
    expect(link).toMatch(new RegExp(`/shop/${SHOP}/group/[A-Za-z0-9_-]{32}$`));
    await addItem(opener);

    // the friend, in another browser: a name first, then the menu
    await friend.goto(link);
    await friend.getByTestId('group-join-name').fill('小美');
    await friend.getByTestId('group-join').click();
    await poll(() => friend.getByTestId('group-me').textContent()).toContain('小美');
    // the friend sees the opener's item, adds one, and cannot check out
    await poll(async () => (await people(friend)).join('|')).toContain('阿明');
    await addItem(friend);
    await poll(async () => (await people(friend)).join('|')).toContain('小美');
    expect(await friend.getByTestId('group-checkout').count()).toBe(0);
    // only one's own line has a remove button
    expect(await friend.getByRole('button', { name: /^移除/ }).count()).toBe(1);
    await friend.screenshot({ path: shot('shop-groupbuy-friend-390.png'), fullPage: true });

    // on a desktop without a key: the list, and a name asked before anything is added
    const desk = await (
      await app.browser.newContext({ locale: 'zh-TW', viewport: { width: 1440, height: 900 } })
    ).newPage();
    await desk.goto(link);
    await poll(async () => (await people(desk)).length).toBe(2);
    expect(await desk.getByTestId('group-join-name').count()).toBe(1);
    expect(await desk.getByRole('button', { name: /^移除/ }).count()).toBe(0);
    await desk.screenshot({ path: shot('shop-groupbuy-1440.png'), fullPage: true });
    await desk.context().close();

    // the opener's list catches up (polled)
    await poll(async () => (await people(opener)).join('|')).toContain('小美');
    await opener.screenshot({ path: shot('shop-groupbuy-opener-390.png'), fullPage: true });

    // the ordinary checkout, with the lines under their names
    await opener.getByTestId('group-checkout').click();
    await poll(() => opener.getByText('小美 ·').count()).toBe(1);
    await opener.getByLabel(/姓名/).fill('阿明');
    await opener.screenshot({ path: shot('shop-groupbuy-checkout-390.png'), fullPage: true });
    await kit.sendButton(opener).click();
    await opener.waitForURL(/\/orders\//);
    const token = decodeURIComponent(new URL(opener.url()).pathname.split('/').pop()!);
    // the order page names who ordered each line
    await poll(() => opener.getByText('小美 ·').count()).toBe(1);

    // the friend's page says it is checked out; nothing more can be added
    await poll(() => friend.getByTestId('group-closed').count()).toBe(1);
    expect(await friend.getByTestId('group-closed').textContent()).toMatch(/已結帳/);
    expect(await friend.getByTestId('group-products').count()).toBe(0);

    // one order with both items
    const order = await (await opener.request.get(url(`/console/apis/storefront/v1/orders/${token}`))).json();
    expect(order.order.items).toHaveLength(2);
    serial = order.order.serial as number;
  });

  it('the shop’s order board lists the items under each name', async () => {
    // the board of a new order machine of this shop, opened after the order: it lists it from the start
    const pos = await kit.board(app.browser, app.admin, { width: 1024, height: 768 });
    const card = pos.getByTestId(`order-${serial}`);
    await poll(() => card.getByTestId('item-participant').count()).toBe(2);
    expect(await card.getByTestId('item-participant').allTextContents()).toEqual([
      expect.stringContaining('阿明'),
      expect.stringContaining('小美'),
    ]);
    await pos.screenshot({ path: shot('pos-board-groupbuy-1024.png') });
  });

  it('the console’s order detail names who ordered each item', async () => {
    await app.admin.goto(url(`/console/summary/orders?shopId=${SHOP}`));
    const detail = app.admin.getByRole('button', { name: `明細 #${serial}` });
    await poll(() => detail.count()).toBe(1);
    await detail.click();
    const drawer = app.admin.getByTestId('order-drawer');
    await poll(() => drawer.getByTestId('item-participant').count()).toBe(2);
    expect(await drawer.getByRole('columnheader', { name: '點餐人' }).count()).toBe(1);
    expect(await drawer.getByTestId('item-participant').allTextContents()).toEqual(['阿明', '小美']);
    await app.admin.screenshot({ path: shot('order-drawer-groupbuy.png') });
  });
});
