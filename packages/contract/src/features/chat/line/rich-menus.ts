import { z } from 'zod';

/** Rich-menu styles (spec 000 §3 "Rich menu": basic, marketing, pick-up-cup, retail). */
export const RICH_MENU_STYLES = ['basic', 'marketing', 'pick-up-cup', 'retail'] as const;
export const ZRichMenuStyle = z.enum(RICH_MENU_STYLES);
export type TRichMenuStyle = z.infer<typeof ZRichMenuStyle>;

/** What an area of the menu opens. */
export type TRichMenuTarget = 'menu' | 'order' | 'info' | 'eatIn' | 'pickUp' | 'shopping' | 'fb' | 'review';

export type TRichMenuArea = {
  target: TRichMenuTarget;
  label: string;
  bounds: { x: number; y: number; width: number; height: number };
};

export type TRichMenuDef = {
  id: number;
  style: TRichMenuStyle;
  /** The spec's fileName; the marketing one is jessica_catering-reviewPlusFB (spec 000 §5). */
  fileName: string;
  displayName: string;
  kind: 'catering' | 'retail';
  size: { width: 2500; height: 1686 | 843 };
  areas: TRichMenuArea[];
};

/** A width-2500 grid of cols × rows cells, each a target. */
const grid = (height: 1686 | 843, cols: number, cells: [TRichMenuTarget, string][]): TRichMenuArea[] => {
  const rows = Math.ceil(cells.length / cols);
  const w = Math.floor(2500 / cols);
  const h = Math.floor(height / rows);
  return cells.map(([target, label], i) => {
    const c = i % cols;
    const r = Math.floor(i / cols);
    return {
      target,
      label,
      bounds: {
        x: c * w,
        y: r * h,
        width: c === cols - 1 ? 2500 - c * w : w,
        height: r === rows - 1 ? height - r * h : h,
      },
    };
  });
};

export const MARKETING_FILE_NAME = 'jessica_catering-reviewPlusFB';

export const RICH_MENUS: readonly TRichMenuDef[] = [
  {
    id: 1,
    style: 'basic',
    fileName: 'jessica_catering-basic',
    displayName: '基本選單',
    kind: 'catering',
    size: { width: 2500, height: 843 },
    areas: grid(843, 3, [
      ['menu', '線上點餐'],
      ['order', '我的訂單'],
      ['info', '店家資訊'],
    ]),
  },
  {
    id: 2,
    style: 'marketing',
    fileName: MARKETING_FILE_NAME,
    displayName: '行銷選單',
    kind: 'catering',
    size: { width: 2500, height: 1686 },
    areas: grid(1686, 3, [
      ['menu', '線上點餐'],
      ['eatIn', '內用點餐'],
      ['order', '我的訂單'],
      ['info', '店家資訊'],
      ['fb', 'FB粉專'],
      ['review', 'Google評論'],
    ]),
  },
  {
    id: 3,
    style: 'pick-up-cup',
    fileName: 'jessica_catering-pickUpCup',
    displayName: '預約取杯選單',
    kind: 'catering',
    size: { width: 2500, height: 1686 },
    areas: grid(1686, 2, [
      ['menu', '線上點餐'],
      ['pickUp', '預約取杯'],
      ['order', '我的訂單'],
      ['info', '店家資訊'],
    ]),
  },
  {
    id: 4,
    style: 'retail',
    fileName: 'jessica_retail-basic',
    displayName: '零售選單',
    kind: 'retail',
    size: { width: 2500, height: 843 },
    areas: grid(843, 3, [
      ['shopping', '購物商城'],
      ['order', '我的訂單'],
      ['info', '商店資訊'],
    ]),
  },
];

export const richMenuByFile = (fileName: string) => RICH_MENUS.find((m) => m.fileName === fileName);

const byStyle = (style: TRichMenuStyle) => RICH_MENUS.find((m) => m.style === style)!;

/**
 * The menu an account shows for its chosen style and the shop's pick-up switch (spec 000 §3 isPickup; rich-menu
 * style pick-up-cup; docs/decisions/chat.md "Pick-up rich menu"): pick-up on turns the basic menu into its
 * pick-up-cup twin (the same entries plus 預約取杯, which opens the pick-up LIFF app); pick-up off turns the
 * pick-up-cup menu back into the basic one, so no menu offers a pick-up the shop refuses. Marketing (its six
 * areas are full) and retail are shown as chosen.
 */
export const richMenuInEffect = (def: TRichMenuDef, pickUp: boolean): TRichMenuDef => {
  if (def.style === 'basic' && pickUp) return byStyle('pick-up-cup');
  if (def.style === 'pick-up-cup' && !pickUp) return byStyle('basic');
  return def;
};

/** The image file of a menu (open state) and of its "closed now" variant. */
export const richMenuImageFile = (fileName: string, closed = false) =>
  `${fileName}${closed ? '-closed' : ''}.png`;

/**
 * The chat-bar text of the closed variant (LINE allows 14 characters): 休息中 and when it opens, e.g.
 * 休息中・週二 09:00開 / 休息中・09:00開 (today). Without a next opening: 休息中.
 */
export const closedChatBarText = (opensAt: { weekday: string | null; time: string } | null): string => {
  if (!opensAt) return '休息中';
  return `休息中・${opensAt.weekday ? `${opensAt.weekday} ` : ''}${opensAt.time}開`.slice(0, 14);
};
