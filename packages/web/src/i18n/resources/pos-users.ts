import { POS_USER_MESSAGES } from '@shopdesk/contract';

/** Order-machine users dialog (spec 002 §2 screen 5); §8 messages verbatim as zh-TW. */
const zh = {
  title: '點餐機使用者：{{shop}}',
  colUsername: '使用者名稱',
  colPassword: '密碼',
  colActions: '操作',
  delete: '刪除',
  deleteConfirm: '確定要刪除使用者「{{username}}」嗎？',
  confirm: '確定',
  cancel: '取消',
  add: '新增',
  usernamePlaceholder: '使用者名稱',
  passwordPlaceholder: '密碼（至少 8 個字元）',
  count: '共 {{total}} / {{max}} 位使用者',
  full: '已達 {{max}} 位使用者上限，請先刪除後再新增。',
  empty: '尚無點餐機使用者',
  close: '關閉',
  openBoard: '開啟點餐機接單頁',
  added: POS_USER_MESSAGES.added.zh,
  addFailed: POS_USER_MESSAGES.addFailed.zh,
  deleted: POS_USER_MESSAGES.deleted.zh,
  deleteFailed: POS_USER_MESSAGES.deleteFailed.zh,
};

const en: typeof zh = {
  title: 'Order-machine users: {{shop}}',
  colUsername: 'Username',
  colPassword: 'Password',
  colActions: 'Actions',
  delete: 'Delete',
  deleteConfirm: 'Delete the user “{{username}}”?',
  confirm: 'Delete',
  cancel: 'Cancel',
  add: 'Add',
  usernamePlaceholder: 'Username',
  passwordPlaceholder: 'Password (8 characters or more)',
  count: '{{total}} of {{max}} users',
  full: 'The shop has reached {{max}} users. Delete one before adding another.',
  empty: 'No order-machine users yet',
  close: 'Close',
  openBoard: 'Open the order board',
  added: POS_USER_MESSAGES.added.en,
  addFailed: POS_USER_MESSAGES.addFailed.en,
  deleted: POS_USER_MESSAGES.deleted.en,
  deleteFailed: POS_USER_MESSAGES.deleteFailed.en,
};

export const posUsers = { 'zh-TW': zh, en };
