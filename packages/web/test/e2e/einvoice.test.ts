// EInvoice tab end to end (spec 001 §2.7, §5 E-invoice application, §8 開通成功 / 修改成功(開啟/關閉), §9 30 sets).
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, poll, signedInPage, url } from './browser';
import { ok, shopKit } from './shop-app-kit';

const SHOP = 44;
let page: Page;
const dialog = () => page.getByRole('dialog');
const fill = (label: string, value: string) => dialog().getByLabel(label, { exact: true }).fill(value);

describe.skipIf(!hasChromium)('gaa applies for e-invoices and runs the invoice panel', () => {
  signedInPage(
    'gaa',
    (p) => {
      page = p;
    },
    { width: 1400, height: 1000 },
  );

  it('the application opens from its button, pre-filled from the shop, and checks every field (spec 001 §5)', async () => {
    const shop = (await (await page.request.get(url(`/console/apis/gaa/shops/${SHOP}`))).json()).businessData;
    await page.goto(url(`/console/gaa/settings?accountId=${SHOP}&tab=einvoice`));
    // it no longer opens by itself over the tab bar
    await page.getByText('此商店尚未申請電子發票').waitFor();
    expect(await dialog().count()).toBe(0);
    await page.getByRole('button', { name: '電子發票申請' }).click();
    await poll(() => dialog().getByText('電子發票申請').isVisible()).toBe(true);
    const value = (label: string) => dialog().getByLabel(label, { exact: true }).inputValue();
    expect(await value('商店名稱')).toBe(shop.businessName);
    expect(await value('地址')).toBe(shop.businessAddress);
    expect(await value('統一編號')).toBe(shop.invoice ?? '');
    await fill('商店名稱', '阿宗本店');
    await fill('發票抬頭（建議最多 8 個中文字）', '一二三四五六七八九');
    await fill('賣方代號', 'AB12');
    await fill('統一編號', '04595258');
    await fill('發票機序號', '12345');
    await fill('發票機裝置 ID', 'nope');
    await dialog()
      .getByRole('button', { name: /送出申請/ })
      .click();
    await poll(() => dialog().getByText('最多輸入 8 個字').isVisible()).toBe(true);
    await poll(() => dialog().getByText('格式錯誤，請輸入 6 個英數字').isVisible()).toBe(true);
    await poll(() => dialog().getByText('統一編號檢查碼錯誤').isVisible()).toBe(true);
    await poll(() => dialog().getByText('格式錯誤，請輸入 9 位數字').isVisible()).toBe(true);
    await poll(() => dialog().getByText('格式錯誤，請輸入 UUID').isVisible()).toBe(true);
    expect(await dialog().getByText('必填').count()).toBeGreaterThan(0);
    await page.screenshot({ path: '/tmp/einvoice-application.png' });
  });

  it('a valid application activates (開通成功) and shows the panel with 30 sets', async () => {
    await fill('發票抬頭（建議最多 8 個中文字）', '阿宗麵線');
    await fill('地址', '台北市萬華區峨眉街 8 號');
    await fill('賣方代號', 'AZ0001');
    await fill('裝置 ID', 'DEV-1');
    await fill('EDC ID', 'EDC-1');
    await fill('統一編號', '04595257');
    await fill('平台帳號', `e2e-${Date.now()}`);
    await fill('平台密碼', 'e2e-platform-pass');
    await fill('發票機序號', '123456789');
    await fill('發票機裝置 ID', randomUUID());
    await dialog()
      .getByRole('button', { name: /送出申請/ })
      .click();
    await poll(() => page.getByText('開通成功').isVisible()).toBe(true);
    await poll(() => page.getByTestId('invoice-sets').textContent()).toBe('30');
    expect(await page.getByRole('switch', { name: '自動開立 iDoo' }).isDisabled()).toBe(true);
  });

  it('the master switch says 修改成功(關閉) and the title edits with the pen', async () => {
    await page.getByRole('switch', { name: '電子發票開關' }).click();
    await poll(() => page.getByText('修改成功(關閉)').isVisible()).toBe(true);
    await page.getByRole('button', { name: '發票抬頭' }).click();
    await page.getByRole('textbox', { name: '發票抬頭' }).fill('阿宗');
    // the open title is the tab's one pending field in its save bar (the pen's own save stays)
    await poll(() => page.getByTestId('save-bar-count').textContent()).toBe('1 個欄位尚未儲存');
    await page.getByRole('button', { name: '儲存', exact: true }).click();
    await poll(() => page.getByTestId('invoice-title').textContent()).toBe('阿宗');
    await poll(() => page.getByTestId('save-bar').count()).toBe(0);
    await page.getByRole('button', { name: '取得 10 本字軌' }).click();
    await poll(() => page.getByTestId('invoice-sets').textContent()).toBe('40');
    await page.screenshot({ path: '/tmp/einvoice-panel.png' });
  });

  it('QC off: a cash order’s invoice waits (待開立) until 開立 issues it (spec 001 §2.7 auto-issue)', async () => {
    const kit = shopKit(SHOP);
    await ok(page.request.post(kit.api(`/console/${SHOP}/invoice-switch`), { data: { switchValue: true } }));
    await page.getByRole('switch', { name: '電子發票開關' }).waitFor();
    await page.reload();
    const qc = page.getByRole('switch', { name: '自動開立 QC' });
    if ((await qc.getAttribute('aria-checked')) === 'true') {
      await qc.click();
      await poll(() => qc.getAttribute('aria-checked')).toBe('false');
    }
    await page.getByText('QC：現金付款的訂單；QP：線上付款的訂單', { exact: false }).waitFor();
    // the shop takes a to-go cash order at once (automatic acceptance), whenever the test runs
    await kit.openAllDay(page);
    await kit.saveShopForm(page, { isEnabled: true, isToGo: true, isToGoCash: true });
    await ok(page.request.post(kit.api(`/gaa/qcpos/shops/${SHOP}/manual-accept/off`)));
    const [product] = await kit.simpleProducts(page.request, 'to_go');
    const placed = await page.request.post(kit.storefront('/orders'), {
      headers: { 'idempotency-key': randomUUID() },
      data: {
        mealType: 'to_go',
        customer: { name: '發票測試', phone: '0912345678' },
        items: [
          {
            productId: product!.id,
            quantity: 1,
            optionIds: product!.optionGroups.flatMap((g) => g.options.slice(0, g.min).map((o) => o.id)),
          },
        ],
        paymentMethod: 'cash',
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const orderId = String((await placed.json()).order.id);
    await page.reload();
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: orderId, exact: true }) });
    await poll(() => row.getByText('待開立').isVisible()).toBe(true);
    await page.screenshot({ path: '/tmp/einvoice-waiting.png' });
    await row.getByRole('button', { name: /^開\s?立$/ }).click();
    await poll(() => page.getByText('發票已開立').isVisible()).toBe(true);
    await poll(() => row.getByText('已開立').isVisible()).toBe(true);
    await poll(() => row.getByRole('button', { name: /^開\s?立$/ }).count()).toBe(0);
  });
});
