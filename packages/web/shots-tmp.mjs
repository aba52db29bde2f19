import { chromium } from 'playwright-core';
const B = 'http://127.0.0.1:18104';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
const ctx = await browser.newContext({ locale: 'zh-TW', viewport: { width: 1366, height: 900 } });
const page = await ctx.newPage();
await page.goto(`${B}/console/gaa-login`);
await page.locator('input#email').fill('gaa@demo.test');
await page.locator('input#password').fill('demo-password');
await page.locator('button[type=submit]').click();
await page.waitForURL(/summary\/stat/, { timeout: 60000 });
for (const [name, path] of [
  ['oa1', '/console/gaa/business/1/update-oa?siAccountId=1&type=catering'],
  ['oa30', '/console/gaa/business/30/update-oa?siAccountId=1&type=catering'],
  ['deliveries', '/console/other/line-deliveries'],
]) {
  await page.goto(`${B}${path}`);
  await page.waitForTimeout(15000);
  await page.screenshot({ path: `/tmp/oa-shots/${name}.png`, fullPage: true });
}
const pub = await (await browser.newContext({ locale: 'zh-TW', viewport: { width: 1366, height: 900 } })).newPage();
await pub.goto(`${B}/console/gaa/business/info/richmenu-settings?name=quickclick`);
await pub.waitForTimeout(15000);
await pub.screenshot({ path: '/tmp/oa-shots/richmenu.png', fullPage: true });
await browser.close();
