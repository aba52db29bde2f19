// "Done means": a gaa user deposits into a billing account, runs the month's billing, and the
// balance and the statement agree with the ledger; the other stored-funds and accounting pages show.
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, openedPopconfirm, poll, shot, signedInPage, url } from './browser';

let page: Page;
signedInPage(
  'gaa',
  (p) => {
    page = p;
  },
  { width: 1440, height: 1000 },
);

const api = async <T>(path: string): Promise<T> => {
  const res = await page.request.get(url(`/console/apis/gaa${path}`));
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
};
type TLine = { accountId: number; shopId: number; state: string; charge: { total: number } };
type TAccount = { id: number; shopId: number; balance: number };
const balanceOf = async (shopId: number) =>
  (await api<{ rows: TAccount[] }>(`/vas/accounts?q=${shopId}`)).rows.find((r) => r.shopId === shopId)!
    .balance;

/** Two months ago in Asia/Taipei: the seed bills last month, so this one is not run yet. */
const month = (() => {
  const d = new Date(Date.now() + 8 * 3_600_000);
  const k = d.getUTCFullYear() * 12 + d.getUTCMonth() - 2;
  return `${Math.floor(k / 12)}-${String((k % 12) + 1).padStart(2, '0')}`;
})();

describe.skipIf(!hasChromium)('gaa deposits, runs a month’s billing, and the ledger agrees', () => {
  it('deposits, bills the month once, and the balance, the transactions and the statement agree', async () => {
    const before = await api<{ rows: TLine[] }>(`/acct/billing/${month}`);
    const line = before.rows.find((r) => r.state !== 'posted' && r.charge.total > 0);
    expect(line, 'a demo wallet with a charge for the month').toBeTruthy();
    const { shopId, accountId, charge } = line!;
    const start = await balanceOf(shopId);

    await page.goto(url(`/console/vas/billing-accounts?q=${shopId}`));
    await page.getByTestId(`deposit-${shopId}`).click();
    await page.getByTestId('posting-amount').fill('1000');
    await page.getByTestId('posting-payer').fill('測試付款人');
    await page.getByTestId('posting-reference').fill(`E2E-${Date.now()}`);
    await page.getByTestId('posting-save').click();
    await poll(() => balanceOf(shopId)).toBe(start + 100_000);
    await poll(() => page.getByTestId('billing-accounts').textContent()).toContain(
      `NT$${((start + 100_000) / 100).toLocaleString('en-US')}`,
    );
    await page.screenshot({ path: shot('vas-billing-accounts.png'), fullPage: true });

    await page.goto(url(`/console/acct/billing-tool?month=${month}`));
    await poll(() => page.getByTestId('billing-lines').locator('tr.ant-table-row').count()).toBeGreaterThan(
      0,
    );
    // e-invoices and platform deliveries are priced parts of each line
    const head = (await page.getByTestId('billing-lines').locator('thead').textContent()) ?? '';
    expect(head).toContain('發票費');
    expect(head).toContain('外送費');
    await page.getByTestId('run-billing').click();
    await (await openedPopconfirm(page)).getByRole('button', { name: /確\s?定/ }).click();
    await poll(
      async () =>
        (await api<{ rows: TLine[] }>(`/acct/billing/${month}`)).rows.find((r) => r.accountId === accountId)
          ?.state,
    ).toBe('posted');
    const after = start + 100_000 - charge.total;
    expect(await balanceOf(shopId)).toBe(after);
    await poll(() => page.getByTestId('last-run').textContent()).toContain('上次結算');
    await page.screenshot({ path: shot('acct-billing-tool.png'), fullPage: true });

    // the ledger: one charge of the month for this wallet, the balance after it as on the account
    const txs = await api<{ rows: { amount: number; balanceAfter: number; billingMonth: string | null }[] }>(
      `/vas/transactions?accountId=${accountId}&kind=charge`,
    );
    const charges = txs.rows.filter((r) => r.billingMonth === month);
    expect(charges).toHaveLength(1);
    expect(charges[0]!.amount).toBe(-charge.total);

    // the statement: the shop's total as charged
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('statement').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`statement-${month}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.read(await download.createReadStream());
    const ws = wb.worksheets[0]!;
    const header = (ws.getRow(1).values as unknown[]).map(String);
    const totalCol = header.indexOf('合計（NT$）');
    let found: unknown[] | null = null;
    ws.eachRow((row) => {
      if (row.getCell(1).value === shopId) found = row.values as unknown[];
    });
    expect(found).not.toBeNull();
    expect(Number(found![totalCol])).toBe(charge.total / 100);
    expect(String(found![header.indexOf('狀態')])).toBe('已扣款');

    // a second run charges nothing more
    await page.getByTestId('run-billing').click();
    await (await openedPopconfirm(page)).getByRole('button', { name: /確\s?定/ }).click();
    await poll(() => page.getByText(/已扣款 0 家/).isVisible()).toBe(true);
    expect(await balanceOf(shopId)).toBe(after);
  });

  it('lists deposits, transactions (exported as .xlsx) and masked bank accounts', async () => {
    await page.goto(url('/console/vas/deposit-records'));
    await poll(() => page.getByTestId('deposit-records').textContent()).toContain('測試付款人');
    await page.screenshot({ path: shot('vas-deposit-records.png'), fullPage: true });

    await page.goto(url('/console/vas/transactions?kind=charge'));
    await poll(() => page.getByTestId('transactions').locator('tr.ant-table-row').count()).toBeGreaterThan(0);
    await page.screenshot({ path: shot('vas-transactions.png'), fullPage: true });
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /匯出 Excel/ }).click(),
    ]);
    expect(file.suggestedFilename()).toBe('transactions.xlsx');

    await page.goto(url('/console/acct/bank-accounts'));
    await poll(() => page.getByTestId('bank-accounts').textContent()).toContain('**********8901');
    const stamp = String(Date.now()).slice(-10);
    await page.getByTestId('add-bank').click();
    await page.getByTestId('bank-code').fill('81');
    await page.getByTestId('branch-code').fill('0012');
    await page.getByTestId('account-number').fill(`55${stamp}`);
    await page.getByTestId('account-name').fill('測試戶名');
    await page.locator('.ant-modal .ant-btn-primary').click();
    await poll(() => page.getByText('銀行代碼為 3 位數字').isVisible()).toBe(true);
    await page.getByTestId('bank-code').fill('812');
    await page.locator('.ant-modal .ant-btn-primary').click();
    await poll(() => page.getByTestId('bank-accounts').textContent()).toContain(`********${stamp.slice(-4)}`);
    expect(await page.getByTestId('bank-accounts').textContent()).not.toContain(`55${stamp}`);
    await page.screenshot({ path: shot('acct-bank-accounts.png'), fullPage: true });
  });
});
