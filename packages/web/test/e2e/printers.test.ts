// Printer tab end to end (spec 001 §2.5, §4 "Printer row", §5 Printer, §8 printer texts) and /printers/list.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser, newContext, openedDropdown, poll, signIn, url } from './browser';

const SHOP = 43;
const NAME = `E2E${Date.now().toString(36).toUpperCase()}`;
let browser: Browser;
let page: Page;

const newRow = () => page.getByTestId('printer-row-new');
const row = (sn: string) => page.getByTestId(`printer-row-${sn}`);

describe.skipIf(!hasChromium)('gaa manages a shop’s printers on the settings page', () => {
  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await newContext(browser)).newPage();
    await page.setViewportSize({ width: 1400, height: 900 });
    await signIn(page, 'gaa');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('adds a printer: the new row starts from the defaults; missing fields are 缺少必要欄位', async () => {
    await page.goto(url(`/console/gaa/settings?accountId=${SHOP}&tab=printer`));
    await page.getByRole('button', { name: /新增出單機/ }).click();
    await poll(() => newRow().isVisible()).toBe(true);
    // spec 001 §9 defaults
    expect(await newRow().textContent()).toContain('PT4G');
    expect(await newRow().textContent()).toContain('qc');
    expect(await newRow().textContent()).toContain('大');
    await newRow().getByRole('button', { name: '儲存' }).click();
    await poll(() => page.getByText('缺少必要欄位').first().isVisible()).toBe(true);
    await newRow().getByRole('textbox', { name: '名稱' }).fill(NAME);
    await newRow().getByRole('textbox', { name: '序號' }).fill(`SN${NAME}`);
    await newRow().getByLabel('密鑰').fill('e2e-secret-9876');
    // the tab is flagged unsaved while a row is in edit
    expect(await page.getByTestId('tab-printer').getByTestId('tab-pending').count()).toBe(1);
    await newRow().getByRole('button', { name: '儲存' }).click();
    await poll(() => page.getByText('新增出單機成功').isVisible()).toBe(true);
    await poll(() => row(`SN${NAME}`).isVisible()).toBe(true);
    // the secret is stars outside edit; the service reports the printer online
    expect(await row(`SN${NAME}`).textContent()).toContain('******');
    expect(await row(`SN${NAME}`).textContent()).not.toContain('9876');
    await poll(() => row(`SN${NAME}`).getByTestId('printer-state-online').isVisible()).toBe(true);
  });

  it('edits one row at a time: a second edit is refused with 請先儲存編輯中的設定; cancel restores', async () => {
    await row(`SN${NAME}`).getByRole('button', { name: '編輯' }).click();
    const name = row(`SN${NAME}`).getByRole('textbox', { name: '名稱' });
    await name.fill(`${NAME}-changed`);
    await page.getByRole('button', { name: /新增出單機/ }).click();
    await poll(() => page.getByText('請先儲存編輯中的設定').isVisible()).toBe(true);
    expect(await newRow().count()).toBe(0);
    await row(`SN${NAME}`).getByRole('button', { name: '取消' }).click();
    await poll(() => row(`SN${NAME}`).getByRole('textbox').count()).toBe(0);
    expect(await row(`SN${NAME}`).textContent()).toContain(NAME);
    expect(await row(`SN${NAME}`).textContent()).not.toContain('changed');
    expect(await page.getByTestId('tab-printer').getByTestId('tab-pending').count()).toBe(0);
  });

  it('saves an edit (更新出單機設定成功) that stays after reload, and the Record tab shows it', async () => {
    await row(`SN${NAME}`).getByRole('button', { name: '編輯' }).click();
    await row(`SN${NAME}`).locator('.ant-select').first().click();
    await (await openedDropdown(page)).locator('.ant-select-item-option').filter({ hasText: 'PTE' }).click();
    await row(`SN${NAME}`).getByRole('button', { name: '儲存' }).click();
    await poll(() => page.getByText('更新出單機設定成功').isVisible()).toBe(true);
    await page.reload();
    await poll(() => row(`SN${NAME}`).textContent()).toContain('PTE');
    await page.screenshot({ path: '/tmp/printer-tab.png' });
    await page.getByTestId('tab-record').click();
    await poll(() => page.getByText(`更新出單機 ${NAME}`).first().isVisible()).toBe(true);
  });

  it('/printers/list shows it with its shop and state; purge and delete from the tab', async () => {
    await page.goto(url(`/console/printers/list?shop_id=${SHOP}`));
    await poll(() =>
      page
        .getByRole('row')
        .filter({ hasText: `SN${NAME}` })
        .count(),
    ).toBe(1);
    await page.screenshot({ path: '/tmp/printers-list.png' });
    await page.goto(url(`/console/gaa/settings?accountId=${SHOP}&tab=printer`));
    await row(`SN${NAME}`).getByRole('button', { name: '清除佇列' }).click();
    await page
      .getByRole('tooltip')
      .filter({ hasText: '確定清除此出單機的列印佇列' })
      .getByRole('button', { name: /確\s*定/ })
      .click();
    await poll(() => page.getByText('已清除列印佇列').isVisible()).toBe(true);
    await row(`SN${NAME}`).getByRole('button', { name: '刪除' }).click();
    await page
      .getByRole('tooltip')
      .filter({ hasText: '確定刪除此出單機' })
      .getByRole('button', { name: /確\s*定/ })
      .click();
    await poll(() => page.getByText('刪除出單機成功').isVisible()).toBe(true);
    await poll(() => row(`SN${NAME}`).count()).toBe(0);
  });
});
