import { createHash } from 'node:crypto';
import {
  getStorefrontMenuOp,
  getStorefrontShopOp,
  STAFF_PREVIEW_PARAM,
  type TMealType,
  type TStorefrontMenu,
  type TStorefrontShop,
  tableKnown,
  WEB_VERSION_PARAM,
  webVersionOf,
} from '@shopdesk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client';
import { ApiError } from '../../../http/errors';
import { storefrontShop } from './customer-app';
import { esc, frame, landingMarkup, lcpImage, menuMarkup, type TMenuVisit } from './shop-page-markup';
import { storefrontMenu } from './storefront-menu';

/**
 * The customer app's page with its data (docs/decisions/customer-app.md "Customer app: first paint from the
 * server"): /shop/{id}/… carries the shop's profile, and on the landing and the menu their first screen as HTML
 * with the menu, so the first paint waits neither for the script nor for a second round trip. Read per
 * request, as the two API calls it replaces: open now, running promotions and sold out change with the clock
 * and with every order, so a cached copy would show a stale menu.
 */

/** The most inlined JSON a page carries; a larger menu is read by the app as before. */
export const INLINE_MAX_CHARS = 256 * 1024;
const MEAL_TYPES = ['eat_in', 'to_go', 'delivery'] as const satisfies readonly TMealType[];
const isMealType = (v: string | null): v is TMealType => MEAL_TYPES.includes(v as TMealType);

/**
 * JSON inside <script type="application/json">: `<`, `>` and `&` as \u escapes, so a product named
 * `</script><script>…` stays text, and the two line separators JSON allows but scripts once did not.
 */
export const inlineJson = (value: unknown) =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

export type TShopPageData = {
  shopId: number;
  shop: TStorefrontShop;
  menu?: { mealType: TMealType; menu: TStorefrontMenu };
};

/** The meal type and table the app's useMealChoice (web shop/meal-choice.ts) picks for a first visit. */
const menuVisit = (shop: TStorefrontShop, query: URLSearchParams): TMenuVisit | null => {
  const queryMeal = query.get('mealType');
  const queryTable = query.get('table')?.trim().slice(0, 20) || null;
  const offered = MEAL_TYPES.filter((m) => shop.mealTypes[m].on);
  const forced = queryTable !== null && isMealType(queryMeal);
  const mealType =
    (isMealType(queryMeal) ? queryMeal : null) ??
    (isMealType(shop.defaultMealType) && shop.mealTypes[shop.defaultMealType].on
      ? shop.defaultMealType
      : null) ??
    offered[0] ??
    null;
  if (!mealType) return null;
  const table = forced ? queryTable : null;
  // menu-head.tsx menuStop: an unknown table shows the missing page
  if (forced && mealType !== 'delivery' && !tableKnown(shop.tables, mealType, table)) return null;
  return { mealType, table, forced, offered };
};

const readMenu = async (db: Db, shopId: number, mealType: TMealType) => {
  try {
    return getStorefrontMenuOp.response.parse(await storefrontMenu(db, shopId, mealType));
  } catch (e) {
    // the shop's refusal (offline, meal type off): the app asks and shows it
    if (e instanceof ApiError) return null;
    throw e;
  }
};

