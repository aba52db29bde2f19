// The settings page's Contract, Promotion and Other tabs (spec 001 §1 names them; their content is 002 §2
// screens 6 and 7 and our list of the shop's other pages, docs/decisions/testing.md "Settings page: Contract,
// Promotion and Other tabs"): gaa sees the contract list and the system status, creates a promotion in the
// tab (created disabled) that is listed after a reload, opens a page of the Other tab for the right shop;
// the eaa has no Contract tab but a Promotion tab. No tab shows the "not built yet" notice.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { otherLinks } from '../../src/features/shops/shop-settings/other/other-links';
import { RETAIL_ROUTES } from '../../src/shell/retail-route-table';
import { CONSOLE_ROUTES } from '../../src/shell/route-table';
import {
  hasChromium,
  launchBrowser,
  newContext,
  openedPopconfirm,
  poll,
  shot,
  signedInPage,
  signIn,
  url,
} from './browser';

// A catering demo shop no other browser test touches (the demo promotions are on 7–9, eaa owns 1–6).
const SHOP = 123;
const EAA_SHOP = 1;
const NAME = `分頁優惠${randomUUID().slice(0, 4)}`;
let page: Page;

signedInPage('gaa', (p) => {
  page = p;
});

const settings = (tab: string) => url(`/console/gaa/settings?accountId=${SHOP}&tab=${tab}`);
const noNotBuilt = async (p: Page) => {
  expect(await p.getByTestId('not-built').count()).toBe(0);
  expect(await p.getByText(/尚未完成|not built/i).count()).toBe(0);
};

describe('Other tab links', () => {
  it('links only to routes that have a page, in both trees, for the types the route table allows', async () => {
    // the page registry imports the pages (.tsx), which this folder's tsconfig does not compile: load it by path
    const registry = new URL('../../src/app/pages.ts', import.meta.url).pathname;
    const { PAGES } = (await import(registry)) as { PAGES: Record<string, unknown> };
    expect(Object.keys(PAGES).length).toBeGreaterThan(50);
    for (const type of ['gaa', 'si', 'eaa'] as const)
      for (const [retail, routes] of [
        [false, CONSOLE_ROUTES],
        [true, RETAIL_ROUTES],
      ] as const)
        for (const link of otherLinks({ type, retail, shop: { id: 1, name: 'x' } })) {
          if (link.kind === 'dialog') continue;
          const route = routes.find((r) => r.id === link.routeId);
          // a card is shown only when its route exists and lets the type in: then it must be built
          if (route && Array.isArray(route.who) && route.who.includes(type))
            expect(PAGES[link.routeId], `${link.routeId} has a page`).toBeTruthy();
        }
  });
});

