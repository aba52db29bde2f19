// contracts end to end: gaa opens a shop's contract list, adds a contract (system end = end + 7),
// turns the shop's system off (the page reloads and says OFF) and the storefront refuses the next order with
// the reason; turned back on, that refusal is gone.
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasChromium,
  launchBrowser,
  newContext,
  openedDropdown,
  openedPopconfirm,
  poll,
  signIn,
  url,
} from './browser';

// A catering demo shop no other browser test touches.
const SHOP = 77;
const SHOTS = '/tmp/shopdesk-shots';
let browser: Browser;
let page: Page;

beforeAll(async () => {
  if (!hasChromium) return;
  browser = await launchBrowser();
  page = await (await newContext(browser)).newPage();
  await signIn(page, 'gaa');
});
afterAll(async () => {
  await browser?.close();
});

type TConsoleMenu = { products: { id: number; optionGroups: { minSelect: number }[] }[] };
let productId = 0;

/** A storefront order of one of the shop's products without required options (its menu read by gaa). */
const order = async () => {
  if (!productId) {
    const menu = (await (
      await page.request.get(url(`/console/apis/gaa/shops/${SHOP}/menu`))
    ).json()) as TConsoleMenu;
    productId = menu.products.find((p) => p.optionGroups.every((g) => g.minSelect === 0))?.id ?? 0;
    expect(productId).toBeGreaterThan(0);
  }
  const base = url(`/console/apis/storefront/v1/shops/${SHOP}`);
  return page.request.post(`${base}/orders`, {
    headers: { 'idempotency-key': randomUUID() },
    data: {
      mealType: 'to_go',
      customer: { name: '合約顧客', phone: '0933000111' },
      items: [{ productId, quantity: 1, optionIds: [] }],
      paymentMethod: 'cash',
    },
  });
};

describe.skipIf(!hasChromium)('contracts', () => {
  it("adds a contract, turns the system off and the storefront refuses with the reason; back on, it doesn't", async () => {
    await page.goto(url(`/console/gaa/business/${SHOP}/contract?businessId=${SHOP}`));
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await poll(() => rows.count()).toBeGreaterThan(0);
    const before = await rows.count();
    expect(await page.getByTestId('contract-system-status').textContent()).toBe('ON');
    await page.screenshot({ path: `${SHOTS}/gaa-contracts.png` });

    await page.getByTestId('contract-create').click();
    const form = page.getByTestId('contract-form');
    await form.getByTestId('contract-plan').click();
    await (await openedDropdown(page)).locator('.ant-select-item-option').first().click();
    // spec 002 §9: today (a Taipei date) to one year ahead, system end = end + 7 days
    const end = new Date(`${new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10)}T00:00:00`);
    end.setFullYear(end.getFullYear() + 1);
    end.setDate(end.getDate() + 7);
    const ymd = (d: Date) =>
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    expect(
      await form
        .locator('input[data-testid=contract-sys-end], [data-testid=contract-sys-end] input')
        .first()
        .inputValue(),
    ).toBe(ymd(end));
    await page.screenshot({ path: `${SHOTS}/gaa-contract-dialog.png` });
    await page.getByRole('button', { name: /^新\s?增$/ }).click();
    await poll(() => page.getByText('新增合約成功！').count()).toBeGreaterThan(0);
    await poll(() => rows.count()).toBe(before + 1);

    // system OFF: the page reloads and shows OFF
    await page.getByTestId('contract-system-button').click();
    const reloaded = page.waitForEvent('load');
    await (await openedPopconfirm(page)).getByRole('button', { name: /確\s?定/ }).click();
    await reloaded;
    await poll(() => page.getByTestId('contract-system-status').textContent()).toBe('OFF');
    const refused = await order();
    expect(refused.status()).toBe(409);
    expect((await refused.json()).error).toMatchObject({
      code: 'SYSTEM_CLOSED',
      message: '商店系統已關閉（合約到期或停用），暫停接受訂單',
    });
    // the storefront menu says the same
    const menu = await page.request.get(url(`/console/apis/storefront/v1/shops/${SHOP}/menu?mealType=to_go`));
    expect((await menu.json()).error.code).toBe('SYSTEM_CLOSED');
    // and a customer opening the shop on a phone reads the reason instead of a menu
    const phone = await (
      await browser.newContext({ locale: 'zh-TW', viewport: { width: 390, height: 844 }, isMobile: true })
    ).newPage();
    await phone.goto(url(`/shop/${SHOP}/menu?mealType=to_go`));
    await poll(() => phone.getByText('商店系統已關閉（合約到期或停用），暫停接受訂單').isVisible()).toBe(
      true,
    );
    expect(await phone.getByTestId('products').count()).toBe(0);
    // nothing on the page says it is open or suggests another meal type
    expect(await phone.getByText('營業中').count()).toBe(0);
    expect(await phone.getByText('請改選其他用餐方式').count()).toBe(0);
    await phone.screenshot({ path: `${SHOTS}/shop-app-system-off.png` });
    await page.screenshot({ path: `${SHOTS}/gaa-contracts-off.png` });

    // back ON: whatever else the shop refuses, it is not the system any more
    await page.getByTestId('contract-system-button').click();
    const again = page.waitForEvent('load');
    await (await openedPopconfirm(page)).getByRole('button', { name: /確\s?定/ }).click();
    await again;
    await poll(() => page.getByTestId('contract-system-status').textContent()).toBe('ON');
    const after = await order();
    if (after.status() !== 201) expect((await after.json()).error.code).not.toBe('SYSTEM_CLOSED');
    await phone.reload();
    await poll(
      async () =>
        (await phone.getByTestId('products').count()) > 0 ||
        (await phone.getByText('商店系統已關閉', { exact: false }).count()) === 0,
    ).toBe(true);
    expect(await phone.getByText('商店系統已關閉', { exact: false }).count()).toBe(0);
  });
});
