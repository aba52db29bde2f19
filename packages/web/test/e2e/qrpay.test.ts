// Qrpay tab end to end (spec 001 §2.6, §4 "Payment toggles", §5 "QR payment", §9 TapPay type options).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, poll, signedInPage, url } from './browser';

const SHOP = 61;
let page: Page;
const dialog = () => page.getByRole('dialog');
const fill = (label: string, value: string) => dialog().getByLabel(label, { exact: true }).fill(value);

describe.skipIf(!hasChromium)('gaa opens a QRPay merchant and configures TapPay', () => {
  signedInPage(
    'gaa',
    (p) => {
      page = p;
    },
    { width: 1400, height: 1000 },
  );

  it('a shop without a merchant shows the prompt and opens one', async () => {
    await page.goto(url(`/console/gaa/settings?accountId=${SHOP}&tab=qrpay`));
    await poll(() => page.getByText('此商店尚未開通QRPay商家').isVisible()).toBe(true);
    await page.getByRole('button', { name: '開通QRPay商家' }).click();
    await fill('名稱', 'QR 測試店');
    await fill('Email', 'not-an-email');
    await fill('電話', '0223456789');
    await fill('地址', '台北市中正區');
    await dialog()
      .getByRole('button', { name: /儲\s*存/ })
      .click();
    await poll(() => dialog().isVisible()).toBe(true);
    await fill('Email', 'qr@example.com');
    await dialog()
      .getByRole('button', { name: /儲\s*存/ })
      .click();
    await poll(() => page.getByText('開通QRPay商家成功').isVisible()).toBe(true);
    await poll(() => page.getByText('qr@example.com').isVisible()).toBe(true);
  });

  it('turning on an unconfigured service is refused and the switch stays off', async () => {
    const sw = page.getByRole('switch', { name: 'LINE Pay LINE Pay' });
    await poll(() => sw.isVisible()).toBe(true);
    await sw.click();
    await poll(() =>
      page.getByText('此支付服務尚未設定，無法開啟。請確認先設定過後再行操作。').isVisible(),
    ).toBe(true);
    expect(await sw.getAttribute('aria-checked')).toBe('false');
  });

  it('configures TapPay (3DS off by default), tests the connection and turns a type on', async () => {
    await page.getByTestId('qrpay-tappay-configure').click();
    await poll(() => dialog().isVisible()).toBe(true);
    expect(await dialog().getByRole('switch', { name: '3D 驗證' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    await fill('TapPay Merchant ID', 'e2e_CTBC');
    await fill('聯絡人', '王小明');
    await fill('聯絡電話', '0912345678');
    await fill('聯絡地址', '台北市中正區');
    await fill('Partner Key', 'partner_e2e0123456789abcdef');
    // the card form's public app id and key (docs/decisions/testing.md "TapPay card form"): a wrong key is refused
    await fill('App ID（信用卡表單）', '12348');
    await fill('App Key（信用卡表單）', 'not-a-key');
    await poll(() => dialog().getByText('請輸入 TapPay App Key（app_ 開頭）').isVisible()).toBe(true);
    await fill('App Key（信用卡表單）', 'app_e2e0123456789abcdef');
    await dialog().getByLabel('支付類型').click({ force: true });
    await page.getByTitle('Apple Pay、Google Pay 及信用卡').click();
    await dialog()
      .getByRole('button', { name: /儲\s*存/ })
      .click();
    await poll(() => page.getByText('新增支付服務成功').isVisible()).toBe(true);
    await poll(() => page.getByRole('switch', { name: 'TapPay Apple Pay' }).isVisible()).toBe(true);
    expect(await page.getByRole('switch', { name: 'TapPay 街口支付' }).count()).toBe(0);

    await page.getByTestId('qrpay-tappay-configure').click();
    await poll(() =>
      dialog()
        .getByText(/留空則沿用已儲存的值（••••cdef）/)
        .isVisible(),
    ).toBe(true);
    expect(await dialog().getByLabel('Partner Key', { exact: true }).inputValue()).toBe('');
    await dialog().getByRole('button', { name: '測試連線' }).click();
    await poll(() => page.getByTestId('payment-test-answer').textContent()).toContain('No record found');
    await page.screenshot({ path: '/tmp/qrpay-dialog.png' });
    await dialog()
      .getByRole('button', { name: /取\s*消/ })
      .click();

    const direct = page.getByRole('switch', { name: 'TapPay 信用卡' });
    await direct.click();
    await poll(() => page.getByText('支付服務已開啟').isVisible()).toBe(true);
    await poll(() => direct.getAttribute('aria-checked')).toBe('true');
    await page.screenshot({ path: '/tmp/qrpay-tab.png', fullPage: true });
  });
});
