// The settings tab's save bar (ours, docs/decisions "A visible save bar per settings tab"): with pending edits
// it shows their number, 捨棄 drops them all after asking, 儲存變更 saves them all (each with its spec 001 §8
// message); the per-field save and undo icons stay.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, motionEnded, openedPopconfirm, poll, shot, signedInPage, url } from './browser';

// A shop no other browser test touches: its phone and address are changed here.
const SHOP = 66;
let page: Page;
signedInPage('gaa', (p) => {
  page = p;
});

const box = (key: string) => page.getByTestId(`field-${key}`);
const bar = () => page.getByTestId('save-bar');

describe.skipIf(!hasChromium)('gaa uses the save bar of a settings tab', () => {
  const phone = `02-${String(Date.now()).slice(-8)}`;
  const address = `台北市測試路 ${String(Date.now()).slice(-3)} 號`;

  it('counts the pending fields; 捨棄 asks, then drops them all', async () => {
    await page.goto(url(`/console/gaa/settings?accountId=${SHOP}`));
    await poll(() => box('phone').isVisible()).toBe(true);
    expect(await bar().count()).toBe(0);
    const oldPhone = await box('phone').locator('input').inputValue();
    await box('phone').locator('input').fill(phone);
    await poll(() => page.getByTestId('save-bar-count').textContent()).toBe('1 個欄位尚未儲存');
    await box('address').locator('input').fill(address);
    await poll(() => page.getByTestId('save-bar-count').textContent()).toBe('2 個欄位尚未儲存');
    // the per-field undo still works beside the bar
    await box('address').getByRole('button', { name: '放棄修改' }).click();
    await poll(() => page.getByTestId('save-bar-count').textContent()).toBe('1 個欄位尚未儲存');

    await bar()
      .getByRole('button', { name: /^捨\s?棄$/ })
      .click();
    await poll(() => page.getByText('捨棄 1 個欄位的修改？').isVisible()).toBe(true);
    await (await openedPopconfirm(page)).getByRole('button', { name: /^捨\s?棄$/ }).click();
    await poll(() => bar().count()).toBe(0);
    expect(await box('phone').locator('input').inputValue()).toBe(oldPhone);
    expect(await page.getByTestId('save-status').textContent()).toBe('已儲存');
  });

  it('儲存變更 saves every pending field, and the values are there after a reload', async () => {
    await box('phone').locator('input').fill(phone);
    await box('address').locator('input').fill(address);
    await poll(() => page.getByTestId('save-bar-count').textContent()).toBe('2 個欄位尚未儲存');
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await motionEnded(page);
      await page.screenshot({ path: shot(`settings-save-bar-${width}.png`) });
    }
    await page.setViewportSize({ width: 1366, height: 900 });
    await bar().getByRole('button', { name: '儲存變更' }).click();
    await poll(() => page.getByText('商店電話 修改成功！').isVisible()).toBe(true);
    await poll(() => page.getByText('商店地址 修改成功！').isVisible()).toBe(true);
    await poll(() => bar().count()).toBe(0);
    expect(await page.getByTestId('save-status').textContent()).toBe('已儲存');

    await page.reload();
    await poll(() => box('phone').locator('input').inputValue()).toBe(phone);
    expect(await box('address').locator('input').inputValue()).toBe(address);
  });
});

// The same bar on the Time tab (its preparation and reservation fields), and on every other tab with edits.
describe.skipIf(!hasChromium)('gaa uses the save bar of the Time tab', () => {
  const minutes = (key: string) => page.getByTestId(key).locator('input');
  it('two preparation times: the bar shows 2, 捨棄 restores both, 儲存變更 saves both and a reload shows them', async () => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(url(`/console/gaa/settings?accountId=${SHOP}&tab=time`));
    await poll(() => minutes('timing-eat_in_waiting_time').isVisible()).toBe(true);
    const eatIn = await minutes('timing-eat_in_waiting_time').inputValue();
    const toGo = await minutes('timing-to_go_waiting_time').inputValue();
    const next = [Number(eatIn || 0) + 7, Number(toGo || 0) + 9].map(String);
    await minutes('timing-eat_in_waiting_time').fill(next[0]!);
    await minutes('timing-to_go_waiting_time').fill(next[1]!);
    await poll(() => page.getByTestId('save-bar-count').textContent()).toBe('2 個欄位尚未儲存');
    await bar()
      .getByRole('button', { name: /^捨\s?棄$/ })
      .click();
    await (await openedPopconfirm(page)).getByRole('button', { name: /^捨\s?棄$/ }).click();
    await poll(() => bar().count()).toBe(0);
    expect(await minutes('timing-eat_in_waiting_time').inputValue()).toBe(eatIn);
    expect(await minutes('timing-to_go_waiting_time').inputValue()).toBe(toGo);

    await minutes('timing-eat_in_waiting_time').fill(next[0]!);
    await minutes('timing-to_go_waiting_time').fill(next[1]!);
    await poll(() => page.getByTestId('save-bar-count').textContent()).toBe('2 個欄位尚未儲存');
    await page.screenshot({ path: shot('settings-save-bar-time.png') });
    await bar().getByRole('button', { name: '儲存變更' }).click();
    await poll(() => bar().count()).toBe(0);
    expect(await page.getByTestId('save-status').textContent()).toBe('已儲存');
    await page.reload();
    await poll(() => minutes('timing-eat_in_waiting_time').inputValue()).toBe(next[0]);
    // the second save kept the first one's value (each saves over the latest saved times)
    expect(await minutes('timing-to_go_waiting_time').inputValue()).toBe(next[1]);
  });
});
