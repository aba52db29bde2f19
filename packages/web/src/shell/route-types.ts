import type { TUserType } from '@shopdesk/contract';

/**
 * Who may open a route (from spec routes.tsv): the user types whose sidebar or pages reach it,
 * 'public' for pages without sign-in, 'pos' for the point-of-sale user (its sign-in comes later).
 */
export type TRouteWho = readonly TUserType[] | 'public' | 'pos';

export type TTitle = { zh: string; en: string };

export type TRouteDef = {
  /** Stable key: the page registry, the i18n `routes` namespace and the sidebar refer to it. */
  id: string;
  /** react-router path, relative to the basename (/console or /retail). */
  path: string;
  who: TRouteWho;
  /** Route name: page title "{name} | Shopdesk" and the top bar (spec 000 §1, §2). */
  title: TTitle;
  /** Login pages only: the portal type that signs in there. */
  portal?: TUserType | 'pos';
};

/** Shop pages are expanded per portal type (spec 000 §2 "Shop pages (type is gaa, si or eaa)"). */
export const SHOP_TYPES = ['gaa', 'si', 'eaa'] as const;
export type TShopType = (typeof SHOP_TYPES)[number];

export const ALL: readonly TUserType[] = ['gaa', 'si', 'eaa', 'line'];
export const GSE: readonly TUserType[] = ['gaa', 'si', 'eaa'];
export const GS: readonly TUserType[] = ['gaa', 'si'];
export const GE: readonly TUserType[] = ['gaa', 'eaa'];
export const G: readonly TUserType[] = ['gaa'];
export const S: readonly TUserType[] = ['si'];
export const E: readonly TUserType[] = ['eaa'];
export const L: readonly TUserType[] = ['line'];

export const route = (id: string, path: string, who: TRouteWho, zh: string, en: string): TRouteDef => ({
  id,
  path,
  who,
  title: { zh, en },
});

/** Login routes exist in both trees (spec 000 §2 "Login pages", "The same set exists under /retail/"). */
export const LOGIN_ROUTES: readonly TRouteDef[] = [
  { ...route('eaa-login', '/eaa-login', 'public', '商店帳號登入', 'Store account sign-in'), portal: 'eaa' },
  {
    ...route('line-login', '/line-login', 'public', 'LINE 商店人員登入', 'LINE shop staff sign-in'),
    portal: 'line',
  },
  {
    ...route('si-login', '/si-login', 'public', '系統整合商登入', 'System integrator sign-in'),
    portal: 'si',
  },
  { ...route('gaa-login', '/gaa-login', 'public', '平台管理員登入', 'Administrator sign-in'), portal: 'gaa' },
  { ...route('qcpos-login', '/qcpos/login', 'public', '點餐機登入', 'Point-of-sale sign-in'), portal: 'pos' },
];

/** Who may open a shop page of one type: the spec's user types narrowed to that type (its API prefix). */
export const narrowTo = (who: TRouteWho, type: TShopType): TRouteWho =>
  typeof who === 'string' ? who : who.filter((w) => w === type);

export const canOpen = (who: TRouteWho, type: TUserType | undefined): boolean =>
  who === 'public' || (typeof who !== 'string' && type !== undefined && who.includes(type));
