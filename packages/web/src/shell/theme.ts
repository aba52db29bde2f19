import type { TUserType } from '@shopdesk/contract';
import type { ThemeConfig } from 'antd';

/** Brand accent of Shopdesk: buttons, links, focus rings. Portal colours stay on the sidebar. */
export const BRAND_PRIMARY = '#2563eb';

export const APP_THEME: ThemeConfig = {
  token: {
    colorPrimary: BRAND_PRIMARY,
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang TC', 'Noto Sans TC', 'Microsoft JhengHei', Roboto, 'Helvetica Neue', Arial, sans-serif",
    colorBgLayout: '#f4f6f9',
  },
};

/**
 * spec 000 §2: sidebar colour by user type — gaa orange, eaa black, si green, line blue. Darker shades
 * so white menu text keeps a 4.5:1 contrast.
 */
export const PORTAL_COLORS: Record<TUserType, { bg: string; active: string; accent: string }> = {
  gaa: { bg: '#c2410c', active: '#9a3412', accent: '#fdba74' },
  si: { bg: '#15803d', active: '#166534', accent: '#86efac' },
  eaa: { bg: '#171717', active: '#3f3f46', accent: '#a1a1aa' },
  line: { bg: '#1d4ed8', active: '#1e3a8a', accent: '#93c5fd' },
};

/** Login pages: the pos portal borrows the eaa look until its own sign-in exists. */
export const portalColor = (portal: TUserType | 'pos') => PORTAL_COLORS[portal === 'pos' ? 'eaa' : portal];
