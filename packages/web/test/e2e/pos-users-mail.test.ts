// Shop-info e-mail, mail capture, POS users and weekly report end to end (spec 000 §2 /account-email;
// spec 002 §2 screens 1, 4 and 5, §8 messages). Without SMTP_URL the server captures mails in its outbox.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser, newContext, openedPopconfirm, poll, signIn, url } from './browser';

let browser: Browser;
let page: Page;
const stamp = Date.now().toString(36);

/** Opens the outbox and expands the newest mail to the given recipient; answers its row and body text. */
const openMailTo = async (recipient: string) => {
  const row = page.locator('tr.ant-table-row', { hasText: recipient }).first();
  // The weekly report is sent just after its answer: reload until it is there.
  await poll(async () => {
    await page.goto(url('/console/other/mail-outbox'));
    await page.locator('tr.ant-table-row').first().waitFor();
    return row.count();
  }).toBeGreaterThan(0);
  await row.click();
  const body = page.locator('tr.ant-table-expanded-row pre').first();
  await body.waitFor();
  return { row, text: (await body.textContent()) ?? '' };
};

/** The "more" menu of the first row of the gaa list (spec 002 §2 screen 1 actions). */
const openRowAction = async (label: string) => {
  await page.locator('tbody tr.ant-table-row').first().getByRole('button', { name: /更多/ }).click();
  await page.getByRole('menuitem', { name: label }).click();
  return page.getByRole('dialog');
};

beforeAll(async () => {
  if (!hasChromium) return;
  browser = await launchBrowser();
  page = await (await newContext(browser, 'zh-TW')).newPage();
  await signIn(page, 'gaa');
});

afterAll(async () => {
  await browser?.close();
});

describe.skipIf(!hasChromium)('gaa sends the shop-info e-mail and reads it in the mail outbox', () => {
  const recipient = `owner-${stamp}@e2e.test`;

  it('shows the shop’s info: name, binding code with its Taipei expiry and the shop URLs', async () => {
    await page.goto(url(`/console/account-email?shop_id=1&shop_name=${encodeURIComponent('第一間店')}`));
    await page.getByText('綁定碼期限（台北時間）').waitFor();
    expect(await page.getByText('/shop/1/menu').count()).toBeGreaterThan(0);
    // The recipient defaults to the shop's e-mail.
    expect(await page.getByLabel('收件人').inputValue()).toMatch(/@/);
  });

  it('sends to the typed recipient and says so', async () => {
    await page.getByLabel('收件人').fill(recipient);
    await page.getByRole('button', { name: /寄\s*送/ }).click();
    await page.getByText('商店資訊已寄出').waitFor();
  });

  it('the mail is in /other/mail-outbox with the binding code and the menu URL', async () => {
    const { row, text } = await openMailTo(recipient);
    expect(await row.textContent()).toContain('【商店資訊】');
    expect(text).toMatch(/綁定碼 Binding code: \S+/);
    expect(text).toContain('/shop/1/menu');
    await page.getByText('未設定 SMTP_URL').waitFor(); // the page says mails are captured, not sent
  });
});

describe.skipIf(!hasChromium)('gaa manages order-machine users from the shop list', () => {
  const username = `e2e-${stamp}`;

  it('adds a user: the table shows it with a masked password', async () => {
    await page.goto(url('/console/gaa/business'));
    const dialog = await openRowAction('點餐機使用者');
    await dialog.getByText(/位使用者/).waitFor();
    await dialog.getByPlaceholder('使用者名稱').fill(username);
    await dialog.getByPlaceholder(/密碼/).fill('secret-pass');
    await dialog.getByRole('button', { name: /新\s*增/ }).click();
    await page.getByText('新增成功！').waitFor();
    const row = dialog.locator('tr', { hasText: username });
    await row.waitFor();
    expect(await row.textContent()).toContain('••••••');
    expect(await dialog.textContent()).not.toContain('secret-pass');
    // the board those users sign in to opens from here
    const board = dialog.getByRole('link', { name: '開啟點餐機接單頁' });
    expect(await board.getAttribute('href')).toBe('/console/qcpos/login');
  });

  it('refuses the same username again with the spec message and the reason', async () => {
    const dialog = page.getByRole('dialog');
    await dialog.getByPlaceholder('使用者名稱').fill(username);
    await dialog.getByPlaceholder(/密碼/).fill('secret-pass');
    await dialog.getByRole('button', { name: /新\s*增/ }).click();
    await page.getByText('無法新增使用者').waitFor();
    await page.getByText('此使用者名稱已被使用').waitFor();
  });

  it('deletes the user after confirmation', async () => {
    const dialog = page.getByRole('dialog').first();
    await dialog.getByRole('button', { name: `刪除 ${username}` }).click();
    await (await openedPopconfirm(page)).getByRole('button', { name: /確\s*定/ }).click();
    await page.getByText('已刪除。').waitFor();
    await dialog.locator('tr', { hasText: username }).waitFor({ state: 'detached' });
    await dialog
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /關\s*閉/ })
      .click();
    await dialog.waitFor({ state: 'hidden' });
  });
});

describe.skipIf(!hasChromium)('gaa sends a weekly report from the shop list', () => {
  const recipient = `boss-${stamp}@e2e.test`;

  it('defaults to last week and the shop e-mail, refuses a bad BCC, then queues the report', async () => {
    // shop 1, which has 90 days of seeded orders: the list's first row may be a shop another file just opened
    await page.goto(url('/console/gaa/business?id=1'));
    await poll(() => page.locator('tbody tr.ant-table-row').count()).toBe(1);
    const dialog = await openRowAction('寄送週報');
    expect(await dialog.getByLabel('收件人').inputValue()).toMatch(/@/);
    // spec 002 §9: the range defaults to the previous ISO week, Monday to Sunday.
    const [from, to] = await dialog
      .locator('.ant-picker-range input')
      .evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value));
    expect(new Date(`${from}T00:00:00Z`).getUTCDay()).toBe(1);
    expect((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000).toBe(6);
    await dialog.getByLabel('收件人').fill(recipient);
    await dialog.getByLabel('密件副本').fill(' a@e2e.test ,bad');
    await dialog.getByRole('button', { name: /寄\s*送/ }).click();
    await dialog.getByText('密件副本的電子郵件格式錯誤: bad').waitFor();
    await dialog.getByLabel('密件副本').fill(' a@e2e.test , b@e2e.test ');
    await dialog.getByRole('button', { name: /寄\s*送/ }).click();
    await page.getByText('報表稍後將寄出。').waitFor();
  });

  it('the report arrives in the outbox: BCCs trimmed, the week and the week’s real figures', async () => {
    const { row, text } = await openMailTo(recipient);
    expect(await row.textContent()).toContain('a@e2e.test, b@e2e.test');
    expect(await row.textContent()).toMatch(/【週報】.+ \d{4}-W\d{2} \(/);
    // The demo shops have 90 days of seeded orders: last week's count and revenue come from them.
    const orders = Number(/訂單數 Orders: (\d+)/.exec(text)?.[1]);
    const revenue = Number(/營業額 Revenue: NT\$ ([\d,]+)/.exec(text)?.[1]?.replaceAll(',', ''));
    expect(orders).toBeGreaterThan(0);
    expect(revenue).toBeGreaterThanOrEqual(orders);
    expect(text).not.toContain('no orders recorded in this period');
  });
});
