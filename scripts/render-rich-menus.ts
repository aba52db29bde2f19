// Renders the rich-menu images of packages/contract/src/features/chat/line/rich-menus.ts into
// packages/server/assets/richmenus/ (open and "closed now" variants) with headless Chromium, once; the PNGs
// are committed. Run: npx tsx scripts/render-rich-menus.ts   (needs /usr/bin/chromium and a CJK font)
import { statSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import {
  RICH_MENUS,
  richMenuImageFile,
  type TRichMenuTarget,
} from '../packages/contract/src/features/chat/line/rich-menus';

const OUT = path.resolve(import.meta.dirname, '../packages/server/assets/richmenus');
const COLOURS: Record<string, [string, string]> = {
  basic: ['#f57c00', '#fff3e0'],
  marketing: ['#c62828', '#ffebee'],
  'pick-up-cup': ['#2e7d32', '#e8f5e9'],
  retail: ['#1565c0', '#e3f2fd'],
};
const ICONS: Record<TRichMenuTarget, string> = {
  menu: '餐',
  eatIn: '內',
  order: '單',
  info: '店',
  pickUp: '杯',
  shopping: '購',
  fb: 'f',
  review: 'G',
};

const html = (m: (typeof RICH_MENUS)[number], closed: boolean) => {
  const [main, light] = COLOURS[m.style]!;
  const cells = m.areas
    .map(
      (
        a,
      ) => `<div style="position:absolute;left:${a.bounds.x}px;top:${a.bounds.y}px;width:${a.bounds.width}px;
        height:${a.bounds.height}px;box-sizing:border-box;border:6px solid ${main};background:${light};
        display:flex;flex-direction:column;align-items:center;justify-content:center;gap:40px">
        <div style="width:300px;height:300px;border-radius:50%;background:${main};color:#fff;font-size:170px;
          font-weight:700;display:flex;align-items:center;justify-content:center">${ICONS[a.target]}</div>
        <div style="font-size:140px;font-weight:700;color:${main}">${a.label}</div></div>`,
    )
    .join('');
  const banner = closed
    ? `<div style="position:absolute;left:0;top:0;width:2500px;height:${m.size.height}px;background:rgba(40,40,40,.55)"></div>
       <div style="position:absolute;left:450px;top:${m.size.height / 2 - 170}px;width:1600px;height:340px;
        background:#333;color:#fff;border-radius:60px;display:flex;align-items:center;justify-content:center;
        font-size:190px;font-weight:700">休息中 CLOSED</div>`
    : '';
  return `<html><body style="margin:0;font-family:'Noto Sans CJK TC','Noto Serif CJK TC',sans-serif">
    <div style="position:relative;width:2500px;height:${m.size.height}px;overflow:hidden">${cells}${banner}</div>
    </body></html>`;
};

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const m of RICH_MENUS) {
  for (const closed of [false, true]) {
    const page = await browser.newPage({ viewport: { width: m.size.width, height: m.size.height } });
    await page.setContent(html(m, closed));
    const file = path.join(OUT, richMenuImageFile(m.fileName, closed));
    await page.screenshot({ path: file, type: 'png', clip: { x: 0, y: 0, ...m.size } });
    console.log(file, statSync(file).size);
    await page.close();
  }
}
await browser.close();
