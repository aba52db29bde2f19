// coupon campaigns (spec 000 §2 "Coupon campaigns" names the routes only; docs/decisions/testing.md
// "Coupon campaigns and vouchers"): an si creates a campaign for two of its shops' customers and
// sends it, the LINE simulator receives one message per customer, a storefront order redeems one voucher and
// a second order with the same voucher is refused with a clear message; the voucher page shows it used.
import type { APIRequestContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, poll, shot, signedInPage, simUrl, url } from './browser';

let page: Page;
signedInPage(
  'si',
  (p) => {
    page = p;
  },
  { width: 1440, height: 1000 },
);
const stamp = Date.now() % 100_000;
const NAME = `端對端回饋 ${stamp}`;
const api = (path: string) => url(`/console/apis${path}`);

type TShop = { shopId: number; hasLine: boolean; customers: number };
type TProduct = { id: number; soldOut: boolean; optionGroups: { min: number }[] };
type TVoucher = { id: number; code: string; shopId: number; state: string };
type TPush = { to: string; messages: { text?: string }[] };

/** An order a customer may place at this shop (now, or at the next time it takes orders), or null. */
const orderableAt = async (req: APIRequestContext, shop: number) => {
  for (const mealType of ['to_go', 'eat_in']) {
    const sf = (p: string) => api(`/storefront/v1/shops/${shop}${p}`);
    const menu = await req.get(sf(`/menu?mealType=${mealType}`));
    if (menu.status() !== 200) continue;
    const products = ((await menu.json()) as { classes: { products: TProduct[] }[] }).classes
      .flatMap((c) => c.products)
      .filter((p) => !p.soldOut && p.optionGroups.every((g) => g.min === 0));
    if (!products.length) continue;
    const now = await (await req.get(sf(`/availability?mealType=${mealType}`))).json();
    let wantedAt: string | null = null;
    if (!now.ok) {
      if (!now.nextAcceptedAt) continue;
      const later = await (
        await req.get(sf(`/availability?mealType=${mealType}&at=${encodeURIComponent(now.nextAcceptedAt)}`))
      ).json();
      if (!later.ok) continue;
      wantedAt = now.nextAcceptedAt;
    }
    return (voucherCode: string) =>
      req.post(sf('/orders'), {
        headers: { 'idempotency-key': crypto.randomUUID() },
        data: {
          mealType,
          customer: { name: '測試顧客', phone: '0912345678' },
          items: [{ productId: products[0]!.id, quantity: 1, optionIds: [] }],
          paymentMethod: 'cash',
          wantedAt,
          ...(mealType === 'eat_in' ? { tableNumber: '1' } : {}),
          voucherCode,
        },
      });
  }
  return null;
};