/** What the page of a path shows: the data inlined, the markup of its first screen and the head's extras. */
export const shopPage = async (
  db: Db,
  cardForm: Parameters<typeof storefrontShop>[2],
  url: string,
): Promise<{ data: TShopPageData; title: string; markup: string; head: string } | null> => {
  const u = new URL(url, 'http://x');
  const m = /^\/shop\/(\d{1,9})(?:\/(menu))?\/?$/.exec(u.pathname) ?? /^\/shop\/(\d{1,9})\//.exec(u.pathname);
  if (!m) return null;
  const shopId = Number(m[1]);
  let shop: TStorefrontShop;
  try {
    shop = getStorefrontShopOp.response.parse(await storefrontShop(db, shopId, cardForm));
  } catch (e) {
    // an unknown shop: the app shows its missing page
    if (e instanceof ApiError) return null;
    throw e;
  }
  const data: TShopPageData = { shopId, shop };
  const page = { data, title: shop.name, markup: '', head: '' };
  const isFirstScreen = u.pathname === `/shop/${shopId}` || u.pathname.replace(/\/$/, '').endsWith('/menu');
  // only Web2.0's landing and menu for everyone: not the classic layout, a staff preview or a shop not live
  const classic = webVersionOf(u.searchParams.get(WEB_VERSION_PARAM), shop.webVersion) === 1;
  if (!isFirstScreen || classic || !shop.live || u.searchParams.has(STAFF_PREVIEW_PARAM)) return page;
  if (m[2] !== 'menu') {
    page.markup = frame(
      shop,
      landingMarkup(
        shop,
        MEAL_TYPES.filter((x) => shop.mealTypes[x].on),
      ),
    );
    return page;
  }
  const visit = menuVisit(shop, u.searchParams);
  if (!visit) return page;
  const menu = await readMenu(db, shopId, visit.mealType);
  if (!menu || inlineJson({ shop, menu }).length > INLINE_MAX_CHARS) return page;
  data.menu = { mealType: visit.mealType, menu };
  page.markup = frame(shop, menuMarkup(shop, menu, visit));
  page.head = lcpImage(shop, menu);
  return page;
};

/** The app's entry as Vite writes it in shop.html, and its module preloads. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOADS = /\s*<link rel="modulepreload"[^>]*>/g;
/** How long the page waits for its first photo before it loads the app anyway. */
export const FIRST_PHOTO_WAIT_MS = 3_000;

/**
 * The script of a page whose first screen shows a photo (docs/decisions/customer-app.md "Customer app: the
 * photo before the script"): the app's code is asked for once the first photo has painted (or failed, or
 * after 3 s), so the photo does not share a slow link with the script. Inline, allowed by its hash in the
 * page's CSP; its text depends only on the build's entry, so it is built and hashed once per entry.
 */
const photoFirstBoots = new Map<string, { script: string; hash: string }>();
export const photoFirstBoot = (entry: string) => {
  let boot = photoFirstBoots.get(entry);
  if (!boot) {
    const script =
      `const i=document.querySelector('#root img[fetchpriority="high"]'),go=()=>import(${JSON.stringify(entry)});` +
      'if(!i||i.complete)go();else{let d=0;const f=()=>{if(!d){d=1;requestAnimationFrame(go)}};' +
      `i.addEventListener("load",f);i.addEventListener("error",f);setTimeout(f,${FIRST_PHOTO_WAIT_MS})}`;
    boot = { script, hash: `'sha256-${createHash('sha256').update(script).digest('base64')}'` };
    photoFirstBoots.set(entry, boot);
  }
  return boot;
};

export type TShopPageHtml = { html: string; scriptHash: string | null };

/**
 * The app's shop.html with the page's title, head, data and markup (replacers are functions: no `$&`); with a
 * first photo, the app's entry loads after it (photoFirstBoot) and the answer names the inline script's hash.
 */
export const withShopPage = (
  template: string,
  p: { data: TShopPageData; title: string; markup: string; head: string },
): TShopPageHtml => {
  let scriptHash: string | null = null;
  let html = template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${esc(p.title)}</title>`)
    // the photo's preload before the script: its request goes first
    .replace(/<script |<\/head>/, (tag) => `${p.head}${tag}`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<script type="application/json" id="shop-data">${inlineJson(p.data)}</script><div id="root">${p.markup}</div>`,
    );
  const entry = p.head ? ENTRY_SCRIPT.exec(html) : null;
  if (entry) {
    const boot = photoFirstBoot(entry[1]!);
    scriptHash = boot.hash;
    html = html
      .replace(ENTRY_SCRIPT, () => `<script type="module">${boot.script}</script>`)
      .replace(MODULE_PRELOADS, '');
  }
  return { html, scriptHash };
};

/** Fills web-static's shop page hook (plugins/external/web-static.ts) with the storefront's data. */
export const registerShopPage = (app: FastifyInstance, db: Db) => {
  app.shopPage.render = async (req: FastifyRequest, template: string) => {
    const p = await shopPage(db, app.payments.cardForm, req.url);
    return p ? withShopPage(template, p) : null;
  };
};
