// "Stored funds and accounting": billing accounts as a double-entry ledger, deposits, refunds,
// transactions and their export, payout bank accounts, and the monthly billing run.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRecords, ledgerEntries } from '../src/db/schema';
import { build } from './helpers';
import { ACCT, billedShop, FIXED_ONLY, key, monthFrom, platformUsage, VAS } from './ledger-fixtures';

describe('stored funds and billing', async () => {
  const t = await build();
  const gaa = await t.signedIn('gaa');
  const eaa = await t.signedIn('eaa');
  const si = await t.signedIn('si', { siAccountId: (await t.createSiAccount('ledger-si')).id });
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, who = gaa) =>
    t.app.inject({ method, url, headers: who.headers, payload: payload as Record<string, unknown> });
  const account = async (id: number) =>
    ((await call('GET', `${VAS}/accounts?limit=200`)).json().rows as { id: number; balance: number }[]).find(
      (r) => r.id === id,
    )!;
  const last = monthFrom(-1);

  it('refuses every route without a session (401) and to si and eaa (403)', async () => {
    const routes: [string, string][] = [
      ['GET', `${VAS}/accounts`],
      ['POST', `${VAS}/accounts`],
      ['PUT', `${VAS}/accounts/1/credit-limit`],
      ['POST', `${VAS}/accounts/1/deposits`],
      ['POST', `${VAS}/accounts/1/refunds`],
      ['GET', `${VAS}/deposits`],
      ['GET', `${VAS}/transactions`],
      ['GET', `${VAS}/transactions/export`],
      ['GET', `${ACCT}/bank-accounts`],
      ['POST', `${ACCT}/bank-accounts`],
      ['DELETE', `${ACCT}/bank-accounts/1`],
      ['GET', `${ACCT}/billing/${last}`],
      ['POST', `${ACCT}/billing/${last}/run`],
      ['GET', `${ACCT}/billing/${last}/statement`],
    ];
    for (const [method, url] of routes) {
      const none = await t.app.inject({ method: method as 'GET', url });
      expect(none.statusCode, `${method} ${url}`).toBe(401);
      for (const who of [eaa, si]) {
        const res = await t.app.inject({ method: method as 'GET', url, headers: who.headers, payload: {} });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }
  });

  it('deposits into a wallet once per key: a replay changes nothing, a reused key on another amount is 409', async () => {
    const { walletId } = await billedShop(t, gaa);
    const body = {
      amount: 300_000,
      payer: '王小明',
      method: 'bank_transfer',
      reference: 'TX-1',
      idempotencyKey: key(),
    };
    const first = await call('POST', `${VAS}/accounts/${walletId}/deposits`, body);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ replayed: false, account: { balance: 300_000 } });
    const again = await call('POST', `${VAS}/accounts/${walletId}/deposits`, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ replayed: true, transactionId: first.json().transactionId });
    expect((await account(walletId)).balance).toBe(300_000);
    const other = await call('POST', `${VAS}/accounts/${walletId}/deposits`, { ...body, amount: 1 });
    expect(other.statusCode).toBe(409);
    const deposits = await call('GET', `${VAS}/deposits?accountId=${walletId}`);
    expect(deposits.json()).toMatchObject({ total: 1, sum: 300_000 });
    expect(deposits.json().rows[0]).toMatchObject({
      payer: '王小明',
      method: 'bank_transfer',
      reference: 'TX-1',
    });
    const entries = await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, first.json().transactionId));
    expect(entries.map((e) => e.amount).sort((a, b) => a - b)).toEqual([-300_000, 300_000]);
    const audits = await t.db.select().from(auditRecords).where(eq(auditRecords.resourceCode, 'ledger'));
    expect(audits.some((a) => a.displayLog.includes('儲值 NT$3,000'))).toBe(true);
  });

  it('answers bad input with a 4xx naming the problem', async () => {
    const { walletId } = await billedShop(t, gaa);
    const bad = async (method: 'POST' | 'PUT' | 'GET', url: string, payload: unknown, status = 400) => {
      const res = await call(method, url, payload);
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(status);
      expect(res.json().error.message).toBeTruthy();
    };
    const dep = { amount: 100, payer: 'x', method: 'cash', idempotencyKey: key() };
    await bad('POST', `${VAS}/accounts/${walletId}/deposits`, { ...dep, amount: 0 });
    await bad('POST', `${VAS}/accounts/${walletId}/deposits`, { ...dep, amount: 1.5 });
    await bad('POST', `${VAS}/accounts/${walletId}/deposits`, { ...dep, method: 'gold' });
    await bad('POST', `${VAS}/accounts/${walletId}/deposits`, { ...dep, idempotencyKey: 'short' });
    await bad('POST', `${VAS}/accounts/${walletId}/deposits`, { ...dep, payer: '' });
    await bad('POST', `${VAS}/accounts/999999/deposits`, dep, 404);
    await bad('POST', `${VAS}/accounts`, { shopId: 999_999 });
    await bad('GET', `${ACCT}/billing/2026-13`, undefined);
    await bad('POST', `${ACCT}/billing/${monthFrom(0)}/run`, undefined);
    await bad('GET', `${VAS}/transactions?from=2026-02-01&to=2026-01-01`, undefined);
  });

  it('a second wallet for the same shop is 409; a credit limit below the debt is 400', async () => {
    const s = await billedShop(t, gaa);
    expect((await call('POST', `${VAS}/accounts`, { shopId: s.shopId })).statusCode).toBe(409);
    expect(
      (await call('PUT', `${VAS}/accounts/${s.walletId}/credit-limit`, { creditLimit: 100_000 })).statusCode,
    ).toBe(200);
    // the fixed fee (NT$499) goes into credit
    const run = await call('POST', `${ACCT}/billing/${monthFrom(-3)}/run`);
    expect(run.statusCode, run.body).toBe(200);
    expect((await account(s.walletId)).balance).toBe(-49_900);
    const low = await call('PUT', `${VAS}/accounts/${s.walletId}/credit-limit`, { creditLimit: 40_000 });
    expect(low.statusCode).toBe(400);
    expect(low.json().error.message).toBe('信用額度不可低於目前的欠款');
  });

  it('bills last month once from the formula in effect, retries an unpaid line, and states it in .xlsx', async () => {
    const paid = await billedShop(t, gaa);
    const unpaid = await billedShop(t, gaa);
    await call('POST', `${VAS}/accounts/${paid.walletId}/deposits`, {
      amount: 100_000,
      payer: 'p',
      method: 'cash',
      idempotencyKey: key(),
    });
    const preview = await call('GET', `${ACCT}/billing/${last}`);
    expect(preview.statusCode, preview.body).toBe(200);
    const line = (id: number) => preview.json().rows.find((r: { accountId: number }) => r.accountId === id);
    expect(line(paid.walletId)).toMatchObject({
      state: 'pending',
      formulaVersion: 1,
      charge: { total: 49_900 },
    });
    expect(preview.json().billable).toBe(true);

    const first = await call('POST', `${ACCT}/billing/${last}/run`);
    expect(first.statusCode, first.body).toBe(200);
    expect((await account(paid.walletId)).balance).toBe(50_100);
    expect((await account(unpaid.walletId)).balance).toBe(0);
    const again = await call('POST', `${ACCT}/billing/${last}/run`);
    expect(again.json().posted).toBe(0);
    expect(again.json().alreadyPosted).toBeGreaterThanOrEqual(1);
    expect((await account(paid.walletId)).balance).toBe(50_100);

    const after = (await call('GET', `${ACCT}/billing/${last}`)).json();
    const mine = after.rows.find((r: { accountId: number }) => r.accountId === paid.walletId);
    expect(mine.state).toBe('posted');
    expect(after.rows.find((r: { accountId: number }) => r.accountId === unpaid.walletId).state).toBe(
      'insufficient',
    );
    const txs = (await call('GET', `${VAS}/transactions?accountId=${paid.walletId}&kind=charge`)).json();
    expect(txs.total).toBe(1);
    expect(txs.rows[0]).toMatchObject({
      id: mine.transactionId,
      amount: -49_900,
      balanceAfter: 50_100,
      billingMonth: last,
    });

    await call('POST', `${VAS}/accounts/${unpaid.walletId}/deposits`, {
      amount: 49_900,
      payer: 'p',
      method: 'cash',
      idempotencyKey: key(),
    });
    const retry = await call('POST', `${ACCT}/billing/${last}/run`);
    expect(retry.json().posted).toBe(1);
    expect((await account(unpaid.walletId)).balance).toBe(0);

    const file = await call('GET', `${ACCT}/billing/${last}/statement?format=xlsx`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const csv = await call('GET', `${ACCT}/billing/${last}/statement?format=csv&lang=en`);
    expect(csv.body).toContain('Charged');
    const exp = await call('GET', `${VAS}/transactions/export?accountId=${paid.walletId}&format=csv`);
    expect(exp.statusCode).toBe(200);
    expect(exp.body).toContain('-499');
  });

  it('charges e-invoices and platform deliveries at the formula’s per-unit prices; a version without them as before', async () => {
    // the billing tool bills usage (e-invoice counts, logistics) from the formulas
    const priced = await billedShop(t, gaa, { ...FIXED_ONLY, perEinvoice: 50, perDelivery: 1_500 });
    const old = await billedShop(t, gaa); // stored without perEinvoice / perDelivery
    for (const s of [priced, old]) {
      await platformUsage(t, s.shopId, last, { einvoices: 3, deliveries: 2 });
      await call('POST', `${VAS}/accounts/${s.walletId}/deposits`, {
        amount: 100_000,
        payer: 'p',
        method: 'cash',
        idempotencyKey: key(),
      });
    }
    const preview = (await call('GET', `${ACCT}/billing/${last}`)).json();
    const line = (id: number) => preview.rows.find((r: { accountId: number }) => r.accountId === id);
    expect(line(priced.walletId).usage).toEqual({ orders: 0, sales: 0, einvoices: 3, deliveries: 2 });
    expect(line(priced.walletId).charge).toEqual({
      fixed: 49_900,
      perOrder: 0,
      percent: 0,
      einvoice: 150,
      delivery: 3_000,
      total: 53_050,
    });
    expect(line(old.walletId).usage).toMatchObject({ einvoices: 3, deliveries: 2 });
    expect(line(old.walletId).charge).toMatchObject({ einvoice: 0, delivery: 0, total: 49_900 });

    // the run posts the total; the posted line keeps its parts
    expect((await call('POST', `${ACCT}/billing/${last}/run`)).statusCode).toBe(200);
    expect((await account(priced.walletId)).balance).toBe(100_000 - 53_050);
    expect((await account(old.walletId)).balance).toBe(100_000 - 49_900);
    // usage after the run (a late delivery) never re-prices a posted line
    await platformUsage(t, priced.shopId, last, { einvoices: 0, deliveries: 4 });
    const after = (await call('GET', `${ACCT}/billing/${last}`)).json();
    const posted = after.rows.find((r: { accountId: number }) => r.accountId === priced.walletId);
    expect(posted).toMatchObject({ state: 'posted', usage: { deliveries: 2 } });
    expect(posted.charge).toEqual(line(priced.walletId).charge);
    expect((await call('POST', `${ACCT}/billing/${last}/run`)).json().posted).toBe(0);
    expect((await account(priced.walletId)).balance).toBe(100_000 - 53_050);

    // the statement has the two parts as columns
    const csv = (await call('GET', `${ACCT}/billing/${last}/statement?format=csv`)).body;
    const rows = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
      .map((r) => r.split(','));
    const header = rows[0]!;
    const row = rows.find((r) => r[header.indexOf('商店編號')] === String(priced.shopId))!;
    expect(row[header.indexOf('電子發票費（NT$）')]).toBe('1.5');
    expect(row[header.indexOf('平台外送費（NT$）')]).toBe('30');
    expect(row[header.indexOf('合計（NT$）')]).toBe('530.5');
  });

  it('refunds into a wallet from revenue, once per key', async () => {
    const { walletId } = await billedShop(t, gaa);
    const body = { amount: 5_000, reason: '重複扣款', idempotencyKey: key() };
    expect((await call('POST', `${VAS}/accounts/${walletId}/refunds`, body)).statusCode).toBe(201);
    expect((await call('POST', `${VAS}/accounts/${walletId}/refunds`, body)).statusCode).toBe(200);
    expect((await account(walletId)).balance).toBe(5_000);
  });

  it('keeps payout bank accounts by format, masked in the list', async () => {
    const ok = {
      owner: 'platform',
      bankCode: '812',
      branchCode: '0012',
      accountNumber: '12345678901234',
      accountName: '平台股份有限公司',
    };
    const created = await call('POST', `${ACCT}/bank-accounts`, ok);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().accountNumberMasked).toBe('**********1234');
    expect((await call('POST', `${ACCT}/bank-accounts`, ok)).statusCode).toBe(409);
    for (const bad of [
      { ...ok, bankCode: '81' },
      { ...ok, branchCode: '12a4' },
      { ...ok, accountNumber: '123' },
      { ...ok, accountName: '' },
      { ...ok, owner: 'si' },
      { ...ok, accountNumber: '99999999999', siAccountId: 1 },
    ])
      expect((await call('POST', `${ACCT}/bank-accounts`, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    const list = await call('GET', `${ACCT}/bank-accounts`);
    expect(list.body).not.toContain('12345678901234');
    expect((await call('DELETE', `${ACCT}/bank-accounts/${created.json().id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `${ACCT}/bank-accounts/${created.json().id}`)).statusCode).toBe(404);
  });

  it('the database refuses to edit or delete a ledger entry', async () => {
    await expect(t.db.update(ledgerEntries).set({ amount: 1 })).rejects.toThrow();
    await expect(t.db.delete(ledgerEntries)).rejects.toThrow();
  });
});