describe.skipIf(!hasChromium)('an si sends a coupon campaign and a voucher is redeemed once', () => {
  it('creates, adds two LINE shops, sends; one push per customer; an order redeems, a second is refused', {
    timeout: 300_000,
  }, async () => {
    // two of the SI's shops with a LINE account and customers, past the shops other browser tests use
    const shopsRes = await page.request.get(api('/si/coupon-shops'));
    expect(shopsRes.status()).toBe(200);
    const usable = ((await shopsRes.json()).rows as TShop[]).filter((s) => s.hasLine && s.customers > 0);
    const picked = [...usable.filter((s) => s.shopId > 6), ...usable.filter((s) => s.shopId <= 6)]
      .slice(0, 2)
      .map((s) => s.shopId);
    expect(picked).toHaveLength(2);

    await page.goto(url('/console/send-coupons/new'));
    await page.getByLabel('活動名稱').fill(NAME);
    await page.getByLabel('折扣值').fill('10');
    await page.getByLabel('發送張數上限').fill('6');
    await page.getByRole('button', { name: /儲\s?存/ }).click();
    await page.waitForURL(/\/console\/send-coupons\/\d+\/add-shops$/);
    const groupId = Number(/send-coupons\/(\d+)\//.exec(page.url())![1]);
    for (const id of picked) await page.locator(`input[name=shop-${id}]`).check();
    await page.screenshot({ path: shot('coupons-add-shops.png') });
    await page.getByRole('button', { name: /加入所選 2 家商店/ }).click();
    await page.waitForURL(new RegExp(`/console/send-coupons/${groupId}/edit$`));
    await page.getByRole('link', { name: '2 家', exact: true }).waitFor();
    await page.getByRole('button', { name: /發\s?送/ }).click();
    await page.getByRole('button', { name: /確\s?定/ }).click();
    // the durable job issues the vouchers and pushes them; the page follows the progress
    await poll(() => page.getByTestId('campaign-progress').first().textContent()).toMatch(
      /已送達 ([1-9]\d*) \/ \1\b/, // not the 0 / 0 shown before the job has issued the vouchers
    );
    await page.screenshot({ path: shot('coupons-sent.png'), fullPage: true });

    const vRes = await page.request.get(api(`/si/coupon-campaigns/${groupId}/vouchers?limit=100`));
    const vouchers = (await vRes.json()).rows as TVoucher[];
    expect(vouchers.length).toBeGreaterThan(0);
    expect(vouchers.length).toBeLessThanOrEqual(6);
    expect(new Set(vouchers.map((v) => v.shopId)).size).toBeLessThanOrEqual(2);
    for (const v of vouchers) expect(picked).toContain(v.shopId);

    // the LINE simulator received exactly one message per customer, each with that customer's code
    const sim = simUrl('line');
    expect(sim).toMatch(/^http/);
    const pushesOfCampaign = async () =>
      ((await (await page.request.get(`${sim}/__sim/pushes`)).json()).pushes as TPush[]).filter((p) =>
        p.messages.some((m) => m.text?.includes(NAME)),
      );
    await poll(async () => (await pushesOfCampaign()).length).toBe(vouchers.length);
    const received = await pushesOfCampaign();
    expect(received).toHaveLength(vouchers.length);
    expect(new Set(received.map((p) => p.to)).size).toBe(vouchers.length);
    for (const v of vouchers)
      expect(
        received.filter((p) => p.messages[0]!.text!.includes(v.code)),
        v.code,
      ).toHaveLength(1);

    // a storefront order redeems one voucher; the second order with the same code is refused
    let voucher: TVoucher | undefined;
    let order: Awaited<ReturnType<typeof orderableAt>> = null;
    for (const v of vouchers) {
      order = await orderableAt(page.request, v.shopId);
      if (order) {
        voucher = v;
        break;
      }
    }
    expect(voucher, 'a shop of the campaign takes orders').toBeDefined();
    const first = await order!(voucher!.code.toLowerCase());
    expect(first.status(), await first.text()).toBe(201);
    const placed = (await first.json()).order;
    expect(placed.discount).toBeGreaterThanOrEqual(10);
    const second = await order!(voucher!.code);
    expect(second.status()).toBe(409);
    expect((await second.json()).error.message).toBe('此優惠券已使用過');

    await page.goto(url(`/console/send-coupons/${groupId}/vouchers/${voucher!.id}`));
    await poll(() => page.getByTestId('voucher').textContent()).toContain('已使用');
    await poll(() => page.getByTestId('redemptions').textContent()).toContain(`ID ${placed.id}`);
    await page.screenshot({ path: shot('coupons-voucher.png'), fullPage: true });

    await page.goto(url('/console/send-coupons'));
    await poll(() => page.getByTestId('campaigns').textContent()).toContain(NAME);
    await poll(() => page.getByTestId('campaigns').textContent()).toContain('秋季回饋');
    await page.screenshot({ path: shot('coupons-list.png'), fullPage: true });
  });
});

describe.skipIf(!hasChromium)('a stale coupon link says what is missing and leads back', () => {
  it('a campaign that is not the SI’s and a voucher the campaign lacks: a clear page, a way back, no failed call', async () => {
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/console/apis/') && r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });
    const MISSING = 2_000_000_000;
    for (const sub of ['edit', 'shops', 'add-shops', `vouchers/${MISSING}`]) {
      await page.goto(url(`/console/send-coupons/${MISSING}/${sub}`));
      const missing = page.getByTestId('coupon-missing');
      await poll(() => missing.textContent()).toContain(`找不到這個優惠活動（編號 ${MISSING}）`);
      // the SI's own campaigns to pick from, each a link to its page (the demo seeds two)
      await poll(() =>
        page.getByTestId('coupon-missing-campaigns').getByRole('link').count(),
      ).toBeGreaterThan(0);
    }
    await page.screenshot({ path: shot('coupons-missing-campaign.png'), fullPage: true });
    await page.getByRole('button', { name: '回到優惠活動列表' }).click();
    await page.waitForURL(/\/console\/send-coupons$/);
    await poll(() => page.getByTestId('campaigns').locator('tr.ant-table-row').count()).toBeGreaterThan(0);

    // a voucher number the (seeded, sent) campaign does not have
    const list = await page.request.get(api('/si/coupon-campaigns?q=秋季回饋'));
    const seeded = ((await list.json()).rows as { id: number; name: string }[])[0]!;
    await page.goto(url(`/console/send-coupons/${seeded.id}/vouchers/${MISSING}`));
    await poll(() => page.getByTestId('coupon-missing').textContent()).toContain(
      `找不到這張優惠券（編號 ${MISSING}）`,
    );
    await page.screenshot({ path: shot('coupons-missing-voucher.png'), fullPage: true });
    await page.getByRole('button', { name: `回到活動「${seeded.name}」` }).click();
    await page.waitForURL(new RegExp(`/console/send-coupons/${seeded.id}/edit$`));
    await poll(() => page.getByTestId('vouchers').locator('tr.ant-table-row').count()).toBeGreaterThan(0);
    page.removeAllListeners('response');
    expect(failed).toEqual([]);
  });
});
