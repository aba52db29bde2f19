// Service periods (spec 000 §3 timeObjSectors, 001 §3 time_obj_sectors) decide the customer's slot picker and
// are edited on the shop edit form; the go-live status (spec 002 §2 未上線/已上線): a shop not live shows it
// is not open, its staff place test orders from the board (測試點餐) and the board marks them 測試.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, hasChromium, launchBrowser, newContext, poll, shot, signIn, url } from './browser';
import { ok, shopKit } from './shop-app-kit';

// Demo catering shops no other browser test touches.
const PERIOD_SHOP = 152;
const LIVE_SHOP = 154;
const periods = shopKit(PERIOD_SHOP);
const live = shopKit(LIVE_SHOP);
const label = (text: string) => new RegExp(`^${[...text].join('\\s?')}$`);

let browser: Browser;
let admin: Page;
let phone: Page;

const prepare = async (kit: ReturnType<typeof shopKit>) => {
  await kit.openAllDay(admin);
  for (const key of ['is_enabled', 'is_to_go', 'is_to_go_cash']) await kit.saveBusiness(admin, key, true);
};
const phoneContext = () =>
  browser.newContext({
    locale: 'zh-TW',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });

beforeAll(async () => {
  if (!hasChromium) return;
  browser = await launchBrowser();
  admin = await (await newContext(browser)).newPage();
  await signIn(admin, 'gaa');
  phone = await (await phoneContext()).newPage();
});
afterAll(async () => {
  await browser?.close();
});

describe.skipIf(!hasChromium)('service periods', () => {
  it('the console edits the periods on the shop edit form; the save survives a reload', async () => {
    await admin.goto(url(`/console/gaa/business/${PERIOD_SHOP}/edit`));
    await admin.getByRole('button', { name: /編輯供餐時段/ }).click();
    const dialog = admin.getByRole('dialog').filter({ hasText: '編輯供餐時段' });
    await dialog.waitFor();
    // one period only: 12:00–13:00
    while ((await dialog.getByLabel(/^刪除 \d+$/).count()) > 1)
      await dialog
        .getByLabel(/^刪除 \d+$/)
        .last()
        .click();
    for (const [name, value] of [
      ['開始 1', '12:00'],
      ['結束 1', '13:00'],
    ] as const) {
      const input = dialog.getByLabel(name);
      await input.click();
      await input.fill(value);
      await input.press('Enter');
    }
    await dialog.getByRole('button', { name: label('儲存') }).click();
    await poll(() => admin.locator('.time-sector-tag').allTextContents()).toEqual(['12:00–13:00']);
    // the preview: the times the slot picker offers, from the contract's rule
    await poll(() => admin.getByTestId('slot-preview').textContent()).toContain('12:00');
    expect(await admin.getByTestId('slot-preview').textContent()).not.toContain('11:');
    await admin.getByRole('button', { name: /確認修改/ }).click();
    const zero = admin.getByRole('dialog').filter({ hasText: '外送金額或數量門檻設定為0，確定要儲存嗎?' });
    await poll(
      async () => (await admin.getByText('修改成功').count()) + (await zero.count()),
    ).toBeGreaterThan(0);
    if (await zero.count()) await zero.getByRole('button', { name: /儲\s*存/ }).click();
    await poll(() => admin.getByText('修改成功').first().isVisible()).toBe(true);
    await admin.reload();
    await poll(() => admin.locator('.time-sector-tag').allTextContents()).toEqual(['12:00–13:00']);
    await admin.screenshot({ path: shot('periods-console-1440.png'), fullPage: true });
  });

  it("the customer's slot picker (390 px) offers only times inside the period", async () => {
    await prepare(periods);
    await periods.saveTiming(admin, { time_sector_days: 3, time_sector_length: 15 });
    const [product] = await periods.simpleProducts(phone.request, 'to_go');
    expect(product).toBeDefined();
    await phone.goto(url(`/shop/${PERIOD_SHOP}/menu?mealType=to_go`));
    await poll(() => phone.getByTestId('products').count()).toBeGreaterThan(0);
    await periods.addToCart(phone, product!.name);
    await periods.openCheckout(phone, '時段客');
    const times = phone.locator('select option');
    await poll(() => times.count()).toBeGreaterThan(3);
    // the real times (the first option may be 盡快 or a placeholder with no value)
    const labels = await times.evaluateAll((opts) =>
      (opts as HTMLOptionElement[]).filter((o) => o.value !== '').map((o) => (o.textContent ?? '').trim()),
    );
    const hm = labels.map((l) => /(\d{2}:\d{2})$/.exec(l)?.[1] ?? l);
    expect(
      hm.every((t) => t >= '12:00' && t <= '13:00'),
      labels.join(' '),
    ).toBe(true);
    expect(new Set(hm)).toEqual(new Set(['12:00', '12:15', '12:30', '12:45', '13:00']));
    await phone.screenshot({ path: shot('periods-slots-390.png'), fullPage: true });
  });
});

