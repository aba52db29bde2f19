// "done means": a delivery order gets a courier through the vendor adapter and its statuses reach the
// open board. Shop 10 is a courier shop (seed/logistics.ts) whose order machine is `counter2`; the e2e server
// runs the vendor simulator with a 2 s step (global-setup.ts), so a new delivery order's courier is matched,
// picks up and delivers while the board is open.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, hasChromium, launchBrowser, newContext, poll, shot, signIn, url } from './browser';
import { placeDeliveryOrder } from './courier-kit';

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
    const placed = await placeDeliveryOrder(board.request, {
      customer: { name: '外送測試', phone: '0912345678' },
    });
    const serial = placed.order.serial;
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

// "logistics recall from the order drawer" (spec 002 §12, §8 物流請求已送出). Shop 12 is a demo courier
// shop no other browser test orders from; the test switches it to manual dispatch (v2, private wallet), so
// an accepted delivery waits at 媒合中 with no courier request until gaa recalls one from the drawer.
const RECALL_SHOP = 12;
const NTU = { lat: 25.017341, lng: 121.539752 };

describe.skipIf(!hasChromium)('gaa recalls a courier from the order drawer', () => {
  let gaaBrowser: Browser;
  let gaa: Page;
  beforeAll(async () => {
    gaaBrowser = await launchBrowser();
    gaa = await (await newContext(gaaBrowser)).newPage();
    await gaa.setViewportSize({ width: 1366, height: 900 });
    await signIn(gaa, 'gaa');
  });
  afterAll(async () => {
    await gaaBrowser?.close();
  });

  it('gaa sees 重新叫車 on a waiting delivery, confirms, reads 物流請求已送出 and the courier moving', async () => {
    const api = (path: string) => url(`/console/apis${path}`);
    const saved = await gaa.request.put(api(`/gaa/shops/${RECALL_SHOP}/logistic-settings`), {
      data: {
        configurations: {
          isLogistic: true,
          isLala: false,
          logisticPlatform: 'platform',
          logisticMode: 'manual',
          logisticVersion: 'v2',
          logisticWallet: 'private',
          logisticDefaultVendor: 'lala',
          gitDefaultVendor: 'lala',
        },
        // 自有物流: the courier goes through this Lalamove account (a sandbox key the vendor simulator takes)
        settings: [
          {
            vendor: 'lala',
            merchantId: '',
            accessKey: 'pk_test_recall_shop',
            accessToken: 'sk_test_recall_shop',
          },
        ],
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    expect((await saved.json()).configurations.logisticMode).toBe('manual');

    const { order } = await placeDeliveryOrder(gaa.request, {
      shop: RECALL_SHOP,
      customer: { name: '重新叫車', phone: '0922333444' },
      quantity: 2,
      at: { ...NTU, address: '台北市大安區羅斯福路四段1號' },
    });
    if (order.status === 'new') {
      const accepted = await gaa.request.post(api(`/gaa/summary/orders/${order.id}/accept`), { data: {} });
      expect(accepted.status(), await accepted.text()).toBe(200);
    }

    await gaa.goto(url(`/console/summary/orders?shopId=${RECALL_SHOP}`));
    const detail = gaa.getByRole('button', { name: `明細 #${order.serial}` });
    await poll(() => detail.count()).toBe(1);
    await detail.click();
    const drawer = gaa.getByTestId('order-drawer');
    const status = drawer.getByTestId('logistics-status');
    await poll(() => status.textContent()).toBe('媒合中');
    const recall = drawer.getByRole('button', { name: '重新叫車' });
    await poll(() => recall.count()).toBe(1);

    await recall.click();
    await gaa.getByText('確定要為此訂單重新叫車嗎？').waitFor();
    await gaa.getByRole('button', { name: /確\s*定|OK/ }).click();
    await gaa.getByText('物流請求已送出').waitFor({ timeout: 15_000 });
    // manual dispatch requests no courier by itself: a courier on the way proves the recall's request went out
    await expect
      .poll(async () => (await status.textContent())?.trim(), { timeout: 40_000, interval: 250 })
      .toMatch(/前往取餐中|已取餐|已送達/);
    // and with a courier on the way the button is gone (contract recallRefusal: courier busy)
    await poll(() => recall.count()).toBe(0);
    await gaa.screenshot({ path: shot('order-drawer-recall.png') });
  });
});
