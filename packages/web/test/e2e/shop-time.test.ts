// Order limits and the Time tab end to end (spec 002 §2 screen 8, §8, §9; spec 001 §2.3, §4, §8).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, poll, shot, signedInPage, url } from './browser';

// A shop no other browser test touches.
const SHOP = 88;
const DAY_OFF = '2099-03-15';
let page: Page;

const toast = (text: string) => page.locator('.ant-message-notice', { hasText: text });
const limitsRegion = () => page.getByRole('region', { name: '流量控制（訂單上限）' });
const limitRows = () => limitsRegion().locator('tbody tr.ant-table-row');

signedInPage('gaa', (p) => {
  page = p;
});

describe.skipIf(!hasChromium)('gaa manages order limits on /gaa/business/{id}/order-limits', () => {
  it('adds an order limit from the defaults of spec 002 §9 and sees 新增成功', async () => {
    await page.goto(url(`/console/gaa/business/${SHOP}/order-limits`));
    await page.getByRole('button', { name: /新增流量控制/ }).click();
    const dialog = page.getByRole('dialog', { name: '新增訂單上限' });
    expect(await dialog.getByLabel('開始').inputValue()).toBe('12:00');
    expect(await dialog.getByLabel('結束').inputValue()).toBe('18:00');
    await dialog.getByLabel('每時段訂單上限').fill('7');
    await dialog.getByRole('button', { name: /儲\s*存/ }).click();
    await poll(() => toast('新增成功').isVisible()).toBe(true);
    await poll(() => page.locator('tbody tr.ant-table-row').count()).toBe(1);
    expect(await page.locator('tbody tr.ant-table-row').first().textContent()).toContain('7 單');
  });

  it('refuses a per-slot count of 0 with the spec message', async () => {
    await page
      .getByRole('button', { name: '編 輯' })
      .or(page.getByRole('button', { name: '編輯' }))
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: '編輯訂單上限' });
    await dialog.getByLabel('每時段訂單上限').fill('0');
    await dialog.getByRole('button', { name: /儲\s*存/ }).click();
    await poll(() => dialog.getByText('填入大於0的數字').isVisible()).toBe(true);
  });

  it('edits it (編輯成功) and sees the change after a reload', async () => {
    const dialog = page.getByRole('dialog', { name: '編輯訂單上限' });
    await dialog.getByLabel('每時段訂單上限').fill('12');
    await dialog.getByRole('button', { name: /儲\s*存/ }).click();
    await poll(() => toast('編輯成功').isVisible()).toBe(true);
    await page.reload();
    await poll(() => page.locator('tbody tr.ant-table-row').first().textContent()).toContain('12 單');
  });

  // spec 000 §9 modal minimum 720 px; a second limit on the same slots is refused in the form
  it('opens a 720 px dialog and refuses a limit on the same slots as an existing one', async () => {
    await page.getByRole('button', { name: /新增流量控制/ }).click();
    const dialog = page.getByRole('dialog', { name: '新增訂單上限' });
    await dialog.getByLabel('每時段訂單上限').waitFor();
    // measured once the opening animation (a zoom) is over
    await poll(async () => (await dialog.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(720);
    await dialog.getByLabel('每時段訂單上限').fill('3');
    await dialog.getByRole('button', { name: /儲\s*存/ }).click();
    await poll(() => dialog.getByText(/已有相同餐別、星期、時段與間隔的流量控制/).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    expect(await page.locator('tbody tr.ant-table-row').count()).toBe(1);
  });
});

describe.skipIf(!hasChromium)('gaa uses the Time tab of the settings page', () => {
  it('adds a day off and sees it listed', async () => {
    await page.goto(url(`/console/gaa/settings?accountId=${SHOP}`));
    await page.getByTestId('tab-time').click();
    const daysOff = page.getByRole('region', { name: '公休日' });
    await daysOff.getByLabel('選擇日期').click();
    await page.keyboard.type(DAY_OFF);
    await page.keyboard.press('Enter');
    await daysOff.getByRole('button', { name: /新\s*增/ }).click();
    await poll(() => toast('公休日已新增').isVisible()).toBe(true);
    await poll(() => daysOff.getByRole('cell', { name: DAY_OFF, exact: true }).isVisible()).toBe(true);
  });

  it('imports a range of days off in the /opening popup; the list reloads once the popup is closed', async () => {
    const daysOff = page.getByRole('region', { name: '公休日' });
    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      daysOff.getByRole('button', { name: /批次匯入/ }).click(),
    ]);
    expect(popup.url()).toContain(`/console/opening?shop_id=${SHOP}&shop_name=`);
    await popup.getByText('日期區間').click();
    await popup.locator('.ant-picker-range input').first().click();
    await popup.keyboard.type('2099-04-01');
    await popup.keyboard.press('Enter');
    await popup.keyboard.type('2099-04-03');
    await popup.keyboard.press('Enter');
    await popup.getByRole('button', { name: /全部新增/ }).click();
    await poll(() => popup.locator('.ant-message-notice', { hasText: '已新增 3 個公休日' }).isVisible()).toBe(
      true,
    );
    await popup.close();
    // spec 001 §2.3: the tab polls the popup every second and reloads the list after it closes
    await poll(() => daysOff.getByRole('cell', { name: '2099-04-03', exact: true }).isVisible()).toBe(true);
  });

  it('adds a second order limit with the creation form (00:00–23:59, 15 minutes, 5 orders)', async () => {
    await limitsRegion()
      .getByRole('button', { name: /新增流量控制/ })
      .click();
    expect(await limitsRegion().getByLabel('開始').inputValue()).toBe('00:00');
    expect(await limitsRegion().getByLabel('結束').inputValue()).toBe('23:59');
    await limitsRegion()
      .getByRole('button', { name: /^新\s*增$/ })
      .click();
    await poll(() => toast('新增成功').isVisible()).toBe(true);
    await poll(() => limitRows().count()).toBe(2);
  });

  it('refuses the same limit a second time', async () => {
    // the form keeps what was just added; its add button (its accessible name can carry the spinner's
    // label while the list reloads, so it is found by its text)
    await limitsRegion()
      .locator('button', { hasText: /^新\s*增$/ })
      .click();
    await poll(() =>
      limitsRegion()
        .getByText(/已有相同餐別、星期、時段與間隔的流量控制/)
        .isVisible(),
    ).toBe(true);
    expect(await limitRows().count()).toBe(2);
  });

  it('refuses a second edit while one row is open, and abandoning restores the saved copy', async () => {
    await limitsRegion()
      .getByRole('button', { name: '收 合' })
      .or(limitsRegion().getByRole('button', { name: '收合' }))
      .click();
    await limitRows().nth(0).getByRole('button', { name: '編輯' }).click();
    await limitRows().nth(0).getByLabel('每時段訂單上限').fill('99');
    // at 1440 px the edited row's buttons are within the table, not cut off at its right edge
    await page.setViewportSize({ width: 1440, height: 900 });
    const table = await limitsRegion().locator('.ant-table-container').boundingBox();
    for (const name of ['儲存', '取消']) {
      const button = await limitRows().nth(0).getByRole('button', { name }).boundingBox();
      expect(button!.x + button!.width).toBeLessThanOrEqual(table!.x + table!.width);
    }
    // … and the inputs are not hidden under the (fixed) actions column
    const max = await limitRows().nth(0).getByLabel('每時段訂單上限').boundingBox();
    const save = await limitRows().nth(0).getByRole('button', { name: '儲存' }).boundingBox();
    expect(max!.x + max!.width).toBeLessThanOrEqual(save!.x);
    await limitsRegion().scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot('time-tab-row-edit-1440.png') });
    // the tab shows its pending triangle while a row is in edit (spec 001 §1)
    expect(await page.getByTestId('tab-time').getByTestId('tab-pending').isVisible()).toBe(true);

    await limitRows().nth(1).getByRole('button', { name: '編輯' }).click();
    await poll(() => toast('請先儲存編輯中的設定').isVisible()).toBe(true);
    expect(await limitRows().nth(1).getByLabel('每時段訂單上限').count()).toBe(0);

    await limitRows().nth(0).getByRole('button', { name: '取消' }).click();
    expect(await limitRows().nth(0).textContent()).not.toContain('99 單');
    expect(await page.getByTestId('tab-time').getByTestId('tab-pending').count()).toBe(0);
  });
});
