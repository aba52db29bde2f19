// spec 002 §1 (the whole page follows the language switch) and spec 000 §2 "Shop-opening wizard": the field
// errors shown after Next follow a later switch of language, like the labels around them. They were chosen once,
// when the field was checked, and stayed English after 中文 was clicked.
import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { hasChromium, poll, shot, signedInPage, url } from './browser';

let page: Page;
const language = (lang: 'en' | 'zh-TW') =>
  page.locator(`[data-testid=language-select] button[lang=${lang}]`).click();

describe.skipIf(!hasChromium)('a form’s errors follow the language switch', () => {
  signedInPage('gaa', (p) => {
    page = p;
  });

  it('the wizard’s step-1 errors shown in English turn Chinese on 中文, and back', async () => {
    await page.goto(url('/console/gaa/business/wizard'));
    await language('en');
    await page.getByRole('button', { name: /Next/ }).click();
    const errors = page.locator('.ant-form-item-explain-error');
    await poll(() => errors.count()).toBeGreaterThan(0);
    await poll(() => errors.first().textContent()).toMatch(/^[\x20-\x7e]+$/);
    const english = await errors.allTextContents();
    await language('zh-TW');
    // every error now Chinese (none keeps its English words), as many as before
    await poll(async () => (await errors.allTextContents()).every((e) => /[\u4e00-\u9fff]/.test(e))).toBe(
      true,
    );
    await poll(() => errors.count()).toBe(english.length);
    await page.getByText('請輸入帳號名稱').first().waitFor();
    await page.screenshot({ path: shot('form-language-wizard-zh.png'), fullPage: true });
    await language('en');
    await poll(() => errors.allTextContents()).toEqual(english);
    await language('zh-TW');
  });
});
