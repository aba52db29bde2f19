import { msg } from '../../../common/errors';

/**
 * Server-side rule messages of the shop lists (spec 002 §8 where it names them; our wording where the spec
 * is silent). The texts the list screens show after an action (成功, 所屬SI修改成功, …) live in the web's
 * i18n `shopLists` namespace.
 */
export const SHOP_LIST_MESSAGES = {
  // spec 002 §8 "Search failure"
  searchFailed: msg('資料庫忙碌中，請稍候嘗試。', 'The database is busy, please try again shortly.'),
  queryFieldUnknown: msg('不支援的搜尋欄位', 'Unknown search field'),
  shopIdNumber: msg('商店ID請輸入數字', 'The shop id must be a number'),
  tooManyTags: msg('最多可選擇10個標籤', 'Select at most 10 tags'),
  tagRequired: msg('請輸入標籤名稱', 'Please enter a tag name'),
  tagTooLong: msg('標籤名稱最多20個字', 'A tag name has at most 20 characters'),
  // Tags travel as a comma string (spec 002 §3 "tags (a comma string turned into a list)").
  tagComma: msg('標籤名稱不可包含逗號', 'A tag name cannot contain a comma'),
  tagExists: msg('此商店已有這個標籤', 'The shop already has this tag'),
  tagMissing: msg('此商店沒有這個標籤', 'The shop does not have this tag'),
  siAccountUnknown: msg('找不到此SI帳號', 'No such SI account'),
  accountIdMismatch: msg('商店編號不一致', 'The account id does not match the shop in the path'),
  oaAlreadyDisabled: msg('此商店的舊OA已停用', 'The old official account of this shop is already stopped'),
  oaNotDisabled: msg('此商店的舊OA未停用', 'The old official account of this shop is not stopped'),
  /** LINE webhook of a stopped old channel: refused, nothing handled. */
  oaStopped: msg('此官方帳號已停用', 'This official account has been stopped'),
  portalMismatch: msg('只能以自己的身分類型操作', 'Use the path of your own user type'),
} as const;
