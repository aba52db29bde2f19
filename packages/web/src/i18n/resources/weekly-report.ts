import { WEEKLY_REPORT_MESSAGES } from '@shopdesk/contract';

/** Weekly report dialog (spec 002 §2 screen 4); §8 message verbatim as zh-TW. */
const zh = {
  title: '寄送週報：{{shop}}',
  range: '日期區間',
  rangeHint: '預設為上一週（週一至週日，台北時間）',
  recipient: '收件人',
  bccs: '密件副本',
  bccsHint: '多個電子郵件請以逗號分隔',
  send: '寄送',
  cancel: '取消',
  queued: WEEKLY_REPORT_MESSAGES.queued.zh,
};

const en: typeof zh = {
  title: 'Send weekly report: {{shop}}',
  range: 'Date range',
  rangeHint: 'Defaults to last week (Monday to Sunday, Taipei time)',
  recipient: 'Recipient',
  bccs: 'BCC',
  bccsHint: 'Separate several e-mails with commas',
  send: 'Send',
  cancel: 'Cancel',
  queued: WEEKLY_REPORT_MESSAGES.queued.en,
};

export const weeklyReport = { 'zh-TW': zh, en };
