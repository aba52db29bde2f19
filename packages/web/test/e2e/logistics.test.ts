// The Logistic tab end to end (spec 001 §2.4, §4, §5, §8; 000 §2 /logistic-polygons): zones uploaded from a
// KML file and drawn on the map (no map tiles are reachable here), saved, still there after a reload; then
// 's "done means": a customer's delivery order from inside the drawn zone is priced with its charge,
// one from outside is refused with the reason (the customer app on a phone, addresses placed by the
// geocoding simulator).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, poll, signedInPage, url } from './browser';
import { shopKit } from './shop-app-kit';

// A shop no other browser test touches.
const SHOP = 71;
const kit = shopKit(SHOP);
// the charge typed into the rule popup of the zone drawn on the map
const CHARGE = 75;
let page: Page;
const dir = mkdtempSync(path.join(tmpdir(), 'kml-'));
const kml = path.join(dir, 'zones.kml');
writeFileSync(
  kml,
  `<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>
  <Placemark><name>信義區</name><Polygon><outerBoundaryIs><LinearRing><coordinates>
   121.56,25.03 121.58,25.03 121.58,25.045 121.56,25.045 121.56,25.03</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>
  <Placemark><name>大安區</name><Polygon><outerBoundaryIs><LinearRing><coordinates>
   121.53,25.02 121.55,25.02 121.55,25.035 121.53,25.02</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>
  <Placemark><name>店</name><Point><coordinates>121.517,25.0478</coordinates></Point></Placemark>
  </Document></kml>`,
);
const txt = path.join(dir, 'zones.geojson');
writeFileSync(txt, '{}');

const toast = (text: string) => page.locator('.ant-message-notice', { hasText: text });
const ruleRows = () => page.getByTestId('rules-table').locator('tbody tr.ant-table-row');
const openTab = async () => {
  await page.goto(url(`/console/gaa/settings?accountId=${SHOP}`));
  await page.getByTestId('tab-logistic').click();
  await poll(() => page.getByTestId('rules-table').isVisible()).toBe(true);
};

signedInPage('gaa', (p) => {
  page = p;
});

