/**
 * Texts of the availability panel on the settings page (issue 6, "Why can't customers order right now?").
 * The spec shows no such panel: the wording is ours. The blocking rule's text comes from the server
 * (contract storefront/messages.ts), in both languages.
 */
const zh = {
  title: '顧客現在可以點餐嗎？',
  hint: '以與接單相同的規則檢查：顯示第一個擋下訂單的原因，以及下一個可接單的時間。',
  mealType: '用餐方式',
  eat_in: '內用',
  to_go: '外帶',
  delivery: '外送',
  at: '取餐時間',
  atPlaceholder: '現在（儘快）',
  lat: '外送地址緯度',
  lng: '外送地址經度',
  pointHint: '未填時不檢查外送距離',
  product: '商品',
  productPlaceholder: '不指定商品',
  check: '檢查',
  recheck: '重新檢查',
  ok: '顧客現在可以點餐',
  okAt: '顧客可以在所選時間點餐',
  blocked: '無法點餐',
  nextAccepted: '下一個可接單時間：{{at}}（台北時間）',
  noNextAccepted: '換個時間也無法接單，請先處理上述原因。',
  checkAtNext: '以此時間檢查',
  failed: '無法檢查，請稍後再試',
};

const en: typeof zh = {
  title: 'Can customers order right now?',
  hint: 'Checked with the same rules as order intake: the first rule that blocks an order, and the next time an order would be accepted.',
  mealType: 'Meal type',
  eat_in: 'Eat in',
  to_go: 'To go',
  delivery: 'Delivery',
  at: 'Wanted time',
  atPlaceholder: 'Now (as soon as possible)',
  lat: 'Delivery latitude',
  lng: 'Delivery longitude',
  pointHint: 'Leave empty to skip the delivery distance',
  product: 'Product',
  productPlaceholder: 'No product',
  check: 'Check',
  recheck: 'Check again',
  ok: 'Customers can order now',
  okAt: 'Customers can order for the chosen time',
  blocked: 'Orders are refused',
  nextAccepted: 'Next accepted time: {{at}} (Taipei time)',
  noNextAccepted: 'Another time would not help: fix the rule above first.',
  checkAtNext: 'Check at this time',
  failed: 'The check failed, please try again later',
};

export const storefrontCheck = { 'zh-TW': zh, en };
