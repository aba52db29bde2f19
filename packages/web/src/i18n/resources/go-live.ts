/** Texts of the go-live checklist on the shop info page (docs/decisions/shops.md "Go-live checklist"). */
const zh = {
  title: '上線前檢查清單',
  intro: '以下項目都完成後，就可以上線接單。每一項依商店資料自動打勾。',
  progress: '已完成 {{done}} / {{total}}',
  done: '已完成',
  todo: '未完成',
  go: '前往設定',
  noLink: '請洽平台管理員',
  loadFailed: '無法讀取上線前檢查清單',
  items: {
    owner: '綁定商店擁有者帳號',
    hours: '設定營業時間',
    menu: '建立菜單（至少一項販售中的商品）',
    tableQr: '產生桌邊 QR Code',
    printer: '設定出單機或出單站',
    payment: '啟用付款方式',
    live: '上線狀態',
  },
  hints: {
    owner: '由商店帳號管理指定擁有者',
    hours: '在商店參數的「時間」分頁儲存服務時段',
    menu: '菜單管理中新增分類與商品（開店精靈的範例商品不算）',
    tableQr: '桌邊 QR Code 頁面新增桌號',
    printer: '在商店參數的「出單機」分頁新增出單機',
    payment: '在編輯商店開啟用餐方式（內用、外帶或外送）與現金或線上付款',
    live: '在商店列表切換為「已上線」',
  },
  notLive: '未上線',
  isLive: '已上線',
};

const en: typeof zh = {
  title: 'Go-live checklist',
  intro:
    'When every item is done, the shop can go live and take orders. Each item is ticked from the shop data.',
  progress: '{{done}} of {{total}} done',
  done: 'Done',
  todo: 'To do',
  go: 'Set up',
  noLink: 'Ask the platform administrator',
  loadFailed: 'Could not load the go-live checklist',
  items: {
    owner: 'Bind the shop owner account',
    hours: 'Set the opening hours',
    menu: 'Build the menu (at least one product on sale)',
    tableQr: 'Make table QR codes',
    printer: 'Set up a printer or printing station',
    payment: 'Enable a payment method',
    live: 'Go-live status',
  },
  hints: {
    owner: 'Store accounts: give the shop to its owner',
    hours: 'Shop parameters, Time tab: save the service periods',
    menu: 'Menu management: add classes and products (the wizard’s example does not count)',
    tableQr: 'Table QR codes: add table numbers',
    printer: 'Shop parameters, Printer tab: add a printer',
    payment: 'Edit shop: offer eat-in, to-go or delivery, paid in cash or online',
    live: 'Shop list: switch the shop to Online',
  },
  notLive: 'Not online',
  isLive: 'Online',
};

export const goLive = { 'zh-TW': zh, en };