describe.skipIf(!hasChromium)('settings tabs: Contract, Promotion, Other (gaa)', () => {
  it('the Contract tab shows the shop contract list and the system status tag', async () => {
    await page.goto(settings('store'));
    await page.getByTestId('tab-contract').click();
    await poll(() => new URL(page.url()).searchParams.get('tab')).toBe('contract');
    const view = page.getByTestId('contracts-view');
    await poll(() => view.locator('.ant-table-tbody tr.ant-table-row').count()).toBeGreaterThan(0);
    expect(await view.getByTestId('contract-system-status').textContent()).toBe('ON');
    expect(await view.getByTestId('contract-create').isVisible()).toBe(true);
    expect(await view.getByText('方案').count()).toBeGreaterThan(0);
    // embedded: the page's back button and title are not repeated inside the tab
    expect(await view.getByRole('button', { name: /返\s?回/ }).count()).toBe(0);
    await noNotBuilt(page);
    await page.screenshot({ path: shot('settings-tab-contract.png'), fullPage: true });
  });

  it('the Promotion tab creates a promotion (created disabled) that is listed, also after a reload', async () => {
    await page.getByTestId('tab-promotion').click();
    await poll(() => new URL(page.url()).searchParams.get('tab')).toBe('promotion');
    const view = page.getByTestId('promotions-view');
    await poll(() => view.getByTestId('promotion-create').count()).toBe(1);
    await poll(() => view.locator('.ant-spin-spinning').count()).toBe(0);
    await view.getByTestId('promotion-create').hover();
    await page.getByRole('menuitem', { name: '進階設定' }).click();
    const form = page.getByTestId('config-promotion-form');
    await form.getByTestId('promo-name').fill(NAME);
    await page.getByRole('button', { name: /^新\s?增$/ }).click();
    await poll(() => page.getByText('新增成功').count()).toBeGreaterThan(0);
    const row = view.locator('tr', { hasText: NAME });
    await poll(() => row.count()).toBe(1);
    expect(await row.getByRole('switch').getAttribute('aria-checked')).toBe('false'); // spec 002 §4
    expect(await row.textContent()).toContain('全部：全單 打 9折');
    // the tab's list keeps its search out of the settings page's URL (shop and tab only)
    expect([...new URL(page.url()).searchParams.keys()].sort()).toEqual(['accountId', 'tab']);
    await noNotBuilt(page);
    await page.screenshot({ path: shot('settings-tab-promotion.png'), fullPage: true });

    await page.reload();
    await poll(() => page.getByTestId('promotions-view').locator('tr', { hasText: NAME }).count()).toBe(1);
    expect(
      await page
        .getByTestId('promotions-view')
        .locator('tr', { hasText: NAME })
        .getByRole('switch')
        .getAttribute('aria-checked'),
    ).toBe('false');

    // clean up: delete it from the tab with the confirm (spec 002 §8)
    await page
      .getByTestId('promotions-view')
      .locator('tr', { hasText: NAME })
      .getByRole('button', { name: /刪除/ })
      .click();
    await (await openedPopconfirm(page)).getByRole('button', { name: /確定|確 定/ }).click();
    await poll(() => page.getByText('刪除成功！').count()).toBeGreaterThan(0);
    await poll(() => page.getByTestId('promotions-view').locator('tr', { hasText: NAME }).count()).toBe(0);
  });

  it('the Other tab lists the shop pages for gaa; a card opens its page in a new tab for this shop', async () => {
    const info = await page.request.get(url(`/console/apis/console/${SHOP}/info`));
    const name: string = (await info.json()).name;
    await page.goto(settings('other'));
    const links = page.getByTestId('other-links');
    await poll(() => links.locator('.ant-card').count()).toBeGreaterThan(5);
    for (const title of [
      '編輯商店',
      '桌邊 QR Code',
      '訂單上限',
      '出單站管理',
      '點餐機帳號',
      '整合與加值服務',
    ])
      expect(await links.getByText(title, { exact: true }).count(), title).toBe(1);
    // eaa-only: the permission page is not offered to gaa
    expect(await page.getByTestId('other-acls').count()).toBe(0);
    await noNotBuilt(page);
    await page.screenshot({ path: shot('settings-tab-other.png'), fullPage: true });

    // a dialog card: the shop's order-machine users open in place (spec 002 §2 screen 5)
    await page.getByTestId('other-pos-users').getByRole('button').click();
    await poll(() => page.getByRole('dialog').textContent()).toContain(name);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^關 閉$/ })
      .click();
    await poll(() => page.getByRole('dialog').count()).toBe(0);

    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByTestId('other-posmws').getByRole('link').click(),
    ]);
    await popup.waitForLoadState();
    const opened = new URL(popup.url());
    expect(opened.pathname).toBe('/console/posmws');
    expect(opened.searchParams.get('shop_id')).toBe(String(SHOP));
    expect(opened.searchParams.get('shop_name')).toBe(name);
    await poll(() => popup.locator('body').textContent()).toContain(name);
    await noNotBuilt(popup);
    await popup.close();

    // an in-app card: the shop's order limits
    await page.getByTestId('other-order-limits').getByRole('link').click();
    await page.waitForURL(new RegExp(`/console/gaa/business/${SHOP}/order-limits$`));
    await noNotBuilt(page);
  });
});

describe.skipIf(!hasChromium)('settings tabs (eaa)', () => {
  let eaa: Page;
  beforeAll(async () => {
    if (!hasChromium) return;
    const browser = await launchBrowser();
    eaa = await (await newContext(browser)).newPage();
    await signIn(eaa, 'eaa');
  });

  it('has no Contract tab, a Promotion tab with its list, and the permission card in Other', async () => {
    await eaa.goto(url(`/console/eaa/business/${EAA_SHOP}/settings`));
    await poll(() => eaa.getByTestId('tab-store').count()).toBe(1);
    expect(await eaa.getByTestId('tab-contract').count()).toBe(0);
    expect(await eaa.getByTestId('tab-promotion').count()).toBe(1);
    await eaa.getByTestId('tab-promotion').click();
    await poll(() => eaa.getByTestId('promotions-view').getByTestId('promotion-create').count()).toBe(1);
    await poll(() => eaa.getByTestId('promotions-view').locator('.ant-table').count()).toBe(1);
    await noNotBuilt(eaa);
    await eaa.getByTestId('tab-other').click();
    await poll(() => eaa.getByTestId('other-acls').count()).toBe(1);
    // gaa- and si-only pages are not offered to the eaa (route table)
    for (const key of ['printer-stations', 'posmws', 'update-oa', 'account-email'])
      expect(await eaa.getByTestId(`other-${key}`).count(), key).toBe(0);
    await noNotBuilt(eaa);
    await eaa.close();
    await eaa.context().browser()?.close();
  });
});
