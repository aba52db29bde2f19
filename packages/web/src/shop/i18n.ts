import { useSyncExternalStore } from 'react';

/**
 * The customer app's two languages (zh-TW, en), without a library: the contract's messages are already
 * { zh, en } pairs, and the app's own words are below. The choice is kept in localStorage.
 */
export type TLang = 'zh' | 'en';
const KEY = 'shopdesk.shop.lang';

const initial = (): TLang => {
  try {
    const saved = localStorage.getItem(KEY);
    if (saved === 'zh' || saved === 'en') return saved;
  } catch {
    // storage blocked: follow the browser
  }
  return typeof navigator !== 'undefined' && /^en/i.test(navigator.language) ? 'en' : 'zh';
};

let lang: TLang = initial();
// the page's language is the one shown (screen readers and Lighthouse read it), not only the HTML's default
if (typeof document !== 'undefined') document.documentElement.lang = lang === 'zh' ? 'zh-Hant-TW' : 'en';
const listeners = new Set<() => void>();

export const setLang = (next: TLang) => {
  lang = next;
  try {
    localStorage.setItem(KEY, next);
  } catch {
    // not kept: fine for this visit
  }
  document.documentElement.lang = next === 'zh' ? 'zh-Hant-TW' : 'en';
  for (const l of listeners) l();
};

export const useLang = (): TLang =>
  useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    () => lang,
  );

export const pick = (m: { zh: string; en: string }, l: TLang) => (l === 'zh' ? m.zh : m.en);

