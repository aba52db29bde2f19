import {
  deliveryMinimumLine,
  menuImageSrcset,
  openNowWord,
  type TMealType,
  type TStorefrontMenu,
  type TStorefrontShop,
} from '@shopdesk/contract';

/**
 * The customer app's first screen as static HTML (docs/decisions/customer-app.md "Customer app: first paint from
 * the server"): the same elements, classes and texts as web shop/App.tsx (Frame), pages/LandingPage.tsx,
 * menu-head.tsx and pages/MenuPage.tsx render in zh-TW, so the app's first render replaces it without moving
 * anything (CLS 0). A change of those components' markup is a change here too (no test compares the two).
 * Its buttons take no tap until the app replaces them (`data-first-screen`, web shop/shop.css): a tap before
 * then would do nothing, and a tap waits for the live button (which is what a browser test's click does).
 */

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const esc = (s: string | number) => String(s).replace(/[&<>"']/g, (c) => ESC[c]!);

const W = {
  menu: '菜單',
  myOrders: '我的訂單',
  info: '商店資訊',
  language: 'English',
  eat_in: '內用',
  to_go: '外帶',
  delivery: '外送',
  table: '桌號',
  soldOut: '售完',
  calories: '大卡',
  openNow: '營業中',
  closedNow: '目前非營業時間，可預約',
  closedNoAhead: '目前非營業時間',
  closedNoSlots: '目前非營業時間，目前沒有可預約的時間',
  promotions: '優惠活動',
  forcedByTable: '由桌號 QR code 指定',
  notOrdering: '商店目前未開放線上點餐',
  announcement: '商店公告',
  groupStart: '開團',
} as const;

/**
 * The product images that load at once (the first screen): the first with high priority (the largest paint
 * waits for it), the others low, after the app's script (web shop/pages/MenuPage.tsx does the same).
 */
export const FIRST_SCREEN_IMAGES = 4;
/** A photo's width in the layout of shop.css (two columns in `main`'s padding, or a 96 px thumbnail). */
export const productImageSizes = (singleColumn: boolean) =>
  singleColumn ? '96px' : '(max-width: 720px) calc(50vw - 37px), 323px';

const money = (n: number) => `NT$${n.toLocaleString('en-US')}`;

/** spec 001 §2.2 notices: stored with <br> for newlines and escaped otherwise (web shop/RichText.tsx NoticeText). */
const noticeText = (stored: string) =>
  stored
    .split(/<br\s*\/?>/i)
    .map((l) => l.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'))
    .map((l, i) => `<span>${i > 0 ? '<br>' : ''}${esc(l)}</span>`)
    .join('');

const COLOR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|[a-z]{3,20})$/i;
const SIZES: Record<string, string> = { small: '0.8em', large: '1.3em', huge: '1.7em' };
type Attrs = Record<string, unknown>;
const styleOf = (a: Attrs | undefined) => {
  if (!a) return '';
  const s: string[] = [];
  if (a.bold) s.push('font-weight:700');
  if (a.italic) s.push('font-style:italic');
  const deco = [a.underline ? 'underline' : '', a.strike ? 'line-through' : ''].filter(Boolean).join(' ');
  if (deco) s.push(`text-decoration:${deco}`);
  if (typeof a.color === 'string' && COLOR.test(a.color)) s.push(`color:${a.color}`);
  if (typeof a.background === 'string' && COLOR.test(a.background)) s.push(`background:${a.background}`);
  if (typeof a.size === 'string' && SIZES[a.size]) s.push(`font-size:${SIZES[a.size]}`);
  return s.length ? ` style="${esc(s.join(';'))}"` : '';
};

/** The announcement (a Quill Delta) as web shop/RichText.tsx renders it: text only, never stored HTML. */
export const richText = (value: TStorefrontShop['content']) => {
  if (!value || value.ops.length === 0) return '';
  const lines: { parts: string[]; attrs?: Attrs }[] = [];
  let parts: string[] = [];
  for (const op of value.ops) {
    if (typeof op.insert !== 'string') continue;
    const attrs = op.attributes as Attrs | undefined;
    const chunks = op.insert.split('\n');
    chunks.forEach((chunk, i) => {
      if (chunk) parts.push(`<span${styleOf(attrs)}>${esc(chunk)}</span>`);
      if (i < chunks.length - 1) {
        lines.push({ parts, attrs });
        parts = [];
      }
    });
  }
  if (parts.length > 0) lines.push({ parts });
  let out = '';
  let list: { kind: string; items: string } | null = null;
  const flush = () => {
    if (list) out += list.kind === 'ordered' ? `<ol>${list.items}</ol>` : `<ul>${list.items}</ul>`;
    list = null;
  };
  for (const line of lines) {
    const kind = typeof line.attrs?.list === 'string' ? line.attrs.list : null;
    if (kind) {
      if (!list || list.kind !== kind) {
        flush();
        list = { kind, items: '' };
      }
      list.items += `<li>${line.parts.join('')}</li>`;
    } else {
      flush();
      out += `<p>${line.parts.length > 0 ? line.parts.join('') : '\u00a0'}</p>`;
    }
  }
  flush();
  return `<div class="rich">${out}</div>`;
};

/** App.tsx Frame: the shop's name, its links and the language switch. */
export const frame = (shop: TStorefrontShop, main: string) =>
  `<div class="app" data-first-screen><header class="top"><a class="top-name" href="/shop/${shop.id}">${esc(shop.name)}</a>` +
  `<nav class="top-links" aria-label="${W.menu}"><a href="/shop/${shop.id}/menu">${W.menu}</a>` +
  `<a href="/shop/${shop.id}/orders">${W.myOrders}</a><a href="/shop/${shop.id}/info">${W.info}</a>` +
  `<button type="button" class="lang">${W.language}</button></nav></header><main>${main}</main></div>`;

const openWord = (shop: TStorefrontShop, m: TMealType) => W[openNowWord(shop, m)];

/** LandingPage.tsx for a live shop seen without a staff link. */
export const landingMarkup = (shop: TStorefrontShop, offered: TMealType[]) => {
  const ordering = shop.online && !shop.systemClosed;
  const choices = offered
    .map((m) => {
      const notice = shop.notices[`${m}_${shop.openNow[m] ? 'online' : 'offline'}_notice`];
      return (
        `<a class="meal-choice" href="/shop/${shop.id}/menu?mealType=${m}"><strong>${W[m]}</strong>` +
        `<span class="${shop.openNow[m] ? 'ok' : 'muted'}">${openWord(shop, m)}</span>` +
        `${notice ? `<small class="notice">${noticeText(notice)}</small>` : ''}</a>`
      );
    })
    .join('');
  const content = richText(shop.content);
  return (
    `<section class="landing"><h1>${esc(shop.name)}</h1>` +
    `${shop.address ? `<p class="muted">${esc(shop.address)}</p>` : ''}` +
    `${ordering ? `<div class="meal-choices">${choices}</div>` : `<p class="alert" role="alert">${W.notOrdering}</p>`}` +
    `${content ? `<div class="card"><h2>${W.announcement}</h2>${content}</div>` : ''}</section>`
  );
};

export type TMenuVisit = { mealType: TMealType; table: string | null; forced: boolean; offered: TMealType[] };

/** menu-head.tsx MenuHead, with GroupStart's closed button (pages/MenuPage.tsx). */
const menuHead = (shop: TStorefrontShop, v: TMenuVisit) => {
  const shopWideStop = shop.systemClosed || !shop.online;
  const notice = shop.notices[`${v.mealType}_${shop.openNow[v.mealType] ? 'online' : 'offline'}_notice`];
  const f = shop.form;
  const choice = v.forced
    ? `<p class="meal-fixed"><strong>${W[v.mealType]}${v.table ? ` · ${W.table} ${esc(v.table)}` : ''}</strong>` +
      `<small class="muted"> ${W.forcedByTable}</small></p>`
    : `<div class="tabs" role="tablist" aria-label="${W.menu}">${v.offered
        .map(
          (m) =>
            `<button type="button" role="tab" aria-selected="${m === v.mealType}" class="${m === v.mealType ? 'tab on' : 'tab'}">${W[m]}</button>`,
        )
        .join('')}</div>`;
  const delivery = v.mealType === 'delivery' && !f.hideDeliveryThreshold;
  const minimum = deliveryMinimumLine(f.deliveryAmountMin, f.deliveryQtyMin);
  return (
    `<div class="menu-head">${choice}` +
    `${shopWideStop ? '' : `<p class="${shop.openNow[v.mealType] ? 'status ok' : 'status muted'}">${openWord(shop, v.mealType)}</p>`}` +
    `${notice ? `<p class="notice">${noticeText(notice)}</p>` : ''}` +
    `${delivery && minimum ? `<p class="muted small">${minimum.zh}</p>` : ''}` +
    `${delivery && (f.freeDeliveryFrom ?? 0) > 0 ? `<p class="muted small" data-testid="free-delivery">外送滿 ${f.freeDeliveryFrom} 元免運費</p>` : ''}` +
    `</div>${f.groupbuy && !v.forced && !shopWideStop ? `<button type="button" class="btn small" data-testid="group-start">👥 ${W.groupStart}</button>` : ''}`
  );
};

type TProduct = TStorefrontMenu['classes'][number]['products'][number];
const product = (p: TProduct, shop: TStorefrontShop, image: number) => {
  const label = `${p.name} ${money(p.price)}${p.soldOut ? ` ${W.soldOut}` : ''}`;
  const srcset = menuImageSrcset(p.imageUrl);
  const img = p.imageUrl
    ? `<img src="${esc(p.imageUrl)}"${srcset ? ` srcset="${esc(srcset)}"` : ''} sizes="${productImageSizes(shop.form.singleColumn)}" alt=""` +
      ` fetchpriority="${image === 0 ? 'high' : 'low'}" loading="${image < FIRST_SCREEN_IMAGES ? 'eager' : 'lazy'}"` +
      ` decoding="async" width="320" height="240">`
    : '';
  return (
    `<li><button type="button" class="${p.soldOut ? 'product sold' : 'product'}"${p.soldOut ? ' disabled' : ''} aria-label="${esc(label)}">${img}` +
    `<span class="pname">${esc(p.name)}</span>` +
    `${p.description && shop.form.singleColumn ? `<span class="pdesc">${esc(p.description)}</span>` : ''}` +
    `<span class="pprice">${money(p.price)}${p.calories !== null ? `<small class="muted"> · ${p.calories} ${W.calories}</small>` : ''}</span>` +
    `${p.soldOut ? `<span class="badge">${W.soldOut}</span>` : ''}</button></li>`
  );
};

/** MenuPage.tsx with its menu read: the head, the promotions, the class links and every class. */
export const menuMarkup = (shop: TStorefrontShop, menu: TStorefrontMenu, v: TMenuVisit) => {
  let image = 0;
  const promos = menu.promotions.length
    ? `<section class="promos" aria-label="${W.promotions}">${menu.promotions
        .map(
          (p) =>
            `<div class="promo"><strong>${esc(p.name)}</strong>${p.description ? `<span> ${esc(p.description)}</span>` : ''}</div>`,
        )
        .join('')}</section>`
    : '';
  const classes = menu.classes
    .map(
      (c) =>
        `<section id="class-${c.id}" class="class" aria-labelledby="class-title-${c.id}"><h2 id="class-title-${c.id}">${esc(c.name)}</h2>` +
        `<ul class="${shop.form.singleColumn ? 'products one' : 'products two'}" data-testid="products">${c.products
          .map((p) => product(p, shop, p.imageUrl ? image++ : image))
          .join('')}</ul></section>`,
    )
    .join('');
  return (
    `<section class="menu">${menuHead(shop, v)}${promos}` +
    `<nav class="classes" aria-label="${W.menu}">${menu.classes.map((c) => `<a href="#class-${c.id}">${esc(c.name)}</a>`).join('')}</nav>` +
    `${classes}</section>`
  );
};

/** The image the menu's first paint waits for: preloaded from the head with high priority. */
export const lcpImage = (shop: TStorefrontShop, menu: TStorefrontMenu) => {
  const url = menu.classes.flatMap((c) => c.products).find((p) => p.imageUrl)?.imageUrl;
  if (!url) return '';
  const srcset = menuImageSrcset(url);
  return (
    `<link rel="preload" as="image" href="${esc(url)}"${srcset ? ` imagesrcset="${esc(srcset)}" imagesizes="${productImageSizes(shop.form.singleColumn)}"` : ''}` +
    ' fetchpriority="high">'
  );
};
