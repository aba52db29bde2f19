// /extra/app-mngmt (docs/decisions/platform.md "API clients"): a gaa user creates an app scoped to a shop,
// copies its key (shown once), the key reads that shop's orders, and revoking it stops the key.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, openedDropdown, poll, shot, signedInPage, url } from './browser';

let page: Page;
signedInPage(
  'gaa',
  (p) => {
    page = p;
  },
  { width: 1440, height: 1000 },
);
const SHOP = 5;
const name = `ERP ${Date.now() % 100_000}`;
const rows = () => page.getByTestId('api-clients').locator('tr.ant-table-row', { hasText: name });
const ext = (key: string) =>
  page.request.get(url(`/console/apis/ext/v1/shops/${SHOP}/orders?limit=5`), {
    headers: { authorization: `Bearer ${key}` },
  });

describe.skipIf(!hasChromium)('gaa manages the API clients of outside systems', () => {
  let key = '';
  it('creates an app scoped to one shop; the key is shown once and reads that shop’s orders', async () => {
    await page.goto(url('/console/extra/app-mngmt'));
    await page.getByRole('button', { name: /新增應用程式/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('名稱').fill(name);
    await dialog.getByTestId('client-shops').click();
    await page.keyboard.type(String(SHOP));
    await (await openedDropdown(page))
      .locator('.ant-select-item-option', { hasText: new RegExp(`^${SHOP} - `) })
      .click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: /儲\s?存/ }).click();
    const shown = page.getByTestId('api-key');
    await poll(() => shown.textContent()).toMatch(/^sdk_/);
    key = ((await shown.textContent()) ?? '').trim();
    await page.screenshot({ path: shot('api-clients-key.png') });
    await page.getByRole('button', { name: '我已保存' }).click();
    await poll(() => rows().count()).toBe(1);
    expect(await rows().first().textContent()).toContain(key.slice(0, 12));
    // once closed, the key is nowhere on the page
    await poll(() => page.getByTestId('api-key').count()).toBe(0);
    await poll(async () => (await page.content()).includes(key)).toBe(false);
    const res = await ext(key);
    expect(res.status(), await res.text()).toBe(200);
    expect(Array.isArray((await res.json()).orders)).toBe(true);
    expect(
      (
        await page.request.get(url('/console/apis/ext/v1/shops/6/orders'), {
          headers: { authorization: `Bearer ${key}` },
        })
      ).status(),
    ).toBe(403);
    await page.reload();
    await poll(() => rows().first().textContent()).not.toContain('—　—');
  });

  it('revoking the app stops its key', async () => {
    await rows()
      .first()
      .getByRole('button', { name: /^停\s?用$/ })
      .click();
    await page.getByRole('button', { name: /確\s?定/ }).click();
    await poll(() => rows().first().textContent()).toContain('已停用');
    expect((await ext(key)).status()).toBe(401);
  });
});
