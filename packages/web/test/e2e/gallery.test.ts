// "the component gallery": /components, /forms, /table-list, /maps, /pages/user, /pages/timeline show
// the console's own building blocks on real data; list state lives in the URL and survives a reload.
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

describe.skipIf(!hasChromium)('gaa browses the component gallery', () => {
  it('pages the shops list on the server with the page and search in the URL, kept across a reload', async () => {
    await page.goto(url('/console/table-list'));
    const rows = page.getByTestId('gallery-table').locator('tr.ant-table-row');
    await poll(() => rows.count()).toBe(10);
    const total = Number(((await page.getByText(/^共 \d+ 家$/).textContent()) ?? '').replace(/\D/g, ''));
    expect(total).toBeGreaterThan(10);
    const firstPage = await rows.first().locator('td').first().textContent();
    await page.locator('.ant-pagination-item-2').click();
    await poll(() => new URL(page.url()).searchParams.get('page')).toBe('2');
    await poll(() => rows.first().locator('td').first().textContent()).not.toBe(firstPage);
    const secondPage = await rows.first().locator('td').first().textContent();
    await page.reload();
    await poll(() => rows.first().locator('td').first().textContent()).toBe(secondPage);

    // a search is a server query too: every row matches it, page 1 again
    const name = ((await rows.first().locator('td').nth(1).textContent()) ?? '').trim();
    await page.getByTestId('gallery-search').locator('input').fill(name);
    await page.getByTestId('gallery-search').locator('input').press('Enter');
    await poll(() => new URL(page.url()).searchParams.get('q')).toBe(name);
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    await poll(() => rows.first().locator('td').nth(1).textContent()).toBe(name);
    await page.screenshot({ path: shot('gallery-table-list.png'), fullPage: true });
    await page.reload();
    await poll(() => rows.first().locator('td').nth(1).textContent()).toBe(name);
  });

  it('checks the shop form with the contract’s rules and messages as one types', async () => {
    await page.goto(url('/console/forms'));
    const name = page.getByTestId('form-businessName');
    await poll(() => name.inputValue()).not.toBe('');
    await name.fill('');
    await poll(() => page.getByText('請輸入店名').isVisible()).toBe(true);
    await name.fill('一二三四五六七八九十一二三四五六七八九十多');
    await poll(() => page.getByText('店名最多20個字').isVisible()).toBe(true);
    await page.getByTestId('form-businessEmail').fill('not-an-email');
    await poll(() =>
      page
        .getByText(/格式錯誤/)
        .first()
        .isVisible(),
    ).toBe(true);
    await page.screenshot({ path: shot('gallery-forms.png'), fullPage: true });
    await name.fill('好吃小館');
    await poll(() => page.getByText('店名最多20個字').count()).toBe(0);
  });

  it('draws a real shop’s delivery zones on the map, the shop kept in the URL', async () => {
    await page.goto(url('/console/maps'));
    const zones = page.getByTestId('maps-zones').locator('tr.ant-table-row');
    await poll(() => zones.count()).toBeGreaterThan(0);
    await poll(() =>
      page.locator('[data-testid=gallery-map] path.leaflet-interactive').count(),
    ).toBeGreaterThan(0);
    await page.getByTestId('maps-shop').click();
    const options = (await openedDropdown(page)).locator('.ant-select-item-option');
    await poll(() => options.count()).toBeGreaterThan(1);
    const second = ((await options.nth(1).textContent()) ?? '').trim();
    await options.nth(1).click();
    const id = second.match(/（(\d+)）$/)?.[1];
    await poll(() => new URL(page.url()).searchParams.get('shop')).toBe(id);
    await page.reload();
    await poll(() => page.getByTestId('maps-shop').textContent()).toContain(second);
    await page.screenshot({ path: shot('gallery-maps.png'), fullPage: true });
  });

  it('shows the signed-in user’s card with role and sessions', async () => {
    await page.goto(url('/console/pages/user'));
    await poll(() => page.getByTestId('card-user-name').textContent()).toBe('平台管理員');
    await poll(() => page.getByTestId('user-role').textContent()).toBe('平台管理員');
    await poll(() => page.getByTestId('user-sessions').locator('tr.ant-table-row').count()).toBeGreaterThan(
      0,
    );
    await poll(() => page.getByText('此裝置').isVisible()).toBe(true);
    await page.screenshot({ path: shot('gallery-user.png'), fullPage: true });
  });

  it('shows a shop’s audit timeline from the Record API, the shop kept in the URL', async () => {
    await page.goto(url('/console/pages/timeline'));
    await page.getByTestId('timeline-shop').fill('13');
    await page.getByTestId('timeline-shop').press('Enter');
    await poll(() => new URL(page.url()).searchParams.get('shop')).toBe('13');
    const items = page.getByTestId('timeline').locator('.ant-timeline-item');
    await poll(() => items.count()).toBeGreaterThanOrEqual(5);
    await expect(items.first().textContent()).resolves.toContain('每 15 分鐘訂單上限：20 → 30');
    await page.reload();
    await poll(() => items.count()).toBeGreaterThanOrEqual(5);
    await page.screenshot({ path: shot('gallery-timeline.png'), fullPage: true });
  });

  it('indexes the building blocks with live examples', async () => {
    await page.goto(url('/console/components'));
    await poll(() => page.locator('[data-testid^=block-]').count()).toBe(8);
    const orders = page.getByTestId('example-filter-card').locator('.ant-statistic-content-value');
    await poll(async () => Number(((await orders.textContent()) ?? '').replaceAll(',', ''))).toBeGreaterThan(
      0,
    );
    await poll(() => page.locator('canvas').count()).toBeGreaterThan(0);
    await page.getByTestId('example-filter-card').click();
    await poll(() => page.getByText('篩選中（再點一下取消）').isVisible()).toBe(true);
    await page.screenshot({ path: shot('gallery-components.png'), fullPage: true });
    await page.getByTestId('block-map').getByRole('link').click();
    await poll(() => page.url()).toContain('/console/maps');
  });
});
