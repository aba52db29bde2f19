/** Texts of the platform reports (issue 17; the spec names the routes only: docs/decisions.md). */
const zh = {
  shopSettingsTitle: '商店設定總覽',
  shopSettingsIntro: '每家商店的重要設定，與需要處理的設定問題。點選上方的問題卡片即可篩選。',
  shops: '商店數',
  search: '搜尋',
  searchPlaceholder: '商店編號或名稱',
  online: '營業',
  onlineYes: '營業中',
  onlineNo: '未營業',
  problem: '問題',
  all: '全部',
  reset: '清除篩選',
  export: '匯出 Excel',
  exportStarted: '已開始下載',
  cash: '現金',
  pay: '線上',
  none: '無',
  fine: '設定完整',
  total: '共 {{total}} 家',
  empty: '沒有符合的商店',
};
type TTexts = Record<keyof typeof zh, string>;

const en: TTexts = {
  shopSettingsTitle: 'Shop settings overview',
  shopSettingsIntro:
    "Every shop's key settings and what in them needs fixing. Click a problem card to filter.",
  shops: 'Shops',
  search: 'Search',
  searchPlaceholder: 'Shop ID or name',
  online: 'Online',
  onlineYes: 'Online',
  onlineNo: 'Offline',
  problem: 'Problem',
  all: 'All',
  reset: 'Clear filters',
  export: 'Export Excel',
  exportStarted: 'Download started',
  cash: 'cash',
  pay: 'online',
  none: 'None',
  fine: 'All set',
  total: '{{total}} shops',
  empty: 'No shop matches',
};

export const platformReports = { 'zh-TW': zh, en };
