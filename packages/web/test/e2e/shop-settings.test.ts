// Settings page end to end (spec 001 §1 search and dirty tracking, §2.1 Store, §2.2 Advance, §2.8 Record;
// the revert from a row is ours, docs/decisions/testing.md).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, openedDialog, openedDropdown, poll, signedInPage, url } from './browser';

const SHOP = 57;
let page: Page;

const status = () => page.getByTestId('save-status');
const phoneBox = () => page.getByTestId('field-phone');

signedInPage('gaa', (p) => {
  page = p;
});

describe.skipIf(!hasChromium)('gaa edits a shop on the settings page', () => {
  let oldPhone = '';
  const newPhone = `02-${String(Date.now()).slice(-8)}`;

  it('finds the shop by name with the search box (spec 001 §1)', async () => {
    const hits = await page.request.get(url(`/console/apis/gaa/console/accounts/${SHOP}`));
    const name: string = (await hits.json())[0].shop_name;
    await page.goto(url('/console/gaa/settings'));
    const search = page.getByTestId('settings-search');
    await search.click();
    await page.keyboard.type(name.slice(0, 4));
    await (await openedDropdown(page))
      .locator('.ant-select-item-option', { hasText: new RegExp(`^${SHOP} - `) })
      .click();
    await page.waitForURL(new RegExp(`accountId=${SHOP}`));
    await poll(() => page.getByTestId('settings-shop').textContent()).toContain(name);
    await poll(() => status().textContent()).toBe('已儲存');
  });

  it('shows the save icon, the tab triangle and "unsaved" while a Store field differs, "saved" after saving', async () => {
    const input = phoneBox().locator('input');
    oldPhone = await input.inputValue();
    await input.fill(newPhone);
    await poll(() => phoneBox().getByTestId('field-save').isVisible()).toBe(true);
    expect(await page.getByTestId('tab-store').getByTestId('tab-pending').isVisible()).toBe(true);
    expect(await status().textContent()).toBe('未儲存');

    await phoneBox().getByTestId('field-save').click();
    await poll(() => page.getByText('商店電話 修改成功！').isVisible()).toBe(true);
    await poll(() => status().textContent()).toBe('已儲存');
    expect(await phoneBox().getByTestId('field-save').count()).toBe(0);
    expect(await page.getByTestId('tab-pending').count()).toBe(0);
  });

  it('asks before leaving the page while an edit is pending (spec 001 §1)', async () => {
    await phoneBox().locator('input').fill('0');
    await page.getByRole('menuitem', { name: '商店列表' }).first().click();
    await poll(() => page.getByRole('dialog').textContent()).toContain('尚有未儲存的修改');
    // clicked while the dialog still zoomed in, Stay once landed beside it and the dialog stayed (CI, session 20)
    await openedDialog(page.getByRole('dialog'));
    await page.getByRole('button', { name: '留在此頁' }).click();
    await poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(page.url()).toContain(`accountId=${SHOP}`);
    await phoneBox().getByRole('button', { name: '放棄修改' }).click();
    await poll(() => status().textContent()).toBe('已儲存');
  });

  // Back / Forward are caught like a link. The first test opened the shop with the search
  // box (an in-app push) and no test since has navigated, so Back has an entry of the same page to go to (the
  // settings without a shop). Searching again here timed out on the combined suite (session 4): not needed.
  it('asks before the browser Back leaves with an edit pending; Stay keeps the edit, Leave goes back', async () => {
    const hits = await page.request.get(url(`/console/apis/gaa/console/accounts/${SHOP}`));
    const name: string = (await hits.json())[0].shop_name;
    expect(new URL(page.url()).searchParams.get('accountId')).toBe(String(SHOP));
    await poll(() => status().textContent()).toBe('已儲存');
    const edited = '02-1234';
    await phoneBox().locator('input').fill(edited);
    await poll(() => status().textContent()).toBe('未儲存');

    const dialog = page.getByRole('dialog');
    // the same-page Back does not load a document: do not wait for one
    await page.goBack({ waitUntil: 'commit', timeout: 5_000 }).catch(() => null);
    await poll(() => dialog.textContent()).toContain('尚有未儲存的修改');
    await openedDialog(dialog);
    await dialog.getByRole('button', { name: '留在此頁' }).click();
    await poll(() => dialog.count()).toBe(0);
    await poll(() => page.url()).toContain(`accountId=${SHOP}`);
    expect(await phoneBox().locator('input').inputValue()).toBe(edited);
    expect(await status().textContent()).toBe('未儲存');

    await page.goBack({ waitUntil: 'commit', timeout: 5_000 }).catch(() => null);
    await poll(() => dialog.textContent()).toContain('尚有未儲存的修改');
    await openedDialog(dialog);
    // antd spaces a two-character button label: 離 開
    await dialog.getByRole('button', { name: /^離\s?開$/ }).click();
    // left for the entry before: the settings without a shop (they show the default one, nothing pending)
    await poll(() => new URL(page.url()).searchParams.get('accountId')).toBe(null);
    await poll(() => page.getByTestId('settings-shop').textContent()).not.toContain(name);
    await poll(() => status().textContent()).toBe('已儲存');
    // back to the shop for the next tests, the edit dropped
    await page.goto(url(`/console/gaa/settings?accountId=${SHOP}`));
    await poll(() => status().textContent()).toBe('已儲存');
  });

  it('keeps the saved value after a reload', async () => {
    await page.reload();
    await poll(() => phoneBox().locator('input').inputValue()).toBe(newPhone);
  });

  it('saves a switch as soon as it is toggled (spec 001 §1)', async () => {
    await page.getByTestId('tab-advance').click();
    const calorie = page.getByTestId('switch-is_calorie').getByRole('switch');
    const before = await calorie.getAttribute('aria-checked');
    await calorie.click();
    await poll(() => page.getByText('顯示熱量 修改成功！').isVisible()).toBe(true);
    expect(await status().textContent()).toBe('已儲存');
    await page.reload();
    await poll(() =>
      page.getByTestId('switch-is_calorie').getByRole('switch').getAttribute('aria-checked'),
    ).toBe(before === 'true' ? 'false' : 'true');
  });

  it('finds both changes in the Record tab, with the diff of a row', async () => {
    await page.getByTestId('tab-record').click();
    const table = page.getByTestId('record-table');
    const phoneRow = table.locator('tr', { hasText: `→ ${newPhone}` });
    await poll(() => phoneRow.count()).toBe(1);
    expect(await table.locator('tr', { hasText: '顯示熱量' }).count()).toBeGreaterThan(0);
    await phoneRow.getByRole('button', { name: /展開|expand/i }).click();
    await poll(() => page.getByTestId('diff-new').first().textContent()).toBe(newPhone);
  });

  // every category reads as a name (no raw codes such as order-limits, stats-share-link) and times
  // in a record's content are Asia/Taipei, not raw UTC stamps
  it('names every category and shows a share link’s expiry in Taipei time', async () => {
    const post = (path: string, body: unknown) =>
      page.evaluate(
        async ([p, b]) =>
          (
            await fetch(`/console/apis${p}`, {
              method: 'POST',
              credentials: 'same-origin',
              headers: { 'content-type': 'application/json', accept: 'application/json' },
              body: JSON.stringify(b),
            })
          ).status,
        [path, body] as const,
      );
    expect(await post('/gaa/stats/share-links', { accountId: SHOP, days: 3 })).toBe(201);
    const limit = { meal_type: 'to_go', period_session: [1], time_session: { start: '11:00', end: '13:00' } };
    expect(
      await post(`/gaa/console/${SHOP}/order-limits`, { ...limit, session_time: 15, max_num_of_order: 4 }),
    ).toBe(201);
    await page.reload();
    await page.getByTestId('tab-record').click();
    const table = page.getByTestId('record-table');
    await poll(() => table.locator('tr', { hasText: '統計分享連結：3 天' }).count()).toBe(1);
    const shareLine = (await table.locator('tr', { hasText: '統計分享連結：3 天' }).textContent()) ?? '';
    expect(shareLine).toMatch(/到期 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
    expect(shareLine).not.toMatch(/T\d\d:\d\d|\d\dZ/);
    const rawCodes =
      /stats-share-link|order-limits|opening-special|pos-users|qrcode|banned-customers|\btags\b|\bmenu\b/;
    expect(await table.textContent()).not.toMatch(rawCodes);
    await page.locator('thead').getByTestId('filter-category').click();
    const items = await page.getByRole('menuitem').allTextContents();
    expect(items).toEqual(expect.arrayContaining(['統計分享連結', '流量控制']));
    expect(items.join(' ')).not.toMatch(rawCodes);
    await page.keyboard.press('Escape');
  });

  it('filters by action and closes the filter tag to reset', async () => {
    const filterIcon = () => page.locator('thead').getByTestId('filter-action');
    await filterIcon().click();
    await page.getByRole('menuitem', { name: '修改' }).click();
    await poll(() => page.getByTestId('record-filter-tag').isVisible()).toBe(true);
    expect(await filterIcon().count()).toBe(0);
    await page.getByTestId('record-filter-tag').locator('.anticon-close').click();
    await poll(() => filterIcon().count()).toBe(1);
  });

  it('reverts the phone change from its row', async () => {
    const phoneRow = page.getByTestId('record-table').locator('tr', { hasText: `→ ${newPhone}` });
    await phoneRow.getByTestId('revert').click();
    await page.getByRole('button', { name: /確\s*定|OK/ }).click();
    await poll(() => page.getByText('商店電話 已還原').isVisible()).toBe(true);
    await poll(() =>
      page
        .getByTestId('record-table')
        .locator('tr', { hasText: `${newPhone} → ` })
        .count(),
    ).toBe(1);
    await page.getByTestId('tab-store').click();
    await poll(() => phoneBox().locator('input').inputValue()).toBe(oldPhone);
  });
});
