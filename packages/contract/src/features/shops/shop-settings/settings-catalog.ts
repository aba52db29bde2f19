import { msg } from '../../../common/errors';
import { BUSINESS_LIMITS as LIM } from '../shop-profile/validate-business';
import { NOTICE_KEYS, noticeField } from './notices';
import {
  numberField,
  richTextField,
  selectField,
  switchField,
  type TSettingField,
  type TSettingsTable,
  textField,
  timeField,
} from './setting-fields';

const G = ['gaa'] as const;
const sw = (key: string, o: Parameters<typeof switchField>[2]) => switchField('business', key, o);
const flag = (key: string, o: Parameters<typeof switchField>[2]) => sw(key, { ...o, toggle: 'business' });

/**
 * Every field the settings page may change: the server's allow-list names these keys and no others
 * (spec 001 §2.1 Store, §2.2 Advance, §3 flag keys). Labels and who-may-edit of the fields the shop edit
 * form shares come from shop-profile.
 */
export const SETTINGS_FIELDS: readonly TSettingField[] = [
  // spec 001 §2.1 Store: fields
  textField('business_info', 'business_name', { label: msg('公司名稱', 'Company name'), max: 100 }),
  textField('business_info', 'tax_id_number', { profile: 'invoice', max: LIM.invoice, format: 'taxId' }),
  // "a name edit updates accounts then business" (spec 001 §7)
  textField('both', 'name', { profile: 'businessName', max: LIM.businessName, required: true }),
  textField('business', 'email', {
    profile: 'businessEmail',
    max: LIM.businessEmail,
    required: true,
    format: 'email',
  }),
  textField('business', 'phone', {
    profile: 'businessPhone',
    max: LIM.businessPhone,
    required: true,
    format: 'phone',
  }),
  textField('business', 'code', { profile: 'businessCode', max: 20 }),
  textField('business', 'address', { profile: 'businessAddress', max: LIM.businessAddress, required: true }),
  textField('business', 'boss_email', { profile: 'bossEmail', max: LIM.bossEmail, format: 'email' }),
  textField('business', 'boss_phone', { profile: 'bossPhone', max: LIM.bossPhone }),
  textField('business', 'info', { profile: 'storeInfo', max: LIM.storeInfo, kind: 'textarea' }),
  richTextField('business', 'content', { profile: 'content' }),
  textField('account_sso', 'shop_id', { profile: 'shopId', max: 64 }),
  textField('account_sso', 'app_id', { profile: 'ssoAppId', max: 64 }),
  textField('accounts', 'line_add_friend_url', { profile: 'lineAddFriendUrl', max: 500, format: 'url' }),
  textField('accounts', 'line_basic_id', { profile: 'lineBasicId', max: 50 }),
  textField('accounts', 'line_channel_image_url', {
    profile: 'lineChannelImageUrl',
    max: 500,
    format: 'url',
  }),
  // spec 001 §2.1 Store: switches; the logistics switches (gaa only) are flag keys of §3
  sw('is_enabled', { profile: 'isEnabled' }),
  flag('is_mobile_payment', { profile: 'isMobilePayment' }),
  flag('is_eat_in', { profile: 'isEatIn' }),
  flag('is_eat_in_cash', { profile: 'isEatInCash' }),
  flag('is_eat_in_pay', { profile: 'isEatInPay' }),
  flag('is_to_go', { profile: 'isToGo' }),
  flag('is_to_go_cash', { profile: 'isToGoCash' }),
  flag('is_to_go_pay', { profile: 'isToGoPay' }),
  flag('is_delivery', { profile: 'isDelivery' }),
  flag('is_delivery_cash', { profile: 'isDeliveryCash' }),
  flag('is_delivery_pay', { profile: 'isDeliveryPay' }),
  flag('is_logistic', { profile: 'isLogistic' }),
  flag('is_lala', { profile: 'isLala' }),
  // spec 001 §2.2 Advance: feature switches
  flag('is_calorie', { profile: 'isCalorie' }),
  flag('is_rebuild', { profile: 'isRebuild' }),
  flag('is_groupbuy', { profile: 'isGroupbuy' }),
  flag('is_auto_restore_stock', { profile: 'isAutoRestoreStock' }),
  switchField('accounts', 'is_manual', { profile: 'isManual', toggle: 'account' }),
  flag('is_pick_up', { profile: 'isPickup' }),
  sw('is_invoice', { profile: 'isInvoice' }),
  sw('is_carrier', { profile: 'isCarrier' }),
  sw('is_receipt', { profile: 'isReceipt' }),
  sw('is_otp_enabled', { label: msg('簡訊驗證', 'SMS verification') }),
  sw('is_email', { label: msg('Email 必填', 'E-mail required') }),
  switchField('accounts', 'is_new_style', { profile: 'isNewStyle', toggle: 'account' }),
  // Inverted display flags (spec 001 §2.2): stored "not displayed", shown as "display …"
  sw('is_not_comment_of_order_display', {
    profile: 'isNotCommentOfOrderDisplay',
    label: msg('顯示訂單備註', 'Show order comment'),
    inverted: true,
  }),
  sw('is_not_comment_of_delivery_display', {
    profile: 'isNotCommentOfDeliveryDisplay',
    label: msg('顯示外送備註', 'Show delivery comment'),
    inverted: true,
  }),
  sw('is_not_comment_product_display', {
    label: msg('顯示商品備註', 'Show product comment'),
    inverted: true,
  }),
  // spec 001 §3 account flag, display inverted: stored "closed", shown as "system service on"
  switchField('accounts', 'sys_closed', {
    label: msg('系統服務開啟', 'System service on'),
    who: G,
    inverted: true,
    toggle: 'account',
  }),
  // spec 001 §2.2 Advance: other fields
  selectField('business', 'default_meal_type', ['eat_in', 'to_go', 'delivery', 'none'], {
    label: msg('預設用餐方式', 'Default meal type'),
  }),
  numberField('business', 'start_number', { profile: 'orderStartNumber', min: 1, max: 99_999_999 }),
  numberField('business', 'buffer_time', { profile: 'bufferTime', min: 0, max: 1440 }),
  timeField('business', 'reset_time', { profile: 'resetTime' }),
  numberField('large_order', 'amount', {
    label: msg('大量訂單金額', 'Large-order amount'),
    min: 0,
    max: 99_999_999,
  }),
  numberField('large_order', 'qty', {
    label: msg('大量訂單數量', 'Large-order quantity'),
    min: 0,
    max: 99_999,
  }),
  ...NOTICE_KEYS.map((key) => noticeField('business', key)),
];

const byTable = new Map<string, TSettingField>(SETTINGS_FIELDS.map((f) => [`${f.table}.${f.key}`, f]));

/** The field a save names, or undefined when the allow-list does not name it. */
export const findSettingField = (table: string, key: string): TSettingField | undefined =>
  byTable.get(`${table}.${key}`);

export const isSettingsTable = (table: string): table is TSettingsTable =>
  SETTINGS_FIELDS.some((f) => f.table === table);

/** Defaults of a shop without large-order values (spec 001 §2.2, §9). */
export const LARGE_ORDER_DEFAULTS = { amount: 99_999, qty: 999 } as const;
