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

// The first demo shop and its manager seeded without acls (server/src/seed/seed.ts); no shop setting changes.
const SHOP = 1;
const MANAGER = 'line-acl@demo.test';
const PAGES = {
  shop: `/console/line/business/${SHOP}/info`,
  user: `/console/line/business/${SHOP}/pos-users`,
  contract: `/console/line/business/${SHOP}/contract`,
  admin: `/console/line/business/${SHOP}/acls`,
} as const;

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
  await page.waitForURL(/\/console\/summary\/stat$/);
  return page;
};

const shopName = async () => {
  const res = await owner.request.get(api(`/eaa/shops/${SHOP}`));
  return ((await res.json()) as { businessData: { businessName: string } }).businessData.businessName;
};

describe.skipIf(!hasChromium)('a shop manager’s pages follow its acls (spec 002 §3)', () => {
  it('without acls: no sidebar entry, and each page shows 沒有權限', async () => {
    const page = await managerWith([]);
    // the home page (statistics) needs report: the no-permission page, and an empty sidebar
    await page.getByText('沒有權限', { exact: true }).waitFor();
    await poll(() => sidebarLinks(page)).toEqual([]);
    for (const path of Object.values(PAGES)) {
      await page.goto(url(path));
      await page.getByText('您沒有權限檢視此頁面。').waitFor();
    }
    await page.screenshot({ path: shot('acl-pages-none.png') });
    await page.context().close();
  });

  it('shop: the sidebar shows 商店資訊 and the page shows the shop', async () => {
    const page = await managerWith(['shop']);
    await poll(() => sidebarLinks(page)).toEqual([PAGES.shop]);
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
    await page.context().close();
  });

  it('admin: the sidebar shows 權限設定 and the page lists the managers', async () => {
    const page = await managerWith(['admin']);
    await poll(() => sidebarLinks(page)).toEqual([PAGES.admin]);
    await page.locator('[data-testid=sidebar-menu]').getByText('權限設定').click();
    await page.waitForURL(new RegExp(`${PAGES.admin}$`));
    await page.locator('.ant-table-row', { hasText: '儲備幹部 吳承恩' }).waitFor();
    await page.screenshot({ path: shot('acl-pages-admin.png') });
    await page.context().close();
  });
});
