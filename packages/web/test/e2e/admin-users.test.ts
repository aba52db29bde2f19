// "Users and accounts", Done means: gaa creates an SI; its first user gets the set-password mail
// (read from the captured mail outbox), sets a password, signs in at /si-login, creates a store-owner
// account for one of its shops; that owner sets a password from its mail, signs in at /eaa-login and sees
// only that shop. And the last active administrator cannot be disabled: the server's reason is shown.
// Routes: spec 000 §2 "Admin users", "Integrator accounts and users", "Store accounts".
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  hasChromium,
  launchBrowser,
  newContext,
  openedDropdown,
  poll,
  shot,
  signIn,
  submitLogin,
  url,
} from './browser';

// Two sign-ups by mail in one flow: on the shared, loaded machine a step may take well over the default.
vi.setConfig({ testTimeout: 180_000 });

let browser: Browser;
let gaa: Page;
const stamp = Date.now().toString(36);
const siKey = `e2e-${stamp}`;
const siName = `E2E 整合商 ${stamp}`;
const siEmail = `si-${stamp}@e2e.test`;
const ownerEmail = `owner-${stamp}@e2e.test`;
// a demo catering shop (every tenth demo shop is retail, listed in the retail tree) far from those other
// browser tests use
const SHOP_ID = 188;
let shopName = '';

/** The newest set-password token mailed to `to`, read by gaa from the captured outbox (sent by the job queue). */
const mailedToken = async (to: string) => {
  let token = '';
  await expect
    .poll(
      async () => {
        const res = await gaa.request.get(url('/console/apis/gaa/dev/mail-outbox?offset=0&limit=50'));
        const { mails } = (await res.json()) as { mails: { to: string; subject: string; text: string }[] };
        const mail = mails.find((m) => m.to === to);
        token = decodeURIComponent(/setPassword=([\w%-]+)/.exec(mail?.text ?? '')?.[1] ?? '');
        if (mail) expect(mail.subject).toContain('請設定密碼');
        return token;
      },
      { timeout: 60_000, interval: 500 },
    )
    .not.toBe('');
  return token;
};

/** Opens the mailed link in a fresh browser, sets a password and signs in at the portal's login page. */
const acceptInvitation = async (portal: 'si' | 'eaa', token: string, email: string, password: string) => {
  const page = await (await newContext(browser)).newPage();
  await page.goto(url(`/console/${portal}-login?setPassword=${encodeURIComponent(token)}`));
  await page.getByText(email).waitFor();
  await page.getByLabel('新密碼').fill('short');
  await page.getByLabel('再輸入一次').fill('short');
  await page.getByRole('button', { name: '儲存密碼' }).click();
  await page.getByText(/至少/).first().waitFor(); // the contract's password rule, before any call
  await page.getByLabel('新密碼').fill(password);
  await page.getByLabel('再輸入一次').fill(password);
  await page.getByRole('button', { name: '儲存密碼' }).click();
  await page.getByText('密碼已設定，請登入').waitFor();
  await page.getByRole('button', { name: /^登\s?入$/ }).click();
  await submitLogin(page, email, password);
  await page.waitForURL(/\/console\/summary\/stat$/);
  return page;
};

beforeAll(async () => {
  if (!hasChromium) return;
  browser = await launchBrowser();
  gaa = await (await newContext(browser, 'zh-TW')).newPage();
  await signIn(gaa, 'gaa');
});

afterAll(async () => {
  await browser?.close();
});

