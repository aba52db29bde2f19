// The settings page and a default meal type the shop does not offer (docs/decisions/shops.md "Default meal
// type on a switched-off mode"): the availability panel opens on the meal type customers land on, and the
// Advance tab says where they land instead.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, poll, signedInPage, url } from './browser';

// A shop no other browser test touches: eat-in only, default meal type 外帶.
const SHOP = 98;
let page: Page;

signedInPage('gaa', (p) => {
  page = p;
});

const saveBusiness = async (key: string, value: unknown) => {
  const res = await page.request.put(url(`/console/apis/console/${SHOP}/business`), {
    data: { table: 'business', key, value, label: key },
  });
  expect(res.status(), `${key}: ${await res.text()}`).toBe(200);
};

beforeAll(async () => {
  if (!hasChromium) return;
  for (const key of ['is_eat_in', 'is_eat_in_cash']) await saveBusiness(key, true);
  for (const key of ['is_to_go', 'is_delivery']) await saveBusiness(key, false);
  await saveBusiness('default_meal_type', 'to_go');
});

describe.skipIf(!hasChromium)('an eat-in-only shop whose default meal type is 外帶', () => {
  it('opens the availability check on 內用, not on the switched-off 外帶', async () => {
    await page.goto(url(`/console/gaa/settings?accountId=${SHOP}`));
    await page.getByTestId('availability-panel').getByText('顧客現在可以點餐嗎？').click();
    const meal = page.getByTestId('availability-meal');
    await poll(() => meal.locator('.ant-segmented-item-selected').textContent()).toBe('內用');
    await poll(() => page.getByTestId('availability-check').textContent()).toMatch(/重新檢查/);
    expect(await page.getByText('商店未提供此用餐方式').count()).toBe(0);
  });

  it('warns on the Advance tab that customers start with 內用', async () => {
    await page.getByTestId('tab-advance').click();
    const warning = page.getByTestId('default-meal-warning');
    await poll(() => warning.textContent()).toContain('商店未提供外帶：顧客會從內用開始點餐');
  });
});