describe.skipIf(!hasChromium)('gaa sets delivery zones on the Logistic tab', () => {
  it('a file of another kind is refused with the spec text', async () => {
    await openTab();
    await page.getByTestId('logistic-tab').locator('input[type=file]').setInputFiles(txt);
    await poll(() => page.getByText('地圖檔案必須是 .kml 或 .kmz').isVisible()).toBe(true);
    // the defaults box says where distances are measured from: the shop's geocoded address (delivery.md)
    await poll(() => page.getByTestId('shop-location').textContent()).toContain('外送距離由商店地址「');
  });

  it('uploads a KML with two polygons and a point: two zones, local until saved', async () => {
    await page.getByTestId('logistic-tab').locator('input[type=file]').setInputFiles(kml);
    await poll(() => ruleRows().count()).toBe(2);
    expect(await ruleRows().first().textContent()).toContain('信義區');
    await poll(() => page.getByTestId('tab-pending').isVisible()).toBe(true);
    await page.getByTestId('rules-map').screenshot({ path: path.join(tmpdir(), 'logistics-rules-map.png') });
  });

  it('a map rule without an area says "draw the map area" (spec 001 §5)', async () => {
    await page.getByRole('button', { name: /新增規則/ }).click();
    const dialog = page.getByRole('dialog', { name: '新增外送規則' });
    await dialog.getByText('地圖', { exact: true }).click();
    await dialog.getByLabel('名稱').fill('畫的範圍');
    await dialog.getByTestId('rule-ok').click();
    await poll(() => dialog.getByText('請繪製地圖範圍，或使用距離設定').first().isVisible()).toBe(true);
  });

  it('draws a zone on the map with no tiles reachable', async () => {
    const dialog = page.getByRole('dialog', { name: '新增外送規則' });
    const map = dialog.getByTestId('rule-map');
    await dialog.locator('.leaflet-pm-icon-polygon').click();
    const box = (await map.boundingBox())!;
    const at = (fx: number, fy: number) => page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
    await at(0.4, 0.4);
    await at(0.6, 0.4);
    await at(0.6, 0.6);
    await at(0.4, 0.6);
    await at(0.4, 0.4); // back on the first point closes the polygon
    await poll(() => dialog.getByTestId('polygon-count').textContent()).toBe('範圍 1 個');
    await dialog.getByRole('spinbutton', { name: '運費（元）' }).fill(String(CHARGE));
    await page.screenshot({ path: path.join(tmpdir(), 'logistics-draw.png') });
    await dialog.getByTestId('rule-ok').click();
    await poll(() => ruleRows().count()).toBe(3);
  });

  it('saves the rules and finds them after a reload', async () => {
    await page.getByTestId('save-rules').click();
    await poll(() => toast('外送規則已儲存').isVisible()).toBe(true);
    await openTab();
    await poll(() => ruleRows().count()).toBe(3);
    expect(await ruleRows().nth(2).textContent()).toContain('畫的範圍');
    await page.screenshot({ path: path.join(tmpdir(), 'logistics-tab.png'), fullPage: true });
  });

  it('/logistic-polygons shows the zones of every shop on one map', async () => {
    await page.goto(url('/console/logistic-polygons'));
    await poll(() => page.getByText('畫的範圍').first().isVisible()).toBe(true);
    await page.screenshot({ path: path.join(tmpdir(), 'logistic-polygons.png'), fullPage: true });
  });

  it('a delivery order from inside the drawn zone is priced with its charge; one from outside is refused with the reason', async () => {
    // the zone was drawn around the map's centre, Taipei Main Station (spec 001 §9 default centre), with its charge
    const saved = await page.request.get(kit.api(`/gaa/shops/${SHOP}/logistic-rules`));
    expect(saved.status(), await saved.text()).toBe(200);
    const drawn = ((await saved.json()) as { rules: { name: string; deliveryCharge: number }[] }).rules;
    expect(drawn.find((r) => r.name === '畫的範圍')?.deliveryCharge).toBe(CHARGE);
    // the shop takes delivery orders in cash at any hour with no minimum: only the zones decide
    await kit.openAllDay(page);
    for (const key of ['is_enabled', 'is_delivery', 'is_delivery_cash'])
      await kit.saveBusiness(page, key, true);
    await kit.saveShopForm(page, { deliveryAmtTh: 0, deliveryQtyTh: 0 });
    const phone = await (
      await page
        .context()
        .browser()!
        .newContext({
          locale: 'zh-TW',
          viewport: { width: 390, height: 844 },
          isMobile: true,
          hasTouch: true,
        })
    ).newPage();
    const [product] = await kit.simpleProducts(phone.request, 'delivery');
    expect(product, 'a product the shop delivers').toBeDefined();
    await phone.goto(url(`/shop/${SHOP}/menu?mealType=delivery`));
    await poll(() => phone.getByTestId('products').count()).toBeGreaterThan(0);
    const fee = phone.locator('dt', { hasText: '外送費' }).locator('xpath=following-sibling::dd[1]');
    const alert = phone.getByRole('alert');
    // inside the drawn zone: Taipei Main Station, priced with the zone's charge before and after sending
    await kit.addToCart(phone, product!.name);
    await kit.openCheckout(phone, '外送客');
    await phone.getByLabel(/外送地址/).fill('台北市中正區北平西路3號');
    await poll(() => fee.textContent()).toBe(`NT$${CHARGE}`);
    expect(await alert.count()).toBe(0);
    await kit.sendButton(phone).click();
    await phone.waitForURL(/\/orders\//);
    await poll(() => fee.textContent()).toBe(`NT$${CHARGE}`);
    await poll(() => phone.getByText('載入中').count()).toBe(0);
    await phone.screenshot({ path: path.join(tmpdir(), 'logistics-zone-order.png'), fullPage: true });
    // outside every zone: Zhongshan N. Rd. sec. 2, 1.4 km north of the station (and not in the KML zones)
    await phone.goto(url(`/shop/${SHOP}/menu?mealType=delivery`));
    await poll(() => phone.getByTestId('products').count()).toBeGreaterThan(0);
    await kit.addToCart(phone, product!.name);
    await kit.openCheckout(phone, '外送客');
    await phone.getByLabel(/外送地址/).fill('台北市中山區中山北路二段');
    await poll(() => alert.textContent()).toContain('此地址不在商店的外送範圍內');
    expect(await alert.textContent()).toContain('請確認外送地址');
    expect(await fee.count()).toBe(0);
    // sent anyway, order intake refuses it with the same reason and no order page opens
    const answer = phone.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().includes('/orders'),
    );
    await kit.sendButton(phone).click();
    expect((await answer).status()).toBe(409);
    await poll(() => alert.textContent()).toContain('此地址不在商店的外送範圍內');
    expect(phone.url()).not.toContain('/orders/');
    await phone.screenshot({ path: path.join(tmpdir(), 'logistics-zone-refused.png'), fullPage: true });
    // the customer corrects the address: the old refusal goes, the zone's charge shows, and the order is taken
    await phone.getByLabel(/外送地址/).fill('台北市中正區北平西路3號');
    await poll(() => fee.textContent()).toBe(`NT$${CHARGE}`);
    await poll(() => alert.count()).toBe(0);
    await kit.sendButton(phone).click();
    await phone.waitForURL(/\/orders\//);
    await phone.context().close();
  });
});