describe.skipIf(!hasChromium)(
  'an SI is created, its user invites a store owner, the owner sees only its shop',
  () => {
    let si: Page;

    it('gaa creates an SI: the form checks the key, the list finds it by search', async () => {
      await gaa.goto(url('/console/si-accounts/new'));
      await gaa.getByLabel('SI 代號').fill('Bad Key');
      await gaa.getByLabel('顯示名稱').fill(siName);
      await gaa.getByLabel('聯絡人', { exact: true }).fill('測試聯絡人 林小姐');
      await gaa.getByLabel('聯絡人電子郵件').fill(siEmail);
      await gaa.getByRole('button', { name: '建立並寄出邀請' }).click();
      await gaa.getByText('SI 代號只能有小寫英文、數字與 -，以英文開頭').waitFor();
      await gaa.getByLabel('SI 代號').fill(siKey);
      await gaa.getByRole('button', { name: '建立並寄出邀請' }).click();
      await gaa.getByText(`已建立 ${siName}，邀請已寄到 ${siEmail}`).waitFor();
      await gaa.waitForURL(/\/console\/si-accounts$/);
      await gaa.getByLabel('搜尋 SI 代號、名稱或電子郵件').fill(siKey);
      await gaa.getByLabel('搜尋 SI 代號、名稱或電子郵件').press('Enter');
      await poll(() => new URL(gaa.url()).searchParams.get('q')).toBe(siKey);
      const row = gaa.locator('tbody tr.ant-table-row');
      await poll(() => row.count()).toBe(1);
      expect(await row.textContent()).toContain(siName);
      expect(await row.textContent()).toContain('測試聯絡人 林小姐');
      await gaa.screenshot({ path: shot('admin-si-accounts.png') });
      // its users: the contact, invited and not yet signed in
      await row.getByRole('link', { name: '1', exact: true }).click();
      await gaa.waitForURL(/\/si-accounts\/\d+\/si-users$/);
      const user = gaa.getByTestId('admin-users').locator('tbody tr.ant-table-row', { hasText: siEmail });
      await user.waitFor();
      expect(await user.textContent()).toContain('待設定密碼');
      await gaa.getByText(`SI：${siName}（${siKey}）`).waitFor();
      await gaa.screenshot({ path: shot('admin-si-account-users.png') });
    });

    it('gaa gives a shop to the new SI from the shop list', async () => {
      await gaa.goto(url(`/console/gaa/business?id=${SHOP_ID}`));
      const row = gaa.locator('tbody tr.ant-table-row').first();
      await row.waitFor();
      await row.getByLabel('SI', { exact: true }).click();
      await gaa.locator('.ant-select-dropdown').getByText(siName).click();
      await gaa.getByText('所屬SI修改成功').waitFor();
    });

    it('the SI contact sets a password from the mailed link and signs in at /si-login', async () => {
      const token = await mailedToken(siEmail);
      si = await acceptInvitation('si', token, siEmail, 'Harbor-lantern-e2e-7');
      await si.goto(url('/console/si-users'));
      const me = si.locator('tbody tr.ant-table-row', { hasText: siEmail });
      await me.waitFor();
      expect(await me.textContent()).toContain('啟用中');
      await si.screenshot({ path: shot('admin-si-users.png') });
    });

    it('the si creates a store-owner account for its shop (an si must give one)', async () => {
      await si.goto(url('/console/eaa-accounts/new'));
      await si.getByLabel('名稱').fill('王老闆');
      await si.getByLabel('電子郵件').fill(ownerEmail);
      await si.getByRole('button', { name: '建立並寄出邀請' }).click();
      await si.getByText('請至少選擇一間商店').waitFor();
      await si.getByTestId('shop-picker').locator('input').fill(String(SHOP_ID));
      const option = (await openedDropdown(si))
        .locator('.ant-select-item-option', { hasText: `${SHOP_ID} ` })
        .first();
      await option.waitFor();
      shopName = ((await option.getAttribute('title')) ?? '').replace(`${SHOP_ID} `, '');
      await option.click();
      await si.keyboard.press('Escape');
      await si.screenshot({ path: shot('admin-eaa-new.png') });
      await si.getByRole('button', { name: '建立並寄出邀請' }).click();
      await si.getByText(`已建立帳號，設定密碼的邀請已寄到 ${ownerEmail}`).waitFor();
      await si.waitForURL(/\/console\/eaa-accounts$/);
      const row = si.locator('tbody tr.ant-table-row', { hasText: ownerEmail });
      await row.waitFor();
      expect(await row.textContent()).toContain(`${SHOP_ID} ${shopName}`);
      expect(await row.textContent()).toContain('待設定密碼');
      await si.screenshot({ path: shot('admin-eaa-accounts-si.png') });
      await row.getByRole('link', { name: `商店 ${ownerEmail}` }).click();
      await si.getByTestId('owner-shops').getByText(shopName).waitFor();
      // the only shop an si gave cannot be taken away (it would lose sight of the owner)
      expect(await si.getByRole('button', { name: `移出 ${shopName}` }).isDisabled()).toBe(true);
      await si.screenshot({ path: shot('admin-eaa-shops.png') });
    });

    it('the owner sets a password from its mail, signs in at /eaa-login and sees only that shop', async () => {
      expect(shopName).not.toBe('');
      const token = await mailedToken(ownerEmail);
      const owner = await acceptInvitation('eaa', token, ownerEmail, 'Noodle-house-owner-42');
      await owner.goto(url('/console/eaa/business/shop-management'));
      const rows = owner.locator('tbody tr.ant-table-row');
      await rows.first().waitFor();
      await poll(() => rows.count()).toBe(1);
      expect(await rows.first().textContent()).toContain(shopName);
    });
  },
);

