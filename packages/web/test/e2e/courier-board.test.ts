// Issue 13 "done means": a delivery order gets a courier through the vendor adapter and its statuses reach the
// open board. Shop 10 is a courier shop (seed/logistics.ts) whose order machine is `counter2`; the e2e server
// runs the vendor simulator with a 2 s step (global-setup.ts), so a new delivery order's courier is matched,
// picks up and delivers while the board is open.
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, hasChromium, launchBrowser, newContext, poll, shot, url } from './browser';

const SHOP = 10;
const CITY_HALL = { lat: 25.037531, lng: 121.563694 };
let browser: Browser;
let board: Page;

describe.skipIf(!hasChromium)('a courier shop’s board follows its delivery', () => {
  beforeAll(async () => {
    browser = await launchBrowser();
    board = await (await newContext(browser)).newPage();
    await board.setViewportSize({ width: 1366, height: 900 });
    await board.goto(url('/console/qcpos/login'));
    await board.getByLabel('使用者名稱').fill('counter2');
    await board.getByLabel('密碼').fill(DEMO_PASSWORD);
    await board.getByRole('button', { name: /登\s*入/ }).click();
    await board.waitForURL(/\/console\/qcpos\/pos$/);
    await board.waitForSelector('[data-testid=feed-state][data-state=live]', { timeout: 30_000 });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a new delivery order is matched with a courier and its statuses move on the open board', async () => {
    const menu = await (
      await board.request.get(url(`/console/apis/storefront/v1/shops/${SHOP}/menu?mealType=delivery`))
    ).json();
    const product = (
      menu.classes as { products: { id: number; soldOut: boolean; optionGroups: { min: number }[] }[] }[]
    )
      .flatMap((c) => c.products)
      .find((p) => !p.soldOut && p.optionGroups.every((g) => g.min === 0));
    expect(product).toBeDefined();
    const res = await board.request.post(url(`/console/apis/storefront/v1/shops/${SHOP}/orders`), {
      headers: { 'idempotency-key': randomUUID() },
      data: {
        mealType: 'delivery',
        customer: { name: '外送測試', phone: '0912345678' },
        items: [{ productId: product!.id, quantity: 3, optionIds: [] }],
        paymentMethod: 'cash',
        delivery: {
          address: '台北市信義區市府路45號',
          lat: CITY_HALL.lat + 0.002,
          lng: CITY_HALL.lng + 0.002,
        },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const serial = (await res.json()).order.serial as number;
    const card = board.getByTestId(`order-${serial}`);
    await poll(() => card.count()).toBe(1);
    // the courier request leaves through the outbox; the vendor's signed webhooks move the status
    const seen = new Set<string>();
    await expect
      .poll(
        async () => {
          const tag = card.getByTestId('logistics-status');
          if (await tag.count()) seen.add(((await tag.textContent()) ?? '').trim());
          return seen.size;
        },
        { timeout: 40_000, interval: 250 },
      )
      .toBeGreaterThanOrEqual(2);
    await board.screenshot({ path: shot('courier-board.png') });
    expect(
      [...seen].every((s) => ['媒合中', '前往取餐中', '已取餐', '已送達', '已逾時', '已轉客服'].includes(s)),
    ).toBe(true);
  });
});
