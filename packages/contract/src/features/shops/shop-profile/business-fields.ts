import { msg, type TMessage } from '../../../common/errors';
import type { TUserType } from '../../../common/user-types';
import type { TBusinessField } from './business-data';

/**
 * Every field of the shop edit form with its label (zh-TW / en): the form, the audit record
 * ("店名：舊 → 新") and the rule messages use the same words.
 */
export const BUSINESS_FIELD_LABELS: Record<TBusinessField, TMessage> = {
  businessName: msg('店名', 'Store name'),
  businessEmail: msg('商店電子郵件', 'Store e-mail'),
  businessPhone: msg('商店電話', 'Store phone'),
  businessAddress: msg('商店地址', 'Store address'),
  businessCode: msg('自訂店號', 'Custom store code'),
  bossEmail: msg('申請人電子郵件', 'Applicant e-mail'),
  bossPhone: msg('申請人電話', 'Applicant phone'),
  invoice: msg('統一編號', 'Tax ID'),
  shopId: msg('店家系統編號', 'Store-system shop ID'),
  ssoAppId: msg('SSO App ID', 'SSO app ID'),
  googleReviewUrl: msg('Google 評論網址', 'Google review URL'),
  fbUrl: msg('FB 粉專網址', 'Facebook page URL'),
  lineAddFriendUrl: msg('加入好友連結', 'Add-friend link'),
  lineBasicId: msg('LINE ID', 'LINE basic ID'),
  lineChannelImageUrl: msg('頻道圖片網址', 'Channel image URL'),
  code: msg('綁定碼', 'Binding code'),
  randomCode: msg('隨機碼', 'Random code'),
  lineChannelId: msg('Channel ID', 'Channel ID'),
  localTimeZone: msg('時區', 'Time zone'),
  storeInfo: msg('商店簡介', 'Store info'),
  content: msg('商店公告', 'Announcement'),
  version: msg('點餐網頁版本', 'Ordering web version'),
  siAccountId: msg('SI', 'SI account'),
  isMobilePayment: msg('線上支付', 'Online payment'),
  isEatIn: msg('內用', 'Eat-in'),
  isEatInCash: msg('內用現金付款', 'Eat-in cash'),
  isEatInPay: msg('內用線上付款', 'Eat-in online pay'),
  isToGo: msg('外帶', 'To-go'),
  isToGoCash: msg('外帶現金付款', 'To-go cash'),
  isToGoPay: msg('外帶線上付款', 'To-go online pay'),
  isDelivery: msg('外送', 'Delivery'),
  isDeliveryCash: msg('外送現金付款', 'Delivery cash'),
  isDeliveryPay: msg('外送線上付款', 'Delivery online pay'),
  isLogistic: msg('物流平台', 'Logistics platform'),
  isLala: msg('物流外送(Lalamove)', 'Courier delivery (Lalamove)'),
  isEnabled: msg('線上接單', 'Online ordering'),
  isManual: msg('手動接單', 'Manual order acceptance'),
  isAutoRestoreStock: msg('自動恢復庫存', 'Restore stock automatically'),
  distanceByRoute: msg('以路線距離計算外送距離', 'Delivery distance by route'),
  isPickup: msg('自取', 'Self pick-up'),
  isNewStyle: msg('單欄菜單樣式', 'Single-column menu'),
  isInvoice: msg('統編欄位', 'Tax-ID field'),
  isCarrier: msg('手機載具欄位', 'Mobile carrier field'),
  isReceipt: msg('收據', 'Receipt'),
  isCalorie: msg('顯示熱量', 'Show calories'),
  isRebuild: msg('再點一次', 'Order again'),
  isGroupbuy: msg('團購', 'Group buying'),
  isNotThOfDeliveryDisplay: msg('隱藏外送門檻', 'Hide delivery thresholds'),
  isNotCommentOfDeliveryDisplay: msg('隱藏外送備註', 'Hide delivery comment'),
  isNotCommentOfOrderDisplay: msg('隱藏訂單備註', 'Hide order comment'),
  isNotReply: msg('不回覆訊息', 'Do not reply to messages'),
  isNotPhone: msg('隱藏電話欄位', 'Hide phone field'),
  isPhoneRequired: msg('電話必填', 'Phone required'),
  isPrinterTemplate: msg('使用出單範本', 'Use printer templates'),
  isStation: msg('出單工作站', 'Printer stations'),
  deliveryAmtTh: msg('外送金額門檻', 'Delivery amount threshold'),
  deliveryQtyTh: msg('外送數量門檻', 'Delivery quantity threshold'),
  deliveryDistanceTh: msg('外送距離門檻（公里）', 'Delivery distance limit (km)'),
  orderStartNumber: msg('訂單起始編號', 'Order start number'),
  bufferTime: msg('緩衝時間（分鐘）', 'Buffer time (minutes)'),
  waitingTime: msg('準備時間（分鐘）', 'Preparation time (minutes)'),
  eatInWaitingTime: msg('內用準備時間（分鐘）', 'Eat-in preparation (minutes)'),
  toGoWaitingTime: msg('外帶準備時間（分鐘）', 'To-go preparation (minutes)'),
  deliveryWaitingTime: msg('外送準備時間（分鐘）', 'Delivery preparation (minutes)'),
  resetTime: msg('庫存重置時間', 'Stock reset time'),
  timeSectorLength: msg('時間選項間隔(分鐘)', 'Time option interval (minutes)'),
  timeSectorDays: msg('可預訂天數（天）', 'Reservable days'),
  timeObjSectors: msg('供餐時段', 'Service periods'),
  timeSetting: msg('舊版時間設定', 'Legacy time setting'),
  logisticDistanceType: msg('物流距離計算方式', 'Logistics distance type'),
  printerTemplates: msg('出單範本', 'Printer templates'),
};

/**
 * Who may change a field (spec 000 §6): name, store-system ids, add-friend fields, the online-payment switch
 * and the logistics switches are gaa only; the store code gaa and si. Fields missing here are open to every
 * type that may open the shop.
 */
const RESTRICTED: Partial<Record<TBusinessField, readonly TUserType[]>> = {
  businessName: ['gaa'],
  shopId: ['gaa'],
  ssoAppId: ['gaa'],
  lineAddFriendUrl: ['gaa'],
  lineBasicId: ['gaa'],
  lineChannelImageUrl: ['gaa'],
  isMobilePayment: ['gaa'],
  isLogistic: ['gaa'],
  isLala: ['gaa'],
  distanceByRoute: ['gaa'],
  logisticDistanceType: ['gaa'],
  businessCode: ['gaa', 'si'],
};

/**
 * Shown on the form but changed elsewhere, so the shop save never writes them: the binding code (its own
 * call), the channel id and random code (messaging-account settings), the SI (SI assignment), the time
 * zone (fixed Asia/Taipei, spec 000 §9) and the legacy time text.
 */
export const READ_ONLY_FIELDS: readonly TBusinessField[] = [
  'code',
  'randomCode',
  'lineChannelId',
  'siAccountId',
  'localTimeZone',
  'timeSetting',
];

export const mayEditField = (type: TUserType, field: TBusinessField): boolean => {
  if (READ_ONLY_FIELDS.includes(field)) return false;
  const only = RESTRICTED[field];
  return only ? only.includes(type) : true;
};
