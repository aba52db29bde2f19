// "delivery end to end": the customer's order page, opened by its link on a phone, follows the courier
// live: the step line 媒合中 → 取餐中 → 配送中 → 已送達 and the driver's name and phone while on the way. Shop 10
// is a courier shop (seed/logistics.ts); the e2e server runs the vendor simulator with a 2 s step
// (global-setup.ts), so the courier moves while the page is open (set-up copied from courier-board.test.ts).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser, newContext, poll, shot, url } from './browser';
import { COURIER_SHOP, placeDeliveryOrder } from './courier-kit';

const SHOP = COURIER_SHOP;
let browser: Browser;
let phone: Page;

describe.skipIf(!hasChromium)('the customer follows the courier on the order page', () => {
  beforeAll(async () => {
    browser = await launchBrowser();
    phone = await (await newContext(browser)).newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the courier steps and the driver appear live on a phone', async () => {
    const placed = await placeDeliveryOrder(phone.request, {
      customer: { name: '外送顧客', phone: '0912345678' },
    });
    const token = placed.orderToken;
    await phone.goto(url(`/shop/${SHOP}/orders/${encodeURIComponent(token)}`));

    // the page is never reloaded: each step arrives over the order's live feed
    const steps = new Set<string>();
    let driver = '';
    let note = '';
    await expect
      .poll(
        async () => {
          const current = phone.locator('[data-testid=courier-steps] li[aria-current=step]');
          if (await current.count()) steps.add(((await current.textContent()) ?? '').trim());
          const d = phone.getByTestId('courier-driver');
          if (await d.count()) {
            driver = ((await d.textContent()) ?? '').trim();
            await phone.screenshot({ path: shot('courier-customer-driver.png') });
          }
          const n = phone.getByTestId('courier-note');
          if (await n.count()) note = ((await n.textContent()) ?? '').trim();
          return steps.has('已送達') || note !== '';
        },
        { timeout: 60_000, interval: 250 },
      )
      .toBe(true);
    await phone.screenshot({ path: shot('courier-customer.png') });
    expect([...steps].every((s) => ['媒合中', '取餐中', '配送中', '已送達'].includes(s))).toBe(true);
    if (note === '') {
      // the normal path: several steps seen live, and the simulator's driver while on the way
      expect(steps.size).toBeGreaterThanOrEqual(2);
      expect(driver).toContain('陳大明');
      expect(driver).toContain('+886912000111');
      await poll(() => phone.locator('p.state').textContent()).toBe('已送達');
      // delivered: the courier's phone is no longer shown
      expect(await phone.getByTestId('courier-driver').count()).toBe(0);
    } else {
      // one simulated courier in ten finds no driver or gives the order back (adapters/delivery/simulator.ts)
      expect(['外送：已逾時', '外送：已轉客服']).toContain(note);
    }
  });
});
