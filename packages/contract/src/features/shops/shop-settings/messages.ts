import { msg, type TMessage } from '../../../common/errors';

/**
 * The settings page's texts (spec 001 §8, 002 §8 where they name them; our wording where the spec is
 * silent, marked "ours").
 */
export const SHOP_SETTINGS_MESSAGES = {
  // spec 001 §1, 002 §5 "Settings by account"
  accountIdRequired: msg('Account ID是必填項目', 'Account ID is required'),
  // spec 001 §8 "Search failure"
  searchFailed: msg('資料庫忙碌中，請稍候嘗試。', 'The database is busy, please try again shortly.'),
  // spec 001 §8 "Load failure (advanced)": the shop's info load, then its settings / large-order loads
  infoLoadFailed: msg('無法取得此帳號的資訊', 'Failed to get info for the account'),
  dataLoadFailed: msg('讀取此帳號的資料時發生錯誤', 'Error retrieving data for the account'),
  // spec 001 §8 "Field save failure"
  saveFailed: msg('修改失敗', 'Update failed'),
  // spec 001 §5 Advance: reset_time (zh wording ours; the spec names it 'incorrect format')
  incorrectFormat: msg('格式錯誤', 'incorrect format'),
  // ours: the allow-list refuses what it does not name (spec 001 §7 "Unknown edit table: only logged")
  unknownTable: msg('不支援的資料表', 'Unknown table'),
  unknownKey: msg('不支援的欄位', 'Unknown field'),
  tableMismatch: msg('此欄位不屬於這個資料表', 'The field does not belong to this table'),
  notToggle: msg('此欄位不是開關', 'This field is not a switch'),
  noticeTags: msg('公告內容只能包含換行', 'A notice may contain line breaks only, no other tags'),
  urlInvalid: msg('網址格式錯誤', 'Please enter a valid URL starting with http:// or https://'),
  // ours: revert from the Record tab (not in the spec, docs/decisions/shops.md)
  revertChanged: msg(
    '此項目在這筆紀錄之後已被修改，無法還原',
    'The value has changed since this record, so it cannot be reverted',
  ),
  revertUnsupported: msg('這筆紀錄無法還原', 'This record cannot be reverted'),
} as const;

/** spec 001 §8: "{label} 修改成功！" / "{label} updated successfully". */
export const saveSucceeded = (label: string): TMessage => ({
  zh: `${label} 修改成功！`,
  en: `${label} updated successfully`,
});

/** spec 001 §8: "商店：{id} ，無法取得資料！" (settings load empty or failed). */
export const loadFailed = (accountId: number | string): TMessage => ({
  zh: `商店：${accountId} ，無法取得資料！`,
  en: `Shop ${accountId}: the data could not be loaded!`,
});
