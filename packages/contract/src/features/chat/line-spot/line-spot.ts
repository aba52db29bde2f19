import { z } from 'zod';
import { TEXT_LIMITS, TEXT_MAX, zId, zQueryId, zText } from '../../../common/bounds';
import { msg, type TMessage } from '../../../common/errors';
import { isTaiwanPhone, TW_NUMBER_MESSAGES } from '../../../common/tw-numbers';

/**
 * The store directory upload tool (spec 000 §2 "Store directory upload tool", labelled QC only): shops are
 * uploaded to the LINE SPOT directory under an SI, looked up and removed there. gaa only (the server refuses
 * every other type, docs/decisions/chat.md "Store directory: LINE SPOT").
 */
export const LINE_SPOT_USERS = ['gaa'] as const;

/** spec 000 §2: the SI an entry is uploaded under; spec 000 §7: the look-up's default is quickclick. */
export const LINE_SPOT_SIS = ['quickclick', 'lifeplus'] as const;
export const ZLineSpotSi = z.enum(LINE_SPOT_SIS);
export type TLineSpotSi = z.infer<typeof ZLineSpotSi>;
export const LINE_SPOT_DEFAULT_SI: TLineSpotSi = 'quickclick';

/** Field limits: the shop form's (spec 000 §9), since the entry starts from the shop's own data. */
export const LINE_SPOT_LIMITS = {
  name: TEXT_LIMITS.businessName,
  phone: TEXT_LIMITS.phone,
  address: TEXT_LIMITS.address,
} as const;

export const LINE_SPOT_MESSAGES = {
  // spec 000 §4
  uploaded: msg('已上傳', 'Uploaded'),
  notUploaded: msg('未上傳', 'Not uploaded'),
  // ours (docs/decisions/chat.md "Store directory: LINE SPOT")
  nameRequired: msg('請輸入商店名稱', 'Please enter the shop name'),
  nameTooLong: msg(
    `商店名稱最多${LINE_SPOT_LIMITS.name}個字`,
    `The shop name is at most ${LINE_SPOT_LIMITS.name} characters`,
  ),
  phoneRequired: msg('請輸入電話', 'Please enter the phone number'),
  phoneTooLong: msg(
    `電話最多${LINE_SPOT_LIMITS.phone}個字`,
    `The phone number is at most ${LINE_SPOT_LIMITS.phone} characters`,
  ),
  addressRequired: msg('請輸入地址', 'Please enter the address'),
  addressTooLong: msg(
    `地址最多${LINE_SPOT_LIMITS.address}個字`,
    `The address is at most ${LINE_SPOT_LIMITS.address} characters`,
  ),
  addressNotFound: msg(
    '找不到此地址，請確認地址後再轉換',
    'This address was not found; check it and convert again',
  ),
  geocoderDown: msg(
    '地址轉換服務暫時無法使用，請稍後再試',
    'The address service is unavailable, try again later',
  ),
  noGeocoder: msg('尚未設定地址轉換服務', 'No address service is configured'),
  uploadDone: msg('已上傳至 LINE SPOT', 'Uploaded to LINE SPOT'),
  uploadFailed: msg('上傳失敗', 'Upload failed'),
  removed: msg('已從 LINE SPOT 移除', 'Removed from LINE SPOT'),
  removeFailed: msg('移除失敗', 'Removing failed'),
  notInDirectory: msg('此商店不在 LINE SPOT 中', 'This shop is not in LINE SPOT'),
  refused: msg('LINE SPOT 拒絕此資料', 'LINE SPOT refused this entry'),
  unavailable: msg('LINE SPOT 服務暫時無法使用，請稍後再試', 'LINE SPOT is unavailable, try again later'),
  notConfigured: msg('尚未設定 LINE SPOT 服務', 'The LINE SPOT service is not configured'),
  shopNotFound: msg('找不到此商店', 'Shop not found'),
} as const;

/** spec 000 §8: 確定要將商店號碼「{id}」從LINE SPOT中移除嗎？ */
export const lineSpotRemoveConfirm = (id: number | string): TMessage => ({
  zh: `確定要將商店號碼「${id}」從LINE SPOT中移除嗎？`,
  en: `Remove shop number "${id}" from LINE SPOT?`,
});

/** LINE SPOT's refusal, with its reason (its own error text, which is English). */
export const lineSpotRefused = (reason: string): TMessage => ({
  zh: `${LINE_SPOT_MESSAGES.refused.zh}：${reason}`,
  en: `${LINE_SPOT_MESSAGES.refused.en}: ${reason}`,
});

const M = LINE_SPOT_MESSAGES;
export const ZLineSpotName = zText(TEXT_MAX.name)
  .trim()
  .min(1, M.nameRequired.zh)
  .max(LINE_SPOT_LIMITS.name, M.nameTooLong.zh);
export const ZLineSpotPhone = zText(TEXT_MAX.name)
  .trim()
  .min(1, M.phoneRequired.zh)
  .max(LINE_SPOT_LIMITS.phone, M.phoneTooLong.zh)
  .refine(isTaiwanPhone, TW_NUMBER_MESSAGES.phone.zh);
export const ZLineSpotAddress = zText(TEXT_MAX.note)
  .trim()
  .min(1, M.addressRequired.zh)
  .max(LINE_SPOT_LIMITS.address, M.addressTooLong.zh);

/** spec 000 §3 "Store directory entry": id, name, phone, address, isUploaded (the shop's data in our console). */
export const ZLineSpotEntry = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  address: z.string(),
  /** Uploaded under any SI (spec 000 §4 已上傳 / 未上傳). */
  isUploaded: z.boolean(),
  /** Under which SIs, as we last knew (ours). */
  uploadedSis: z.array(ZLineSpotSi),
});
export type TLineSpotEntry = z.infer<typeof ZLineSpotEntry>;

/** What LINE SPOT holds for one shop under one SI (the look-up's answer). */
export const ZLineSpotRemote = z.object({
  id: z.number().int(),
  si: ZLineSpotSi,
  name: z.string(),
  phone: z.string(),
  address: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  updatedAt: z.string(),
});
export type TLineSpotRemote = z.infer<typeof ZLineSpotRemote>;

/** An address as the maps service converts it: its formatted form and its point. */
export const ZFoundAddress = z.object({ address: z.string(), lat: z.number(), lng: z.number() });
export type TFoundAddress = z.infer<typeof ZFoundAddress>;

/** The upload (spec 000 §7 POST /apis/line-spot body {data} including si). */
export const ZLineSpotUpload = z.object({
  id: zId(),
  si: ZLineSpotSi,
  name: ZLineSpotName,
  phone: ZLineSpotPhone,
  address: ZLineSpotAddress,
  /**
   * spec 000 §2 "upload with the original or converted address": true = the server converts `address`
   * through the maps service and uploads the converted address with its point; false = as typed, no point.
   */
  useConvertedAddress: z.boolean(),
});
export type TLineSpotUpload = z.input<typeof ZLineSpotUpload>;

export const ZLineSpotIdParams = z.object({ id: zQueryId() });
