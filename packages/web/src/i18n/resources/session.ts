/**
 * Sign-in, sign-out and session-expiry texts (spec 000 §4). The failure text of spec 000 §8 is the
 * server's message (contract SESSION_MESSAGES), shown in the current language.
 */
const zh = {
  email: '電子郵件',
  password: '密碼',
  emailPlaceholder: 'name@example.com',
  passwordPlaceholder: '請輸入密碼',
  signIn: '登入',
  signingIn: '登入中…',
  signInFailed: '登入失敗',
  welcome: '歡迎回來',
  tagline: 'LINE 點餐商店的後台管理中心',
  otherPortals: '其他登入入口',
  posNotice: '點餐機登入將於後續版本提供。',
  signedOut: '您已登出',
  leaving: '正在前往登入頁…',
  sessionExpired: '登入狀態已失效，請重新登入',
  portal_gaa: '平台管理員',
  portal_si: '系統整合商',
  portal_eaa: '商店帳號',
  portal_line: 'LINE 商店人員',
};

const en: typeof zh = {
  email: 'E-mail',
  password: 'Password',
  emailPlaceholder: 'name@example.com',
  passwordPlaceholder: 'Enter your password',
  signIn: 'Sign in',
  signingIn: 'Signing in…',
  signInFailed: 'Sign-in failed',
  welcome: 'Welcome back',
  tagline: 'The back office for LINE food-ordering shops',
  otherPortals: 'Other sign-in portals',
  posNotice: 'Point-of-sale sign-in arrives in a later release.',
  signedOut: 'You have signed out',
  leaving: 'Taking you to the sign-in page…',
  sessionExpired: 'Your session has ended. Please sign in again',
  portal_gaa: 'Platform administrator',
  portal_si: 'System integrator',
  portal_eaa: 'Store account',
  portal_line: 'LINE shop staff',
};

export const session = { 'zh-TW': zh, en };
