import { type TLang, useLang } from './i18n';

/** 團購's words (zh-TW, en), beside the app's own (i18n.ts). */
const G = {
  start: ['開團', 'Start a group order'],
  startHint: [
    '開一個團購連結，朋友各自點餐，最後由你一次結帳',
    'Friends add their own items; you check out once',
  ],
  yourName: ['你的名字', 'Your name'],
  join: ['加入團購', 'Join'],
  joinTitle: ['{name} 揪團點餐', '{name}’s group order'],
  title: ['團購', 'Group order'],
  share: ['分享連結給朋友', 'Share the link with friends'],
  shareLine: ['用 LINE 分享', 'Share on LINE'],
  copy: ['複製連結', 'Copy link'],
  copied: ['已複製', 'Copied'],
  shareText: [
    '一起點 {shop}！在這裡加入我的團購：{url}',
    'Order from {shop} with me! Join my group order: {url}',
  ],
  orderingAs: ['以「{name}」點餐', 'Ordering as “{name}”'],
  list: ['大家點了什麼', 'Who ordered what'],
  nobody: ['還沒有人點餐', 'Nobody has ordered yet'],
  subtotal: ['小計', 'Subtotal'],
  total: ['合計', 'Total'],
  remove: ['移除', 'Remove'],
  added: ['已加入', 'Added'],
  checkout: ['結帳', 'Check out'],
  onlyOpener: ['由 {name} 結帳', '{name} checks out'],
  cancel: ['取消團購', 'Cancel the group order'],
  checkedOut: ['已結帳 · 訂單 #{serial}', 'Checked out · order #{serial}'],
  viewOrder: ['查看訂單', 'View the order'],
  cancelled: ['此團購已取消', 'This group order was cancelled'],
  expired: ['此團購已逾時', 'This group order has expired'],
  people: ['{n} 人', '{n} people'],
} satisfies Record<string, [string, string]>;

export type TGroupWord = keyof typeof G;

export const gtr = (l: TLang, key: TGroupWord, vars: Record<string, string | number> = {}) => {
  let s = G[key][l === 'zh' ? 0 : 1];
  for (const [k, v] of Object.entries(vars)) s = s.replace(`{${k}}`, String(v));
  return s;
};

export const useGT = () => {
  const l = useLang();
  return (key: TGroupWord, vars?: Record<string, string | number>) => gtr(l, key, vars);
};
