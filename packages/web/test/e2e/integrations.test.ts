// Issue 14 integrations end to end (spec 002 §2 screen 10, §5, §8): gaa opens /posmws for a shop, is refused
// with 請先設定資料後再開通 without a vendor shop id (from the switch and from the form), then enables Uber Eats
// with its data: the 'not activated' overlay goes and the key comes back only masked.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, poll, shot, signedInPage, url } from './browser';

// A catering demo shop no other browser test touches.
const SHOP = 44;
let page: Page;
signedInPage('gaa', (p) => {
  page = p;
});

describe.skipIf(!hasChromium)('integrations (/posmws)', () => {
  it('refuses a vendor without data with the spec message and enables one with data', async () => {
    await page.goto(url(`/console/posmws?shop_id=${SHOP}&shop_name=${encodeURIComponent('測試店')}`));
    const tile = page.getByTestId('tile-ubereats');
    await tile.getByText('尚未開通').waitFor();
    const heads = page.locator('.ant-card-head-title');
    await poll(() => heads.allTextContents()).toEqual(['接單平台', '加值服務', 'POS 串接']);
    await page.screenshot({ path: shot('gaa-posmws.png') });

    await page.getByTestId('tile-gofoodie').getByRole('switch').click();
    await page.getByText('請先設定資料後再開通').first().waitFor();

    await tile.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /儲\s*存/ }).click();
    await dialog.getByText('請先設定資料後再開通').waitFor();
    await dialog.getByLabel('商店代碼').fill('UE-E2E-1');
    await dialog.getByLabel('授權金鑰').fill('ue-e2e-secret-key-7788');
    await dialog.getByLabel('出單樣板 ID').fill('15');
    await dialog.getByRole('switch').click();
    await page.screenshot({ path: shot('gaa-posmws-dialog.png') });
    await dialog.getByRole('button', { name: /儲\s*存/ }).click();
    await page.getByText('儲存成功').first().waitFor();
    await poll(() => tile.getByText('尚未開通').count()).toBe(0);

    const res = await page.request.get(url(`/console/apis/gaa/shops/${SHOP}/mw-settings`));
    const body = await res.text();
    expect(body).not.toContain('ue-e2e-secret-key');
    expect(JSON.parse(body).settings[0]).toMatchObject({
      vendorShopId: 'UE-E2E-1',
      authData: '••••7788',
      options: { templateId: 15 },
      order_integration_enabled: true,
    });
  });
});
