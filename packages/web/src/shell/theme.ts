import type { TUserType } from '@shopdesk/contract';
import type { ThemeConfig } from 'antd';

/** Brand accent of Shopdesk: buttons, links, focus rings. Portal colours stay on the sidebar. */
export const BRAND_PRIMARY = '#2563eb';

const APP_FONT =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang TC', 'Noto Sans TC', 'Microsoft JhengHei', Roboto, 'Helvetica Neue', Arial, sans-serif";

export const APP_THEME: ThemeConfig = {
  token: {
    colorPrimary: BRAND_PRIMARY,
    borderRadius: 8,
    fontFamily: APP_FONT,
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

/**
 * The design tokens of APP_THEME (antd's `theme.getDesignToken(APP_THEME)`) that the screens drawn before
 * antd loads use as plain values: the login route, its frame and loading state (docs/decisions/foundation.md
 * "Login route first load"). Kept equal to antd's by the test of the login page (session.test.ts).
 */
export const PLAIN_TOKENS = {
  fontFamily: APP_FONT,
  colorPrimary: '#2563eb',
  colorPrimaryBg: '#f0f7ff',
  colorText: 'rgba(0,0,0,0.88)',
  colorTextHeading: 'rgba(0,0,0,0.88)',
  colorTextSecondary: 'rgba(0,0,0,0.65)',
  colorTextTertiary: 'rgba(0,0,0,0.45)',
  colorBgContainer: '#ffffff',
  colorSplit: 'rgba(5,5,5,0.06)',
  colorError: '#ff4d4f',
  colorErrorBg: '#fff2f0',
  colorErrorBorder: '#ffccc7',
  colorWarning: '#faad14',
  borderRadiusSM: 6,
  borderRadiusLG: 10,
  fontSize: 14,
  fontSizeSM: 12,
  fontSizeHeading3: 24,
  fontSizeHeading4: 20,
  lineHeight: 1.5714285714285714,
  controlHeightLG: 40,
  marginLG: 24,
  paddingXS: 8,
} as const;