const W = {
  menu: ['菜單', 'Menu'],
  myOrders: ['我的訂單', 'My orders'],
  info: ['商店資訊', 'Shop info'],
  startOrder: ['開始點餐', 'Start ordering'],
  eat_in: ['內用', 'Eat-in'],
  to_go: ['外帶', 'Pickup'],
  delivery: ['外送', 'Delivery'],
  table: ['桌號', 'Table'],
  soldOut: ['售完', 'Sold out'],
  add: ['加入購物車', 'Add to cart'],
  cart: ['購物車', 'Cart'],
  checkout: ['結帳', 'Checkout'],
  items: ['件', 'items'],
  quantity: ['數量', 'Quantity'],
  less: ['減少', 'Less'],
  more: ['增加', 'More'],
  chooseAtLeast: ['至少選 {n} 項', 'Choose at least {n}'],
  chooseAtMost: ['最多選 {n} 項', 'Choose up to {n}'],
  chooseOne: ['必選 1 項', 'Choose 1'],
  optional: ['可不選', 'Optional'],
  close: ['關閉', 'Close'],
  back: ['返回', 'Back'],
  remove: ['移除', 'Remove'],
  emptyCart: ['購物車是空的', 'Your cart is empty'],
  when: ['取餐時間', 'Time'],
  whenDelivery: ['送達時間', 'Delivery time'],
  asap: ['盡快', 'As soon as possible'],
  noSlots: ['目前沒有可預約的時間', 'No bookable time right now'],
  name: ['姓名', 'Name'],
  phone: ['手機號碼', 'Mobile phone'],
  address: ['外送地址', 'Delivery address'],
  payment: ['付款方式', 'Payment'],
  cash: ['現金（取餐時付款）', 'Cash (pay at the shop)'],
  // a delivery paid in cash is paid to the courier
  cashOnDelivery: ['現金（貨到付款）', 'Cash on delivery'],
  online: ['線上付款', 'Pay online'],
  payWithLinePay: ['前往 LINE Pay 付款', 'Pay with LINE Pay'],
  cardNumber: ['信用卡號', 'Card number'],
  cardExpiry: ['有效期限', 'Expiry date'],
  cardCcv: ['安全碼', 'Security code'],
  cardByTapPay: [
    '卡片資料由 TapPay 處理，本店不會看到卡號',
    'Card details go to TapPay; the shop never sees your card number',
  ],
  payAgain: ['改用其他卡片付款', 'Pay with another card'],
  paying: ['付款中…', 'Paying…'],
  taxId: ['統一編號（選填）', 'Tax ID (optional)'],
  carrier: ['手機條碼載具（選填）', 'Mobile barcode carrier (optional)'],
  comment: ['備註', 'Note'],
  voucherCode: ['優惠碼（選填）', 'Voucher code (optional)'],
  itemNote: ['備註', 'Note'],
  itemNoteHint: ['例如：去冰、少辣', 'e.g. no ice, less spicy'],
  optionalField: ['選填', 'optional'],
  receiptWanted: ['需要收據', 'I need a receipt'],
  receiptAsked: ['需開收據', 'Receipt requested'],
  bufferHint: ['請於所選時間後 {n} 分鐘內取餐', 'Please pick up within {n} minutes of the chosen time'],
  bufferShort: ['{n} 分鐘內取餐', 'pick up within {n} min'],
  subtotal: ['小計', 'Subtotal'],
  discount: ['優惠', 'Discount'],
  deliveryFee: ['外送費', 'Delivery fee'],
  total: ['總計', 'Total'],
  send: ['送出訂單', 'Place order'],
  sending: ['送出中…', 'Sending…'],
  checking: ['確認中…', 'Checking…'],
  required: ['必填', 'required'],
  nameRequired: ['請填寫姓名', 'Please enter your name'],
  phoneRequired: ['請填寫手機號碼', 'Please enter your phone number'],
  phoneInvalid: ['手機號碼格式不正確（例如 0912345678）', 'Not a valid phone number (e.g. 0912345678)'],
  // spec 001 §2.2 is_otp_enabled: the phone's SMS verification (PhoneVerify.tsx)
  otpTitle: ['手機簡訊驗證', 'Phone verification by SMS'],
  otpIntro: [
    '此商店需先驗證手機號碼，首次點餐請以簡訊驗證碼完成驗證',
    'This shop verifies phone numbers: confirm yours with the code we text you',
  ],
  otpSend: ['傳送驗證碼', 'Send code'],
  otpResend: ['重新傳送驗證碼', 'Send a new code'],
  otpResendIn: ['{n} 秒後可重新傳送', 'New code in {n} s'],
  otpSent: ['驗證碼已傳送至 {phone}，{n} 分鐘內有效', 'Code sent to {phone}, valid for {n} minutes'],
  otpCode: ['驗證碼（6 位數字）', 'Code (6 digits)'],
  otpVerify: ['驗證', 'Verify'],
  otpVerified: ['手機號碼已驗證', 'Phone number verified'],
  otpNeeded: ['請先完成手機簡訊驗證', 'Please verify your phone number by SMS first'],
  otpMobileFirst: ['請先填寫手機號碼（09 開頭）', 'Enter your mobile number (09…) first'],
  addressRequired: ['請填寫外送地址', 'Please enter the delivery address'],
  chooseSlot: ['請選擇時間', 'Please choose a time'],
  whatToChange: ['請修改：', 'What to change: '],
  changeTime: ['請選擇其他時間', 'Choose another time'],
  nextTime: ['最快可接單時間：', 'Next possible time: '],
  removeItem: ['請移除「{name}」', 'Remove "{name}"'],
  lowerItem: ['「{name}」只剩 {n} 份，請減少數量', 'Only {n} of "{name}" left: order fewer'],
  onlyLeft: ['只剩 {n} 份', 'Only {n} left'],
  changeMealType: ['請改選其他用餐方式', 'Choose another meal type'],
  checkAddress: ['請確認外送地址', 'Check the delivery address'],
  addMore: ['請再加點商品', 'Add more items'],
  reloadMenu: ['請重新整理菜單', 'Reload the menu'],
  orderNo: ['訂單編號', 'Order number'],
  status_new: ['等待店家接單', 'Waiting for the shop'],
  status_accepted: ['店家已接單，製作中', 'Accepted: being prepared'],
  status_completed: ['已完成', 'Completed'],
  status_rejected: ['店家婉拒了訂單', 'The shop declined the order'],
  status_canceled: ['訂單已取消', 'The order was canceled'],
  reason: ['原因：', 'Reason: '],
  courierSteps: ['外送進度', 'Delivery progress'],
  courierNote: ['外送：', 'Delivery: '],
  driver: ['外送員', 'Courier'],
  live: ['即時更新中', 'Live'],
  offlineFeed: ['連線中斷，重新連線中…', 'Connection lost, reconnecting…'],
  placedAt: ['下單時間', 'Ordered at'],
  wantedAt: ['指定時間', 'Wanted at'],
  noOrders: ['這支手機還沒有在此商店下過訂單', 'No orders from this device at this shop yet'],
  notFoundTable: ['找不到此桌號', 'Unknown table'],
  notFoundTableHint: [
    '這個連結的桌號不是本店的桌號，請掃描桌上的 QR Code，或改為一般點餐。',
    "This link's table is not one of the shop's: scan the QR code on your table, or order without a table.",
  ],
  notFoundShop: ['找不到此商店', 'Shop not found'],
  notFoundShopHint: [
    '連結可能有誤或商店已停止營業，請向店家確認。',
    'The link may be wrong or the shop closed. Please ask the shop.',
  ],
  notFoundOrder: ['找不到此訂單', 'Order not found'],
  notFoundOrderHint: [
    '訂單連結不完整或有誤，請使用下單後收到的完整連結。',
    'The order link is incomplete or wrong: use the full link you got after ordering.',
  ],
  notFoundPage: ['找不到此頁面', 'Page not found'],
  toShop: ['回到商店', 'Back to the shop'],
  error: ['發生錯誤', 'Something went wrong'],
  retry: ['重試', 'Retry'],
  loading: ['載入中…', 'Loading…'],
  hours: ['營業時間', 'Opening hours'],
  hoursToGo: ['外帶時間', 'Pickup hours'],
  hoursDelivery: ['外送時間', 'Delivery hours'],
  allDay: ['全天', 'All day'],
  closedAllWeek: ['未設定營業時間', 'No opening hours set'],
  announcement: ['商店公告', 'Announcement'],
  phoneLabel: ['電話', 'Phone'],
  addressLabel: ['地址', 'Address'],
  openNow: ['營業中', 'Open now'],
  closedNow: ['目前非營業時間，可預約', 'Closed now: you may order ahead'],
  closedNoAhead: ['目前非營業時間', 'Closed now'],
  closedNoSlots: ['目前非營業時間，目前沒有可預約的時間', 'Closed now: no bookable time right now'],
  promotions: ['優惠活動', 'Promotions'],
  estimated: ['（優惠以店家確認為準）', '(discounts are confirmed by the shop)'],
  calories: ['大卡', 'kcal'],
  freeDelivery: ['外送滿 {amt} 元免運費', 'Free delivery from NT$ {amt}'],
  largeOrder: ['大量訂單請先致電店家確認', 'For a large order please call the shop first'],
  managerTitle: ['店長綁定', 'Manager binding'],
  managerStep1: [
    '用手機開啟 LINE，加入本店官方帳號好友。',
    'Open LINE on your phone and add the shop’s official account as a friend.',
  ],
  managerStep2: [
    '登入管理後台，在「商店資訊」頁找到 6 位數綁定碼（過期時按「更新綁定碼」）。',
    'Sign in to the console and find the 6-digit binding code on the shop info page (press “renew” when it expired).',
  ],
  managerStep3: [
    '在與官方帳號的聊天室傳送這 6 位數字（例如「綁定 123456」）。',
    'Send the 6 digits in the chat with the official account (e.g. “綁定 123456”).',
  ],
  managerStep4: [
    '收到「綁定成功」後，新訂單與取消訂單都會通知您；群組也可用同一組綁定碼綁定。',
    'After “綁定成功” you get every new and canceled order; a LINE group binds with the same code.',
  ],
  addFriend: ['加入官方帳號好友', 'Add the official account'],
  noFriendLink: [
    '商店尚未設定官方帳號加好友連結，請向系統商索取。',
    'The shop has no add-friend link yet: ask your integrator.',
  ],
  language: ['English', '中文'],
  view: ['查看', 'View'],
  mealTypeOff: ['此用餐方式目前不提供', 'This meal type is not offered'],
  notOrdering: ['商店目前未開放線上點餐', 'This shop is not taking online orders'],
  forcedByTable: ['由桌號 QR code 指定', 'Set by the table QR code'],
  orderAgain: ['繼續點餐', 'Order more'],
  // spec 000 §3 isPickup: how a to-go order is collected
  collectWay: ['取餐方式', 'How to collect'],
  collectCounter: ['櫃台取餐', 'At the counter'],
  pickUp: ['自取', 'Self pick-up'],
  pickUpHint: ['到店後至自取區自行取餐，不必排隊', 'Collect it yourself at the pick-up point, no queue'],
  // spec 001 §2.2 is_email
  email: ['Email', 'E-mail'],
  emailHint: ['訂單確認與狀態通知會寄到此信箱', 'The confirmation and status updates are mailed here'],
  // spec 001 §2.2 is_rebuild (再點一次)
  rebuild: ['再點一次', 'Order again'],
  rebuildAdded: ['已將 {n} 項放入購物車', '{n} item(s) put in the cart'],
  rebuildMissing: [
    '以下品項已停售，未放入購物車：{names}',
    'No longer on sale, not put in the cart: {names}',
  ],
  rebuildNone: ['此訂單的品項都已停售', 'None of the items of this order is on sale'],
  toCart: ['前往購物車', 'Go to the cart'],
  // the classic layout (web version 1 = QC1.0, docs/decisions/customer-app.md "Web version")
  newLayout: ['新版點餐頁', 'Full ordering page'],
} satisfies Record<string, [string, string]>;

export type TWord = keyof typeof W;

export const tr = (l: TLang, key: TWord, vars: Record<string, string | number> = {}) => {
  let s = W[key][l === 'zh' ? 0 : 1];
  for (const [k, v] of Object.entries(vars)) s = s.replace(`{${k}}`, String(v));
  return s;
};

export const useT = () => {
  const l = useLang();
  return (key: TWord, vars?: Record<string, string | number>) => tr(l, key, vars);
};
