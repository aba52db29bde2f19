import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  richMenuByFile,
  richMenuImageFile,
  shopUrls,
  type TRichMenuDef,
  type TRichMenuTarget,
} from '@shopdesk/contract';
import type { LineApi, RichMenuRequest } from '../../../adapters/line';
import { SERVER_ROOT } from '../../../paths';

/** packages/server/assets/richmenus: the PNGs of scripts/render-rich-menus.ts (LINE's sizes, ≤ 1 MB). */
export const RICH_MENU_ASSETS = path.join(SERVER_ROOT, 'assets/richmenus');
const images = new Map<string, Buffer>();
export const richMenuImage = (fileName: string, closed = false): Buffer => {
  const file = richMenuImageFile(fileName, closed);
  let png = images.get(file);
  if (!png) {
    png = readFileSync(path.join(RICH_MENU_ASSETS, file));
    images.set(file, png);
  }
  return png;
};

export type RichMenuLinkSource = {
  accountId: number;
  menuLiffId: string;
  eatInLiffId: string;
  orderLiffId: string;
  pickUpLiffId: string | null;
  fbUrl?: string | null;
  googleReviewUrl?: string | null;
};

const liff = (id: string | null | undefined) =>
  id ? `https://liff.line.me/${encodeURIComponent(id)}` : null;

/** Where each area opens: the LIFF app of the account when it has one, else the shop's own public URL. */
export const richMenuLinks = (src: RichMenuLinkSource, base: string): Record<TRichMenuTarget, string> => {
  const urls = shopUrls(base, src.accountId);
  return {
    menu: liff(src.menuLiffId) ?? urls.menuUrl,
    eatIn: liff(src.eatInLiffId) ?? `${urls.menuUrl}?mealType=eat_in`,
    order: liff(src.orderLiffId) ?? urls.orderUrl,
    // spec 000 §3 isPickup: the app opens with self pick-up chosen (when the shop offers it)
    pickUp: liff(src.pickUpLiffId) ?? `${urls.menuUrl}?mealType=to_go&pickUp=1`,
    info: urls.infoUrl,
    shopping: urls.shoppingUrl,
    fb: src.fbUrl || urls.infoUrl,
    review: src.googleReviewUrl || urls.infoUrl,
  };
};

/** LINE's rich-menu object of a style; the closed variant carries "休息中 … 開" in its chat bar. */
export const buildRichMenu = (
  def: TRichMenuDef,
  links: Record<TRichMenuTarget, string>,
  closedLabel?: string,
): RichMenuRequest => ({
  size: def.size,
  selected: true,
  name: `${def.fileName}${closedLabel ? '-closed' : ''}`.slice(0, 300),
  chatBarText: closedLabel ?? (def.kind === 'retail' ? '開始購物' : '開始點餐'),
  areas: def.areas.map((a) => ({
    bounds: a.bounds,
    action: { type: 'uri', label: a.label, uri: links[a.target] },
  })),
});

/**
 * Creates a rich menu at LINE, uploads its image and makes it the account default. A failure at any step
 * deletes what was created there (no orphan menu) and throws LINE's error.
 */
export const createDefaultRichMenu = async (
  line: LineApi,
  token: string,
  def: TRichMenuDef,
  links: Record<TRichMenuTarget, string>,
  closedLabel?: string,
): Promise<string> => {
  const menu = buildRichMenu(def, links, closedLabel);
  await line.validateRichMenu(token, menu);
  const id = await line.createRichMenu(token, menu);
  try {
    await line.uploadRichMenuImage(token, id, richMenuImage(def.fileName, Boolean(closedLabel)));
    await line.setDefaultRichMenu(token, id);
    return id;
  } catch (err) {
    await line.deleteRichMenu(token, id).catch(() => undefined);
    throw err;
  }
};

/** Deletes menus at LINE, ignoring ones already gone (404); other failures are thrown. */
export const deleteRichMenus = async (line: LineApi, token: string, ids: (string | null | undefined)[]) => {
  for (const id of ids) {
    if (!id) continue;
    try {
      await line.deleteRichMenu(token, id);
    } catch (err) {
      if ((err as { status?: number }).status !== 404) throw err;
    }
  }
};

export const requireRichMenuDef = (fileName: string): TRichMenuDef | undefined => richMenuByFile(fileName);
