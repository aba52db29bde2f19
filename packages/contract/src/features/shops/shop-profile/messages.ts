import { msg, type TMessage } from '../../../common/errors';

/** The spec's texts for the shop info and edit screens (spec 000 §5, §8; 001 §5). */
export const SHOP_PROFILE_MESSAGES = {
  intervalPositive: msg(
    '時間選項間隔(分鐘)請輸入大於0的數字',
    'Time option interval (minutes): enter a number greater than 0',
  ),
  daysNonNegative: msg(
    '可預訂天數（天）請輸入大於等於0的數字',
    'Reservable days: enter a number of 0 or more',
  ),
  modePayment: msg(
    '請設定用餐方式，每種用餐方式中請至少設定一種支付方式',
    'Set the dining modes: each enabled dining mode needs at least one payment method',
  ),
  intervalOption: msg(
    '時間選項間隔(分鐘)只能選擇 5、10、15、20、30 或 60',
    'Time option interval: choose 5, 10, 15, 20, 30 or 60 minutes',
  ),
  atLeastOneMode: msg('請至少設定一種用餐方式', 'Enable at least one dining mode'),
  intervalRequired: msg('請設置「時間選項間隔(分鐘)」', 'Please set the time option interval (minutes)'),
  tooDense: msg(
    '供餐時段設定過於密集，請嘗試調整「時間選項間隔(分鐘)」及「供餐時段」',
    'The service periods are too dense: adjust the time option interval and the service periods',
  ),
  atLeastOneSlot: msg('請至少設定一個時段', 'Set at least one period'),
  zeroThresholdConfirm: msg(
    '外送金額或數量門檻設定為0，確定要儲存嗎?',
    'The delivery amount or quantity threshold is 0. Save anyway?',
  ),
  saved: msg('修改成功', 'Saved'),
  saveFailed: msg('修改失敗', 'Save failed'),
  copied: msg('已複製', 'Copied'),
  copyFailed: msg('錯誤', 'Error'),
  // spec 000 §4, §8: the online-ordering and manual-acceptance switches
  statusChanged: msg('線上接單狀態已更改', 'Online ordering status changed'),
} as const;

/** Rule messages built from a field label, in the spec's phrasing ("…請輸入大於等於0的數字"). */
export const fieldMessages = {
  required: (label: TMessage) => msg(`請輸入${label.zh}`, `Please enter the ${label.en.toLowerCase()}`),
  maxLength: (label: TMessage, max: number) =>
    msg(`${label.zh}最多${max}個字`, `${label.en}: at most ${max} characters`),
  email: (label: TMessage) => msg(`${label.zh}格式錯誤`, `${label.en}: please enter a valid e-mail`),
  min: (label: TMessage, min: number) =>
    msg(`${label.zh}請輸入大於等於${min}的數字`, `${label.en}: enter a number of ${min} or more`),
  /** Reservable days above the screen's ceiling (edit form 7, spec 000 §9; Time tab 30, 001 §9). */
  daysRange: (max: number) =>
    msg(`可預訂天數（天）請輸入0到${max}之間的數字`, `Reservable days: enter a number from 0 to ${max}`),
  forbidden: (label: TMessage) =>
    msg(`您沒有權限修改「${label.zh}」`, `You do not have permission to change "${label.en}"`),
};
