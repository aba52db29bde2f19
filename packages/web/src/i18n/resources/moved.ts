/** Texts of the pages the spec names only, which point to what replaced them (docs/decisions/platform.md). */
const zh = {
  firebaseDemo:
    '即時資料示範已由點餐機的即時訂單看板取代：新訂單、狀態與外送進度會即時出現在看板上，顧客取餐螢幕則由看板開啟。',
  retailPage: '零售商店有自己的後台（與餐飲相同的功能，只列出零售商店）。請由零售後台登入。',
  openPosLogin: '開啟點餐機登入',
  openRetailLogin: '零售後台：商店管理者登入',
  openRetailConsole: '零售後台：平台管理員登入',
};
type TTexts = Record<keyof typeof zh, string>;

const en: TTexts = {
  firebaseDemo:
    "The realtime data demo was replaced by the point of sale's live order board: new orders, their status and delivery progress appear there at once, and the customers' pickup display is opened from it.",
  retailPage:
    'Retail shops have their own console (the same features, listing retail shops only). Sign in there.',
  openPosLogin: 'Open the point-of-sale sign-in',
  openRetailLogin: 'Retail console: store admin sign-in',
  openRetailConsole: 'Retail console: platform admin sign-in',
};

export const moved = { 'zh-TW': zh, en };