describe.skipIf(!hasChromium)('go-live status and staff test orders', () => {
  it('a shop not live: the customer app says it is not open yet', async () => {
    await prepare(live);
    await ok(
      admin.request.post(live.api(`/gaa/shops/${LIVE_SHOP}/initail-status`), {
        data: { data: { isInitialized: false } },
      }),
    );
    const visitor = await (await phoneContext()).newPage();
    await visitor.goto(url(`/shop/${LIVE_SHOP}`));
    await poll(() => visitor.getByTestId('not-live').textContent()).toBe('商店尚未上線，敬請期待');
    await visitor.screenshot({ path: shot('golive-not-live-390.png'), fullPage: true });
    await visitor.goto(url(`/shop/${LIVE_SHOP}/menu?mealType=to_go`));
    await poll(() => visitor.getByTestId('not-live').count()).toBe(1);
    expect(await visitor.getByTestId('products').count()).toBe(0);
  });

  it('staff order from the board’s 測試點餐 link; the board shows the order marked 測試', async () => {
    const username = `golive${Date.now() % 1_000_000}`;
    await ok(
      admin.request.post(live.api('/qcpos/signup'), {
        data: { username, password: DEMO_PASSWORD, shopId: LIVE_SHOP },
      }),
      201,
    );
    const ctx = await newContext(browser);
    const board = await ctx.newPage();
    await board.goto(url('/console/qcpos/login'));
    await board.getByLabel('使用者名稱').fill(username);
    await board.getByLabel('密碼').fill(DEMO_PASSWORD);
    await board.getByRole('button', { name: label('登入') }).click();
    await board.waitForURL(/\/console\/qcpos\/pos$/);
    await poll(() => board.getByTestId('feed-state').getAttribute('data-state')).toBe('live');
    if ((await board.getByTestId('switch-manual').getAttribute('aria-checked')) === 'true')
      await board.getByTestId('switch-manual').click();
    await poll(() => board.getByTestId('switch-manual').getAttribute('aria-checked')).toBe('false');

    const [opened] = await Promise.all([
      ctx.waitForEvent('page'),
      board.getByRole('button', { name: /測試點餐/ }).click(),
    ]);
    await opened.setViewportSize({ width: 390, height: 844 });
    await poll(() => opened.getByTestId('staff-preview').count()).toBe(1);
    expect(await opened.getByTestId('not-live').count()).toBe(0);
    const [product] = await live.simpleProducts(opened.request, 'to_go');
    expect(product).toBeDefined();
    await opened.goto(url(`/shop/${LIVE_SHOP}/menu?mealType=to_go`));
    await poll(() => opened.getByTestId('products').count()).toBeGreaterThan(0);
    await live.addToCart(opened, product!.name);
    await live.openCheckout(opened, '測試員');
    await live.sendButton(opened).click();
    await opened.waitForURL(/\/orders\//);
    // the customer's order page says it too
    await poll(() => opened.getByTestId('test-order').textContent()).toBe('測試');
    await opened.screenshot({ path: shot('golive-test-order-390.png'), fullPage: true });

    const mark = board.getByTestId('test-order');
    await poll(() => mark.count()).toBeGreaterThan(0);
    expect(await mark.first().textContent()).toBe('測試');
    const card = board.locator('article').filter({ has: mark }).first();
    await poll(() => card.textContent()).toContain('測試員');
    await board.screenshot({ path: shot('golive-board-1440.png'), fullPage: true });
    await ok(
      admin.request.post(live.api(`/gaa/shops/${LIVE_SHOP}/initail-status`), {
        data: { data: { isInitialized: true } },
      }),
    );
  });
});
