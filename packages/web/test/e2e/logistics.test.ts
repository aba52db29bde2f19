// The Logistic tab end to end (spec 001 §2.4, §4, §5, §8; 000 §2 /logistic-polygons): zones uploaded from a
// KML file and drawn on the map (no map tiles are reachable here), saved, still there after a reload.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, poll, signedInPage, url } from './browser';

// A shop no other browser test touches.
const SHOP = 71;
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
});
