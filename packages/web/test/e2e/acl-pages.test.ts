// spec 002 §3 "Permission values (acls)": a shop manager (line user) sees and opens the pages of its shop that
// its acls open (shop → shop info, user → order-machine users, contract → reading the contracts, admin →
// the permission page), and without the value the sidebar entry is hidden and the route shows 沒有權限.
// The owner (eaa) gives the values through the API; the manager signs in at /line-login.
import type { TAcl } from '@shopdesk/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasChromium,
  launchBrowser,
  newContext,
  poll,
  shot,
  sidebarLinks,
  signedInPage,
  submitLogin,
  url,
} from './browser';

// The first demo shop and its manager seeded without acls (server/src/seed/seed.ts); the one setting the manager
// changes (the shop's e-mail) is put back by the owner.
const SHOP = 1;
const MANAGER = 'line-acl@demo.test';
const PAGES = {
  shop: `/console/line/business/${SHOP}/info`,
  user: `/console/line/business/${SHOP}/pos-users`,
  contract: `/console/line/business/${SHOP}/contract`,
  admin: `/console/line/business/${SHOP}/acls`,
} as const;
/** The `shop` acl also opens the shop's edit form and its settings (Store, Advance, Record tabs). */
const SHOP_EDIT = `/console/line/business/${SHOP}/edit`;
const SHOP_SETTINGS = `/console/line/business/${SHOP}/settings`;

