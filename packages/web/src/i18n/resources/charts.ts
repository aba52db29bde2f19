/** Texts of /charts (the spec names the route only: docs/decisions/platform.md). */
const zh = {
  intro: '{{from}} 至 {{to}}（台北時間）計入的訂單，每 10 秒更新',
  loading: '讀取中…',
  days: '近 {{days}} 天',
  orders: '訂單數',
  revenue: '營業額',
  perDay: '每日平均訂單',
  ticket: '平均客單價',
  ordersAndRevenue: '每日訂單與營業額',
  byMode: '每日訂單（依用餐方式）',
  byChannel: '訂單來源',
  topShops: '訂單最多的商店',
  shop: '商店',
  noOrders: '這段期間沒有訂單',
};
const en: typeof zh = {
  intro: 'Orders that count from {{from}} to {{to}} (Taipei time), updated every 10 s',
  loading: 'Loading…',
  days: 'Last {{days}} days',
  orders: 'Orders',
  revenue: 'Revenue',
  perDay: 'Orders a day',
  ticket: 'Average ticket',
  ordersAndRevenue: 'Orders and revenue per day',
  byMode: 'Orders per day by dining mode',
  byChannel: 'Where orders come from',
  topShops: 'Shops with the most orders',
  shop: 'Shop',
  noOrders: 'No orders in this period',
};

export const charts = { 'zh-TW': zh, en };
