// entrance portals (docs/decisions/platform.md "Portal logo, shop order and station audit"): /portals/new is
// an empty form that asks the API nothing; an uploaded logo shows on the public page /p/{key}; the shops'
// order set by drag and drop (keyboard) survives a reload and the public page lists them in it; a route
// naming the portal by its number opens it, a missing one shows a not-found state.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, poll, shot, signedInPage, url } from './browser';

let page: Page;
signedInPage(
  'gaa',
  (p) => {
    page = p;
  },
  { width: 1440, height: 1000 },
);
const stamp = Date.now() % 100_000;
const KEY = `logo-${stamp}`;
/** Demo shops no other browser test puts in a portal. */
const SHOPS = [41, 42, 43];
/** The smallest valid PNG (1×1). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const publicNames = async () => {
  const res = await page.request.get(url(`/p/${KEY}`));
  expect(res.status()).toBe(200);
  return [...(await res.text()).matchAll(/<span class="name">([^<]+)<\/span>/g)].map((m) => m[1]);
};

describe.skipIf(!hasChromium)('entrance portal: create, logo, shop order', () => {
  it('/portals/new is an empty form that asks nothing; the uploaded logo shows on the public page', {
    timeout: 120_000,
  }, async () => {
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/console/apis/') && r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });
    await page.goto(url('/console/portals/new'));
    await poll(() => page.getByLabel('代碼').isVisible()).toBe(true);
    expect(await page.getByLabel('代碼').inputValue()).toBe('');
    expect(failed).toEqual([]);

    await page.getByLabel('代碼').fill(KEY);
    await page.getByLabel('名稱').fill(`標誌入口 ${stamp}`);
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await poll(() => page.getByTestId('portal-logo-preview').getAttribute('src')).toMatch(
      /^\/console\/apis\/portal-logos\/[a-f0-9]{64}\.png$/,
    );
    const logo = (await page.getByTestId('portal-logo-preview').getAttribute('src'))!;
    await page.screenshot({ path: shot('portal-new-logo.png') });
    await page.getByRole('button', { name: /儲\s?存/ }).click();
    await page.waitForURL(new RegExp(`/console/portals/${KEY}/add-shops`));
    expect(failed).toEqual([]);

    await page.goto(url(`/p/${KEY}`));
    const img = page.locator('header img');
    expect(await img.getAttribute('src')).toBe(logo);
    await poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(1);
  });

  it('drags a shop to the top; the order survives a reload and the public page follows it', {
    timeout: 120_000,
  }, async () => {
    const added = await page.request.post(url(`/console/apis/gaa/portals/${KEY}/shops`), {
      data: { shopIds: SHOPS },
    });
    expect(added.status(), await added.text()).toBe(200);
    const names = await publicNames();
    expect(names).toHaveLength(3);

    await page.goto(url(`/console/portals/${KEY}/shops`));
    const rows = page.getByTestId('portal-shops').locator('tr.ant-table-row');
    await poll(() => rows.count()).toBe(3);
    // drag the third row's handle ⠿ above the first row, as with a mouse
    const handle = rows.nth(2).getByRole('button', { name: /拖曳|drag/i });
    const from = (await handle.boundingBox())!;
    const to = (await rows.first().boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 5 });
    await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 20 });
    await page.mouse.up();
    await page.screenshot({ path: shot('portal-shops-dragged.png'), fullPage: true });
    await poll(() => page.getByText('已更新排序').isVisible()).toBe(true);
    const moved = [names[2], names[0], names[1]];
    await poll(() => publicNames()).toEqual(moved);

    await page.reload();
    await poll(() => rows.count()).toBe(3);
    await poll(() => rows.first().textContent()).toContain(names[2]);
    expect(await rows.nth(1).textContent()).toContain(names[0]);
    expect(await rows.first().locator('td').nth(1).textContent()).toBe('1');
    await page.screenshot({ path: shot('portal-shops-order.png'), fullPage: true });
  });

  it('a route naming the portal by its number opens it; a missing one shows not found', async () => {
    const id = (
      (await (await page.request.get(url(`/console/apis/gaa/portals/${KEY}`))).json()) as {
        portal: { id: number };
      }
    ).portal.id;
    await page.goto(url(`/console/portals/${id}/edit`));
    await poll(() => page.getByLabel('名稱').inputValue()).toBe(`標誌入口 ${stamp}`);
    expect(await page.getByLabel('代碼').inputValue()).toBe(KEY);
    await page.goto(url(`/console/portals/${id}/shops`));
    await poll(() => page.getByTestId('portal-shops').locator('tr.ant-table-row').count()).toBe(3);
    expect(await page.getByTestId('public-url').textContent()).toContain(`/p/${KEY}`);
    await page.goto(url('/console/portals/999999/edit'));
    await poll(() => page.getByTestId('portal-not-found').isVisible()).toBe(true);
    expect(await page.getByTestId('portal-not-found').textContent()).toContain('找不到此入口');
    await page.goto(url('/console/portals/no-such-entrance/shops'));
    await poll(() => page.getByTestId('portal-not-found').isVisible()).toBe(true);
  });
});
