// The shop info page's own switches for online ordering and manual acceptance (spec 000 §4 "a status change
// shows 線上接單狀態已更改", §7 PUT /{type}/shops/{id}/status, manual-accept/{on|off}).
import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { hasChromium, motionEnded, poll, shot, signedInPage, url } from './browser';

// Demo shop 47: no other browser test uses it.
const SHOP = 47;
let page: Page;

signedInPage(
  'gaa',
  (p) => {
    page = p;
  },
  { width: 1440, height: 900 },
);

const online = () => page.getByRole('switch', { name: '線上接單', exact: true });
const manual = () => page.getByRole('switch', { name: '手動接單', exact: true });
const checked = async (s: ReturnType<typeof online>) => (await s.getAttribute('aria-checked')) === 'true';
const changed = () => page.getByText('線上接單狀態已更改').first();

describe.skipIf(!hasChromium)('gaa switches a shop on its info page', () => {
  let wasOnline = false;
  let wasManual = false;

  it('shows both switches on the info page', async () => {
    await page.goto(url(`/console/gaa/business/${SHOP}/info`));
    await online().waitFor();
    await manual().waitFor();
    wasOnline = await checked(online());
    wasManual = await checked(manual());
    await motionEnded(page);
    await page.screenshot({ path: shot('shop-info-switches-1440.png') });
  });

  it('flips online ordering and sees 線上接單狀態已更改; the new state survives a reload', async () => {
    await online().click();
    await poll(() => changed().isVisible()).toBe(true);
    await poll(() => checked(online())).toBe(!wasOnline);
    await page.reload();
    await online().waitFor();
    await poll(() => checked(online())).toBe(!wasOnline);
  });

  it('flips manual acceptance, reloads and sees it kept', async () => {
    await manual().click();
    await poll(() => checked(manual())).toBe(!wasManual);
    await poll(() => changed().isVisible()).toBe(true);
    await page.reload();
    await manual().waitFor();
    await poll(() => checked(manual())).toBe(!wasManual);
  });

  it('switches both back', async () => {
    await online().click();
    await poll(() => checked(online())).toBe(wasOnline);
    await manual().click();
    await poll(() => checked(manual())).toBe(wasManual);
    await page.reload();
    await online().waitFor();
    await poll(() => checked(online())).toBe(wasOnline);
    await poll(() => checked(manual())).toBe(wasManual);
  });
});