let owner: Page;
signedInPage('eaa', (p) => {
  owner = p;
});
let browser: Browser;
beforeAll(async () => {
  if (hasChromium) browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const api = (path: string) => url(`/console/apis${path}`);

/** The owner sets the manager's acls (POST /eaa/eaa-shops/{id}/acls), then the manager signs in. */
const managerWith = async (acls: TAcl[]) => {
  const list = await owner.request.get(api(`/eaa/eaa-shops/${SHOP}/managers`));
  expect(list.status()).toBe(200);
  const { managers } = (await list.json()) as { managers: { userId: number; email: string }[] };
  const userId = managers.find((m) => m.email === MANAGER)?.userId;
  expect(userId).toBeTypeOf('number');
  const saved = await owner.request.post(api(`/eaa/eaa-shops/${SHOP}/acls`), {
    data: { userId, accountId: SHOP, acls },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const page = await (await newContext(browser)).newPage();
  await page.goto(url('/console/line-login'));
  await submitLogin(page, MANAGER);
  await page.waitForURL((u) => !u.pathname.endsWith('/line-login'));
  return page;
};

const shopName = async () => {
  const res = await owner.request.get(api(`/eaa/shops/${SHOP}`));
  return ((await res.json()) as { businessData: { businessName: string } }).businessData.businessName;
};

describe.skipIf(!hasChromium)('a shop manager’s pages follow its acls (spec 002 §3)', () => {
  it('without acls: no sidebar entry, and each page shows 沒有權限', async () => {
    const page = await managerWith([]);
    // no page is open to it: home stays the statistics page, which says so
    await page.waitForURL(/\/console\/summary\/stat$/);
    // the home page (statistics) needs report: the no-permission page, and an empty sidebar
    await page.getByText('沒有權限', { exact: true }).waitFor();
    await poll(() => sidebarLinks(page)).toEqual([]);
    for (const path of [...Object.values(PAGES), SHOP_EDIT, SHOP_SETTINGS]) {
      await page.goto(url(path));
      await page.getByText('您沒有權限檢視此頁面。').waitFor();
    }
    await page.screenshot({ path: shot('acl-pages-none.png') });
    await page.context().close();
  });

  it('shop: the sidebar shows 商店資訊 and the page shows the shop', async () => {
    const page = await managerWith(['shop']);
    // home is the first page its acls open (shell/manager-pages.ts homePath)
    await page.waitForURL(new RegExp(`${PAGES.shop}$`));
    await poll(() => sidebarLinks(page)).toEqual([PAGES.shop, SHOP_EDIT, SHOP_SETTINGS]);
    await page.locator('[data-testid=sidebar-menu]').getByText('商店資訊').click();
    await page.waitForURL(new RegExp(`${PAGES.shop}$`));
    await page.getByRole('heading', { name: await shopName() }).waitFor();
    await page.getByText('商店資料').waitFor();
    // the owner's controls stay the owner's
    expect(await page.getByTestId('binding-code').count()).toBe(0);
    await page.screenshot({ path: shot('acl-pages-shop.png'), fullPage: true });
    await page.goto(url(PAGES.user));
    await page.getByText('您沒有權限檢視此頁面。').waitFor();
    await page.context().close();
  });

  it('shop: the manager edits a setting of its shop (Store tab) and opens the edit form; the owner’s rights only', async () => {
    const page = await managerWith(['shop']);
    await page.locator('[data-testid=sidebar-menu]').getByText('商店參數').click();
    await page.waitForURL(new RegExp(`${SHOP_SETTINGS}$`));
    const email = page.getByTestId('field-email').locator('input');
    await poll(() => email.isVisible()).toBe(true);
    // the Store, Advance and Record tabs; the store code (gaa and si, spec 000 §6) is not offered
    expect(
      await page.locator('[data-testid^=tab-]').evaluateAll((ts) => ts.map((x) => x.dataset.testid)),
    ).toEqual(['tab-store', 'tab-advance', 'tab-record']);
    expect(await page.getByTestId('field-code').count()).toBe(0);
    const before = await email.inputValue();
    const next = `mgr${Date.now() % 100000}@example.com`;
    await email.fill(next);
    await poll(() => page.getByTestId('save-bar-count').textContent()).toBe('1 個欄位尚未儲存');
    await page.getByTestId('save-bar').getByRole('button', { name: '儲存變更' }).click();
    await poll(() => page.getByTestId('save-bar').count()).toBe(0);
    await page.reload();
    await poll(() => page.getByTestId('field-email').locator('input').inputValue()).toBe(next);
    await page.screenshot({ path: shot('acl-pages-settings.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: shot('acl-pages-settings-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1366, height: 900 });
    // the edit form of the same shop, without the owner's back-to-list
    await page.locator('[data-testid=sidebar-menu]').getByText('編輯商店').click();
    await page.waitForURL(new RegExp(`${SHOP_EDIT}$`));
    await page.getByTestId('shop-edit-title').waitFor();
    await page.getByRole('button', { name: '確認修改' }).waitFor();
    await page.screenshot({ path: shot('acl-pages-edit.png') });
    await page.context().close();
    // put the demo shop back as it was (the owner's own call)
    const restored = await owner.request.put(api(`/console/${SHOP}/business`), {
      data: { label: '商店 Email', table: 'business', key: 'email', value: before },
    });
    expect(restored.status(), await restored.text()).toBe(200);
  });

  it('order without report: lands on Orders, and 回到首頁 from a refused page goes there, not back to itself', async () => {
    const page = await managerWith(['order']);
    // was /summary/stat showing 沒有權限, its 回到首頁 button leading to the same page
    await page.waitForURL(/\/console\/summary\/orders$/);
    await poll(() => sidebarLinks(page)).toEqual(['/console/summary/orders']);
    await page.goto(url('/console/summary/stat'));
    await page.getByText('沒有權限', { exact: true }).waitFor();
    await page.getByRole('button', { name: '回到首頁' }).click();
    await page.waitForURL(/\/console\/summary\/orders$/);
    await page.screenshot({ path: shot('acl-pages-order-home.png') });
    await page.context().close();
  });

  it('user: the sidebar shows 點餐機使用者 and the page lists the shop’s order machines', async () => {
    const page = await managerWith(['user']);
    await poll(() => sidebarLinks(page)).toEqual([PAGES.user]);
    await page.locator('[data-testid=sidebar-menu]').getByText('點餐機使用者').click();
    await page.waitForURL(new RegExp(`${PAGES.user}$`));
    // counter1 is the seeded order machine of the shop
    await page.locator('.ant-table-row', { hasText: 'counter1' }).waitFor();
    await page.screenshot({ path: shot('acl-pages-user.png') });
    await page.context().close();
  });

  it('contract: the sidebar shows 合約管理 and the page reads the contracts without changing them', async () => {
    const page = await managerWith(['contract']);
    await poll(() => sidebarLinks(page)).toEqual([PAGES.contract]);
    await page.locator('[data-testid=sidebar-menu]').getByText('合約管理').click();
    await page.waitForURL(new RegExp(`${PAGES.contract}$`));
    await page.getByText(`合約管理：${await shopName()}（${SHOP}）`).waitFor();
    await page.getByTestId('contract-system-status').waitFor();
    expect(await page.getByTestId('contract-create').count()).toBe(0);
    expect(await page.getByTestId('contract-system-button').count()).toBe(0);
    await page.screenshot({ path: shot('acl-pages-contract.png') });
    // a phone: the plan, period and system end in two columns, the table does not scroll sideways
    await page.setViewportSize({ width: 390, height: 844 });
    await poll(() =>
      page
        .getByText(/^系統結束日 \d{4}-\d{2}-\d{2}$/)
        .first()
        .isVisible(),
    ).toBe(true);
    const table = await page
      .locator('.ant-table-content')
      .first()
      .evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(table).toBeLessThanOrEqual(0);
    await page.screenshot({ path: shot('acl-pages-contract-390.png'), fullPage: true });
    await page.context().close();
  });

  it('admin: the sidebar shows 權限設定 and the page lists the managers', async () => {
    const page = await managerWith(['admin']);
    await poll(() => sidebarLinks(page)).toEqual([PAGES.admin]);
    await page.locator('[data-testid=sidebar-menu]').getByText('權限設定').click();
    await page.waitForURL(new RegExp(`${PAGES.admin}$`));
    await page.locator('.ant-table-row', { hasText: '儲備幹部 吳承恩' }).waitFor();
    await page.screenshot({ path: shot('acl-pages-admin.png') });
    // a phone: one column per manager with its edit button on screen, no sideways scrolling
    await page.setViewportSize({ width: 390, height: 844 });
    const edit = page.getByRole('button', { name: '編輯 儲備幹部 吳承恩' });
    await poll(async () => {
      const b = await edit.boundingBox();
      return b !== null && b.x >= 0 && b.x + b.width <= 390;
    }).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: shot('acl-pages-admin-390.png'), fullPage: true });
    await page.context().close();
  });
});
