// permissions end to end: the store owner gives a manager one more acl on /eaa/business/{id}/acls
// (編輯權限成功), and a manager without `report` neither sees the report entries of the sidebar nor gets the
// statistics or the sales query from the API.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  hasChromium,
  launchBrowser,
  newContext,
  openedDropdown,
  poll,
  shot,
  sidebarLinks,
  signedInPage,
  submitLogin,
  url,
} from './browser';

// The first demo shop: its managers are seeded with different acls (server/src/seed/seed.ts).
const SHOP = 1;
let page: Page;
signedInPage('eaa', (p) => {
  page = p;
});

describe.skipIf(!hasChromium)('permissions (acls)', () => {
  it('eaa gives a manager the order acl in the edit dialog and sees 編輯權限成功', async () => {
    await page.goto(url(`/console/eaa/business/${SHOP}/acls`));
    const row = page.locator('.ant-table-row', { hasText: '會計 陳美玲' });
    await row.waitFor();
    await page.locator('.ant-table-row', { hasText: '外場人員 林志豪' }).getByText('訂單管理').waitFor();
    expect(await row.getByText('訂單管理').count()).toBe(0);
    await page.screenshot({ path: shot('eaa-acls.png') });
    await row.getByRole('button', { name: /編輯/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('acl-tags').getByText('營運報表').waitFor();
    await dialog.getByRole('combobox').click();
    await (await openedDropdown(page)).locator('.ant-select-item-option', { hasText: '訂單管理' }).click();
    await dialog.getByTestId('acl-tags').getByText('訂單管理').waitFor();
    await page.screenshot({ path: shot('eaa-acls-dialog.png') });
    await dialog.getByRole('button', { name: /儲\s*存/ }).click();
    await page.getByText('編輯權限成功').waitFor();
    await poll(() => row.getByText('訂單管理').count()).toBe(1);
  });

  it('a manager without report does not see the report entry and the API refuses the report calls', async () => {
    const browser = await launchBrowser();
    try {
      const staff = await (await newContext(browser)).newPage();
      await staff.goto(url('/console/line-login'));
      await submitLogin(staff, 'line-floor@demo.test');
      // without report the manager lands on the first page its acls open (shops.md "A manager's home")
      await staff.waitForURL(/\/console\/summary\/orders$/);
      await poll(() => sidebarLinks(staff)).toEqual(['/console/summary/orders', '/console/menu-management']);
      await staff.screenshot({ path: shot('line-no-report.png') });
      const stats = await staff.request.get(
        url('/console/apis/line/stats/summary?from=2026-01-01&to=2026-01-02'),
      );
      expect(stats.status()).toBe(403);
      expect((await staff.request.get(url('/console/apis/line/sales/orders'))).status()).toBe(403);
      // what it holds still works
      expect((await staff.request.get(url('/console/apis/line/summary/orders'))).status()).toBe(200);
    } finally {
      await browser.close();
    }
  });
});
