// the LINE in-app browser: customers open every shop link inside LINE, where the customer app loads
// LINE's LIFF SDK. The app's Content-Security-Policy lets exactly what LIFF reaches through (its CDN scripts,
// its API, its sub-window frames) and still refuses any other host. LINE's hosts are answered by the test
// (page.route): no network here, and what is under test is the browser's policy decision.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser, poll, url } from './browser';

const LINE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/14.9.0';

let browser: Browser;
let phone: Page;

beforeAll(async () => {
  if (!hasChromium) return;
  browser = await launchBrowser();
  const ctx = await browser.newContext({
    locale: 'zh-TW',
    userAgent: LINE_UA,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  phone = await ctx.newPage();
  await ctx.route(
    /^https:\/\/([a-z0-9-]+\.)*(line\.me|line-scdn\.net|line-apps\.com|evil\.example)\//,
    (route) => {
      const u = route.request().url();
      const headers = { 'access-control-allow-origin': '*' };
      if (u.endsWith('.js'))
        return route.fulfill({
          contentType: 'text/javascript',
          body: 'window.__liffScript = true;',
          headers,
        });
      if (/liff(-subwindow)?\.line\.me|miniapp/.test(u) && route.request().resourceType() === 'document')
        return route.fulfill({ contentType: 'text/html', body: '<p>liff</p>', headers });
      return route.fulfill({ contentType: 'application/json', body: '{"ok":true}', headers });
    },
  );
  await phone.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

const tryLoad = (page: Page) =>
  page.evaluate(async () => {
    const script = (src: string) =>
      new Promise<boolean>((resolve) => {
        const s = document.createElement('script');
        s.src = src;
        s.onload = () => resolve(true);
        s.onerror = () => resolve(false);
        document.head.append(s);
      });
    const get = (u: string) =>
      fetch(u).then(
        (r) => r.ok,
        () => false,
      );
    return {
      sdkScript: await script('https://static.line-scdn.net/liff/edge/2/non-ios-extensions_2_22_0.js'),
      api: await get('https://api.line.me/liff/v1/apps'),
      manifest: await get('https://liffsdk.line-scdn.net/xlt/manifest.json'),
      analytics: await get('https://uts-front.line-apps.com/event'),
      foreignScript: await script('https://evil.example/x.js'),
      foreignFetch: await get('https://evil.example/collect'),
    };
  });

describe.skipIf(!hasChromium)('the customer app inside LINE', () => {
  it('lets the LIFF SDK load and reach LINE, and nothing else', async () => {
    await phone.goto(url('/shop/2/menu?mealType=to_go'));
    await phone.locator('#root > *').first().waitFor({ timeout: 30_000 });
    expect(await phone.evaluate(() => navigator.userAgent)).toContain(' Line/');
    const got = await tryLoad(phone);
    expect(got).toEqual({
      sdkScript: true,
      api: true,
      manifest: true,
      analytics: true,
      foreignScript: false,
      foreignFetch: false,
    });
    // a LIFF sub-window frame may open; another site's frame may not
    await phone.evaluate(() => {
      for (const src of ['https://liff-subwindow.line.me/sub', 'https://evil.example/frame']) {
        const f = document.createElement('iframe');
        f.src = src;
        document.body.append(f);
      }
    });
    await poll(() =>
      phone.evaluate(() => (window as unknown as { __csp: string[] }).__csp.join('\n')),
    ).toMatch(/frame-src https:\/\/evil\.example/);
    const violations = await phone.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
    expect(violations.filter((v) => /line\.me|line-scdn\.net|line-apps\.com/.test(v))).toEqual([]);
    expect(violations.some((v) => v.includes('evil.example'))).toBe(true);
  });
});
