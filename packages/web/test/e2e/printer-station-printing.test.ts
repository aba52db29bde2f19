// "Done means": an item of a class assigned to station 'Bar' (吧台) prints only at the bar printer.
// The demo shop with branch-station printing on (seed/printer-stations.ts: kitchen for mains, soups and sides,
// bar for drinks, 2 copies) takes a storefront order of a drink and a main; the server's printer simulator
// says what each printer printed. Station edits show in the shop's Record tab (docs/decisions/testing.md "Portal
// logo, shop order and station audit").
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, poll, shot, signedInPage, simUrl, url } from './browser';

let page: Page;
let shop = 0;
const sim = () => simUrl('printer');
const api = (path: string) => url(`/console/apis${path}`);
type TPrinted = { printed: string[][] };
/** The decoded tickets a printer of the simulator printed, oldest first. */
const printed = async (sn: string) =>
  ((await (await page.request.get(`${sim()}/__sim/printers/${sn}/printed`)).json()) as TPrinted).printed.map(
    (lines) => lines.join('\n'),
  );
const sn = (n: number) => `DEMOST${String(shop).padStart(5, '0')}${n}`;
const STAMP = Date.now().toString(36).slice(-4);

describe.skipIf(!hasChromium)('printing follows the printer stations', () => {
  signedInPage('gaa', (p) => {
    page = p;
  });

  it('a drink prints only at the bar printer, a main only at the kitchen printer', {
    timeout: 120_000,
  }, async () => {
    expect(sim(), 'the e2e server runs the local printer simulator').toMatch(/^http:/);
    for (let id = 33; id <= 60 && !shop; id += 1) {
      const res = await page.request.get(api(`/gaa/accounts/${id}/printer-station/station/settings`));
      if (res.ok() && (await res.json()).isStation) shop = id;
    }
    expect(shop).toBeGreaterThan(0);
    // the stations page as the operator sees it, then 同步 registers the printers with the service
    await page.goto(url(`/console/gaa/printer/stations?shop_id=${shop}`));
    await poll(() => page.getByTestId('station-row-吧台').textContent()).toContain('飲料');
    await page.getByRole('button', { name: /同\s?步/ }).click();
    await poll(() => page.getByText('同步成功！').isVisible()).toBe(true);

    type TProduct = { productId: number; names: { zh?: string } };
    const products = async (sku: string) =>
      (
        (await (await page.request.get(api(`/gaa/class-sku/${sku}/products?accountId=${shop}`))).json()) as {
          products: TProduct[];
        }
      ).products;
    // the storefront's own menu: each required option group gets its first options, as a customer picks
    type TMenuProduct = {
      id: number;
      soldOut: boolean;
      optionGroups: { min: number; options: { id: number; soldOut: boolean }[] }[];
    };
    const menu = (await (
      await page.request.get(api(`/storefront/v1/shops/${shop}/menu?mealType=to_go`))
    ).json()) as {
      classes: { products: TMenuProduct[] }[];
    };
    const onSale = new Map(
      menu.classes
        .flatMap((c) => c.products)
        .filter((p) => !p.soldOut)
        .map((p) => [p.id, p]),
    );
    const optionIds = (id: number) =>
      onSale.get(id)!.optionGroups.flatMap((g) =>
        g.options
          .filter((o) => !o.soldOut)
          .slice(0, g.min)
          .map((o) => o.id),
      );
    const drink = (await products('DRINK')).find(
      (p) => p.names.zh !== '古早味紅茶' && onSale.has(p.productId),
    )!;
    const main = (await products('MAIN')).find((p) => onSale.has(p.productId))!;
    expect(drink, 'a drink on sale').toBeTruthy();
    expect(main, 'a main on sale').toBeTruthy();
    const before = { kitchen: (await printed(sn(1))).length, bar: (await printed(sn(2))).length };

    const res = await page.request.post(api(`/storefront/v1/shops/${shop}/orders`), {
      headers: { 'idempotency-key': randomUUID() },
      data: {
        mealType: 'to_go',
        customer: { name: `分站顧客${STAMP}`, phone: '0933000222' },
        items: [
          { productId: drink.productId, quantity: 2, optionIds: optionIds(drink.productId) },
          { productId: main.productId, quantity: 1, optionIds: optionIds(main.productId) },
        ],
        paymentMethod: 'cash',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const { order } = await res.json();
    if (order.status !== 'accepted') {
      const accepted = await page.request.post(api(`/gaa/summary/orders/${order.id}/accept`), { data: {} });
      expect(accepted.status(), await accepted.text()).toBe(200);
    }
    const [drinkName, mainName] = [drink.names.zh!, main.names.zh!];
    // the bar: its print times (2), the drink and not the main
    await poll(async () => (await printed(sn(2))).length - before.bar).toBe(2);
    for (const ticket of (await printed(sn(2))).slice(before.bar)) {
      expect(ticket).toContain('【吧台】');
      expect(ticket).toContain(`${drinkName} x2`);
      expect(ticket).not.toContain(mainName);
    }
    // the kitchen: the main once, no drink
    await poll(async () => (await printed(sn(1))).length - before.kitchen).toBe(1);
    const kitchen = (await printed(sn(1))).slice(before.kitchen)[0]!;
    expect(kitchen).toContain('【廚房】');
    expect(kitchen).toContain(`${mainName} x1`);
    expect(kitchen).not.toContain(drinkName);
  });

  it('a station edit on the stations page shows in the Record tab of the shop settings', async () => {
    const NAME = `稽核站${STAMP}`;
    await page.goto(url(`/console/gaa/printer/stations?shop_id=${shop}`));
    await poll(() => page.getByTestId('station-row-吧台').isVisible()).toBe(true);
    await page.getByRole('button', { name: /新增工作站/ }).click();
    const dialog = page.getByRole('dialog');
    // the modal opens with 'new station N' once it knows the count
    await poll(() => dialog.getByLabel('名稱').inputValue()).toMatch(/^new station \d+$/);
    await dialog.getByLabel('名稱').fill(NAME);
    await dialog.getByLabel('列印張數').fill('2');
    await dialog.getByRole('button', { name: /儲\s?存/ }).click();
    const row = page.getByTestId(`station-row-${NAME}`);
    await poll(() => row.isVisible()).toBe(true);
    await row.getByRole('button', { name: /刪\s?除/ }).click();
    await page
      .getByRole('tooltip')
      .filter({ hasText: NAME })
      .getByRole('button', { name: /刪\s?除/ })
      .click();
    await poll(() => row.count()).toBe(0);

    await page.goto(url(`/console/gaa/settings?accountId=${shop}`));
    await page.getByTestId('tab-record').click();
    const table = page.getByTestId('record-table');
    await page.screenshot({ path: shot('station-record-tab.png'), fullPage: true });
    // the modal's save (created, named, its print times) and the delete, newest first
    await poll(() => table.locator('tr', { hasText: `刪除工作站 ${NAME}` }).count()).toBe(1);
    expect(await table.locator('tr', { hasText: NAME }).count()).toBeGreaterThanOrEqual(2);
    expect(await table.locator('tr', { hasText: '列印張數' }).count()).toBeGreaterThan(0);
    expect(await table.locator('tr', { hasText: '同步出單機' }).count()).toBeGreaterThan(0);
    expect(await table.locator('tr', { hasText: `刪除工作站 ${NAME}` }).textContent()).toContain(
      '出單工作站',
    );
    await page.screenshot({ path: shot('station-record-tab.png'), fullPage: true });
  });
});