describe.skipIf(!hasChromium)('the last active administrator cannot be disabled', () => {
  it('gaa tries to disable the only active gaa and reads the server’s reason', async () => {
    await gaa.goto(url('/console/gaa-users?status=active'));
    const rows = gaa.locator('tbody tr.ant-table-row');
    await rows.first().waitFor();
    await poll(() => rows.count()).toBe(1);
    await gaa.screenshot({ path: shot('admin-gaa-users.png') });
    await gaa.getByRole('button', { name: '停用 gaa@demo.test' }).click();
    await gaa.locator('.ant-modal-confirm-title', { hasText: '停用 平台管理員？' }).waitFor();
    await gaa
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /^停\s?用$/ })
      .click();
    await gaa.locator('.ant-modal-confirm-title', { hasText: '無法停用' }).waitFor();
    await gaa.getByText('至少要保留一位啟用中的管理員').waitFor();
    await gaa.screenshot({ path: shot('admin-last-gaa.png') });
    await gaa.getByRole('button', { name: /^確\s?定$/ }).click();
    // still active: the list says so after a reload
    await gaa.reload();
    expect(await gaa.locator('tbody tr.ant-table-row').first().textContent()).toContain('啟用中');
  });

  it('gaa invites another administrator, whose edit page shows the invitation state', async () => {
    await gaa.goto(url('/console/gaa-users/new'));
    await gaa.getByLabel('名稱').fill('營運 張小姐');
    await gaa.getByLabel('電子郵件').fill('not-an-email');
    await gaa.getByRole('button', { name: '建立並寄出邀請' }).click();
    await gaa.getByText('電子郵件格式錯誤').waitFor();
    await gaa.getByLabel('電子郵件').fill('gaa@demo.test');
    await gaa.getByRole('button', { name: '建立並寄出邀請' }).click();
    await gaa.getByText('這個電子郵件已有帳號').waitFor(); // the server's 409, on the field
    await gaa.getByLabel('電子郵件').fill(`ops-${stamp}@e2e.test`);
    await gaa.getByRole('button', { name: '建立並寄出邀請' }).click();
    await gaa.waitForURL(/\/console\/gaa-users$/);
    await gaa.getByRole('link', { name: `編輯 ops-${stamp}@e2e.test` }).click();
    await gaa.getByText('待設定密碼').waitFor();
    await gaa.getByRole('button', { name: '重寄邀請' }).waitFor();
    await gaa.screenshot({ path: shot('admin-gaa-edit.png') });
  });
});
