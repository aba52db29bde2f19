// 儲存當前設定 on the OA page (spec 000 §2 "Messaging-account settings screen", §8 當前OA設定已儲存): the saved
// settings are listed (time, who) and one is restored through update-oa, at the LINE simulator
// (docs/decisions/testing.md "OA settings snapshots").
import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { hasChromium, poll, shot, signedInPage, url } from './browser';

// a demo shop with a channel (seed/line.ts: the first twelve shops) that no other test changes
const SHOP = 8;
const OK = /^確\s?定$/;
let page: Page;

describe.skipIf(!hasChromium)('saved OA settings (gaa)', () => {
  signedInPage('gaa', (p) => {
    page = p;
  });

  it('gaa saves the settings, sees them listed with who saved them, changes the name and restores it', async () => {
    await page.goto(url(`/console/gaa/business/${SHOP}/update-oa?siAccountId=1&type=catering`));
    const name = page.locator('#oa_accountName');
    await poll(() => name.inputValue()).not.toBe('');
    const original = await name.inputValue();
    const me = (
      (await (await page.request.get(url('/console/apis/me'))).json()) as { user: { name: string } }
    ).user.name;
    const snapshots = page.getByTestId('oa-snapshots');
    await snapshots.waitFor();

    await page.getByRole('button', { name: /儲存當前設定/ }).click();
    await page.getByText('當前OA設定已儲存', { exact: true }).waitFor();
    const row = snapshots.locator('.ant-table-row').first();
    await row.getByText(original, { exact: true }).waitFor();
    await row.getByText(me, { exact: true }).waitFor();

    // the settings change after the save
    await name.fill('E2E 改過的帳號');
    await page.getByRole('button', { name: /更新商店/ }).click();
    await page.getByText('更新成功', { exact: true }).waitFor();
    await page.reload();
    await poll(() => name.inputValue()).toBe('E2E 改過的帳號');

    // the list survives the reload; restoring puts the saved name back
    await row.getByText(original, { exact: true }).waitFor();
    await row.getByRole('button', { name: /還\s?原/ }).click();
    await page.getByText('以這份設定更新官方帳號（含圖文選單）？').waitFor();
    await page.getByRole('button', { name: OK }).click();
    await page.getByText('已還原儲存的OA設定', { exact: true }).waitFor();
    await poll(() => name.inputValue()).toBe(original);
    await page.screenshot({ path: shot('oa-snapshots.png'), fullPage: true });
    await page.reload();
    await poll(() => name.inputValue()).toBe(original);
  });
});
