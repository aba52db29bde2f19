import { zText } from '../../../common/bounds';
import { msg } from '../../../common/errors';
import { SHOP_SETTINGS_MESSAGES as M } from './messages';
import { SETTINGS_USERS, type TSettingField, type TSettingsTable } from './setting-fields';

/**
 * The six notice texts of the Advance tab (spec 001 §2.2): offline and online notice for eat-in, to-go and
 * delivery. Newlines are stored as line-break tags; no other markup is stored, so the ordering pages can
 * print them as HTML without risk.
 */
export const NOTICE_KEYS = [
  'eat_in_offline_notice',
  'eat_in_online_notice',
  'to_go_offline_notice',
  'to_go_online_notice',
  'delivery_offline_notice',
  'delivery_online_notice',
] as const;
export type TNoticeKey = (typeof NOTICE_KEYS)[number];

const NOTICE_LABELS: Record<TNoticeKey, ReturnType<typeof msg>> = {
  eat_in_offline_notice: msg('內用非營業時間公告', 'Eat-in offline notice'),
  eat_in_online_notice: msg('內用營業時間公告', 'Eat-in online notice'),
  to_go_offline_notice: msg('外帶非營業時間公告', 'To-go offline notice'),
  to_go_online_notice: msg('外帶營業時間公告', 'To-go online notice'),
  delivery_offline_notice: msg('外送非營業時間公告', 'Delivery offline notice'),
  delivery_online_notice: msg('外送營業時間公告', 'Delivery online notice'),
};

export const NOTICE_MAX = 1000;
/** Text areas of the notices have 5 rows (spec 001 §2.2). */
export const NOTICE_ROWS = 5;

const BR = /<br\s*\/?>/gi;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/** Typed text → stored text: markup characters escaped, newlines as <br> (spec 001 §2.2). */
export const noticeToStored = (text: string): string =>
  text
    .replace(/\r\n?/g, '\n')
    .replace(/[&<>]/g, (c) => ENTITIES[c]!)
    .replace(/\n/g, '<br>');

/** Stored text → the text area's text. */
export const noticeFromStored = (stored: string): string =>
  stored.replace(BR, '\n').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** A stored notice holds no tag but <br> (the server refuses anything else). */
const onlyLineBreaks = (v: string) => !/<(?!br\s*\/?>)/i.test(v);

export const noticeField = (table: TSettingsTable, key: TNoticeKey): TSettingField => ({
  table,
  key,
  label: NOTICE_LABELS[key],
  kind: 'textarea',
  who: SETTINGS_USERS,
  rule: zText().max(NOTICE_MAX).refine(onlyLineBreaks, M.noticeTags.zh),
});
