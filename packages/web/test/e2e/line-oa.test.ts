// pages: OA settings (spec 000 §2 "Messaging-account settings screen", §8 Account settings) on a
// demo shop with a channel (seed/line.ts, menus made at the LINE simulator on start) and on one without
// (§5 請選擇選單樣式; §8 更新失敗，請檢查所有參數 when LINE refuses the channel's token);
// /other/line-module (§8 Unbind); /other/developer-tool (§5 Account ID是必填項目, 001 §3 flags); the public
// rich-menu settings table (§2 "Rich-menu settings table", no sign-in).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasChromium,
  launchBrowser,
  newContext,
  openedDropdown,
  poll,
  signedInPage,
  simUrl,
  url,
} from './browser';

let page: Page;
const SHOTS = process.env.SHOPDESK_SCREENSHOTS === '1';
const OK = /^確\s?定$/;
// the shop the line-module test gives a channel and unbinds
const UNBIND_SHOP = 130;

describe.skipIf(!hasChromium)('OA settings, line-module and developer tool (gaa)', () => {
  signedInPage('gaa', (p) => {
    page = p;
  });

  it('a demo shop with a channel: update shop → 更新成功, save → 當前OA設定已儲存, clear → 選單刪除成功', async () => {
    await page.goto(url('/console/gaa/business/2/update-oa?siAccountId=1&type=catering'));
    await poll(() => page.locator('#oa_accountName').inputValue()).not.toBe('');
    expect(await page.locator('#oa_channelSecret').inputValue()).toMatch(/^••••/);
    await poll(() => page.getByText('/console/apis/line/webhook/2').isVisible()).toBe(true);
    await page.getByRole('button', { name: /更新商店/ }).click();
    await poll(() => page.getByText('更新成功', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('button', { name: /儲存當前設定/ }).click();
    await poll(() => page.getByText('當前OA設定已儲存', { exact: true }).isVisible()).toBe(true);
    if (SHOTS) await page.screenshot({ path: '/tmp/line-oa-settings.png', fullPage: true });
    await page.getByRole('button', { name: /清除圖文選單/ }).click();
    await page.getByRole('button', { name: OK }).click();
    await poll(() => page.getByText('選單刪除成功', { exact: true }).isVisible()).toBe(true);
    await poll(() => page.getByText('（無）').isVisible()).toBe(true);
  });

  it('a shop without a channel: a clear page; entering the channel creates it', async () => {
    await page.goto(url('/console/gaa/business/41/update-oa?siAccountId=1&type=catering'));
    await poll(() => page.getByText('此商店尚未設定LINE官方帳號').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /前往開店精靈/ }).isVisible()).toBe(true);
    await page.getByRole('button', { name: /建立官方帳號設定/ }).click();
    await poll(() => page.getByText('請輸入帳號名稱').isVisible()).toBe(true);
    await page.locator('#oa_accountName').fill('第四十一號店');
    await page.locator('#oa_channelId').fill('1657000041');
    await page.locator('#oa_channelSecret').fill('e2e-secret-forty-one');
    await page.locator('#oa_channelAccessToken').fill(`e2e-token-forty-${Date.now()}`);
    await page.locator('#oa_fileName').click();
    await (await openedDropdown(page)).locator('.ant-select-item-option').first().click();
    if (SHOTS) await page.screenshot({ path: '/tmp/line-oa-empty.png', fullPage: true });
    await page.getByRole('button', { name: /建立官方帳號設定/ }).click();
    await poll(() => page.getByText('已建立LINE官方帳號設定', { exact: true }).isVisible()).toBe(true);
    await poll(() => page.getByText('營業中選單').or(page.getByText('休息中選單')).isVisible()).toBe(true);
    expect(await page.getByText('此商店尚未設定LINE官方帳號').count()).toBe(0);
  });

  it('no style chosen: 請選擇選單樣式; a token LINE refuses: 更新失敗，請檢查所有參數 and nothing is kept', async () => {
    const token = `e2e-revoked-token-${Date.now()}`;
    const revoked = await fetch(`${simUrl('line')}/__sim/revoked-tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(revoked.status).toBe(200);
    await page.goto(url('/console/gaa/business/94/update-oa?siAccountId=1&type=catering'));
    await poll(() => page.getByText('此商店尚未設定LINE官方帳號').isVisible()).toBe(true);
    await page.locator('#oa_accountName').fill('第九十四號店');
    await page.locator('#oa_channelId').fill('1657000094');
    await page.locator('#oa_channelSecret').fill('e2e-secret-ninety-four');
    await page.locator('#oa_channelAccessToken').fill(token);
    const create = page.getByRole('button', { name: /建立官方帳號設定/ });
    await create.click();
    // the form's own error under the style field (its placeholder says the same words)
    const styleError = page
      .locator('.ant-form-item-explain-error')
      .getByText('請選擇選單樣式', { exact: true });
    await poll(() => styleError.isVisible()).toBe(true);
    await page.locator('#oa_fileName').click();
    await (await openedDropdown(page)).locator('.ant-select-item-option').first().click();
    await poll(() => styleError.count()).toBe(0);
    await create.click();
    await poll(() => page.getByText('更新失敗，請檢查所有參數', { exact: true }).isVisible()).toBe(true);
    if (SHOTS) await page.screenshot({ path: '/tmp/line-oa-failed.png', fullPage: true });
    // LINE refused the style: the channel was not kept (nothing half-made)
    await page.reload();
    await poll(() => page.getByText('此商店尚未設定LINE官方帳號').isVisible()).toBe(true);
  });

  // The shop is this test's own (no other browser file touches shop 130, and no demo channel is on it): it
  // is given a channel first (through the OA page's API, a rich menu made at the LINE simulator), so what is
  // unbound never depends on the order of the files. (Skipped in session 7 after a 35 s time-out in the full
  // suite: the confirm button kept antd's invisible "loading" icon in its name after a quick request, so the
  // second 確定 was never found; AntdProvider now gives buttons a spinner without the leave motion.)
  it('/other/line-module: Account ID是必填項目, then 解除綁定完成, and the shop is left without a channel', async () => {
    const shop = await page.request.get(url(`/console/apis/gaa/shops/${UNBIND_SHOP}`));
    const { kind } = (await shop.json()) as { kind: 'catering' | 'retail' };
    const made = await page.request.post(url(`/console/apis/gaa/shops/${UNBIND_SHOP}/update-oa`), {
      data: {
        data: {
          accountName: '解除綁定測試店',
          channelId: `1657000${UNBIND_SHOP}`,
          channelSecret: 'e2e-secret-unbind',
          channelAccessToken: `e2e-token-unbind-${Date.now()}`,
          channelImageUrl: '',
          channelAddFriendUrl: '',
          channelBasicId: '',
          menuLiffId: 'menu-unbind',
          eatInLiffId: 'eatin-unbind',
          orderLiffId: 'order-unbind',
          pickUpLiffId: '',
          isChatbotDisabled: false,
          fileName: kind === 'retail' ? 'jessica_retail-basic' : 'jessica_catering-basic',
        },
      },
    });
    expect(made.status(), await made.text()).toBe(200);
    expect(((await made.json()) as { richMenuId: string | null }).richMenuId).toBeTruthy();

    await page.goto(url('/console/other/line-module'));
    await page.getByRole('button', { name: /解除綁定/ }).click();
    await poll(() => page.getByText('Account ID是必填項目').isVisible()).toBe(true);
    await page.locator('#accountId').fill(String(UNBIND_SHOP));
    await page.getByRole('button', { name: /解除綁定/ }).click();
    await page.getByRole('button', { name: OK }).click();
    await poll(() => page.getByText('解除綁定完成', { exact: true }).isVisible()).toBe(true);
    // nothing left to unbind the second time
    await page.getByRole('button', { name: /解除綁定/ }).click();
    await page.getByRole('button', { name: OK }).click();
    await poll(() => page.getByText('解除綁定失敗').isVisible()).toBe(true);
    // and the shop's OA page offers to enter a channel again
    await page.goto(url(`/console/gaa/business/${UNBIND_SHOP}/update-oa?siAccountId=1&type=${kind}`));
    await poll(() => page.getByText('此商店尚未設定LINE官方帳號').isVisible()).toBe(true);
  });

  it('/other/developer-tool: Account ID是必填項目, then a flag toggled (已更改) stays toggled', async () => {
    await page.goto(url('/console/other/developer-tool'));
    await page.getByRole('button', { name: /查\s?詢/ }).click();
    await poll(() => page.getByText('Account ID是必填項目').isVisible()).toBe(true);
    await page.locator('#accountId').fill('7');
    await page.getByRole('button', { name: /查\s?詢/ }).click();
    const flag = page.getByTestId('flag-is_manual');
    await poll(() => flag.isVisible()).toBe(true);
    const before = await flag.getAttribute('aria-checked');
    await flag.click();
    await poll(() => page.getByText('已更改', { exact: true }).isVisible()).toBe(true);
    await page.reload();
    await page.locator('#accountId').fill('7');
    await page.getByRole('button', { name: /查\s?詢/ }).click();
    await poll(() => page.getByTestId('flag-is_manual').getAttribute('aria-checked')).not.toBe(before);
  });

  it('/other/line-deliveries: the demo pushes with their state, attempts and last error', async () => {
    await page.goto(url('/console/other/line-deliveries'));
    await poll(() => page.getByText('LINE 401: Authentication failed', { exact: false }).isVisible()).toBe(
      true,
    );
    expect(await page.getByText('已送達').count()).toBeGreaterThan(0);
    expect(await page.locator('tbody').getByText('失敗', { exact: true }).count()).toBeGreaterThan(0);
    if (SHOTS) await page.screenshot({ path: '/tmp/line-deliveries.png', fullPage: true });
  });
});

describe.skipIf(!hasChromium)('the public rich-menu settings table (no sign-in)', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined;
  let pub: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    const ctx = await newContext(browser);
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url('') });
    pub = await ctx.newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lists the SI shops with public links only, searches, offers 15/25/50, copies (已複製)', async () => {
    await pub.goto(url('/console/gaa/business/info/richmenu-settings?name=quickclick'));
    const rows = pub.locator('tbody tr.ant-table-row');
    await poll(() => rows.count()).toBeGreaterThan(0);
    expect(await rows.first().locator('td').first().textContent()).toBe('1');
    const body = (await pub.locator('body').textContent()) ?? '';
    expect(body).toContain('/shop/1/menu');
    expect(body).not.toMatch(/demo-sim-token|Channel Secret/);
    await pub.getByPlaceholder('搜尋 Account ID 或商店名稱').fill('3');
    await poll(() => rows.count()).toBeGreaterThan(0);
    const all = await rows.count();
    for (let i = 0; i < all; i += 1) {
      const [id, name] = await rows.nth(i).locator('td').allTextContents();
      expect(`${id} ${name}`).toContain('3');
    }
    await pub.locator('.ant-pagination-options .ant-select').click();
    for (const n of ['15', '25', '50'])
      expect(
        await pub
          .locator('.ant-select-item-option')
          .getByText(new RegExp(`^${n}`))
          .count(),
      ).toBe(1);
    await pub.keyboard.press('Escape');
    await rows
      .first()
      .getByRole('button', { name: /複\s?製/ })
      .first()
      .click();
    await poll(() => pub.getByText('已複製', { exact: true }).isVisible()).toBe(true);
    if (SHOTS) await pub.screenshot({ path: '/tmp/line-richmenu-table.png', fullPage: true });
  });
});
