import { z } from 'zod';
import { TEXT_LIMITS, TEXT_MAX, zText } from '../../../common/bounds';
import { msg, type TMessage } from '../../../common/errors';
import { defineOperation } from '../../../common/operation';
import { ZShopKind } from '../../../common/user-types';
import { businessTextViolation, type TBusinessTextField } from '../../shops/shop-profile/validate-business';
import { MARKETING_FILE_NAME, ZRichMenuStyle } from './rich-menus';

/** The wizard's texts (spec 000 §5, §8); required / too-long / format in the phrasing of the shop form. */
export const WIZARD_MESSAGES = {
  chooseSi: msg('請選擇SI', 'Please choose an SI'),
  marketingNeedsLinks: msg(
    '行銷選單必須填入FB粉專及google review網址',
    'The marketing menu needs the Facebook page and Google review URLs',
  ),
  accountFailed: msg('LINE帳號設定錯誤', 'LINE account settings failed'),
  businessFailed: msg('商店資訊設定錯誤', 'Shop information settings failed'),
  errorTitle: msg('錯誤', 'Error'),
  done: msg('設定完成!', 'Setup complete!'),
  alreadyDone: msg('設定已完成!', 'Setup already complete!'),
  chatbotDisabled: msg(
    '已選擇不使用機器人：頻道 ID、Secret 與 Token 由系統產生，不會設定圖文選單。',
    'No bot: channel ID, secret and token are generated and no rich menu is set.',
  ),
  selected: msg('已選擇', 'Already selected'),
  selectable: msg('可選擇', 'Selectable'),
  richMenuFailed: (reason: string) =>
    msg(`圖文選單設定失敗：${reason}`, `Rich menu failed at LINE: ${reason}`),
  unknownRichMenu: msg('找不到此選單樣式', 'Unknown rich-menu style'),
  noChannel: msg('此商店尚未設定LINE官方帳號', 'This shop has no LINE official account yet'),
  /** one shop per LINE channel (409, field channelId). */
  channelTaken: msg(
    '此 LINE Channel ID 已有商店使用，同一頻道只能開一間商店',
    'Another shop already uses this LINE channel ID: one channel opens one shop',
  ),
} as const;

export const ACCOUNT_FIELD_LABELS = {
  accountName: msg('帳號名稱', 'Account name'),
  channelId: msg('Channel ID', 'Channel ID'),
  channelSecret: msg('Channel Secret', 'Channel secret'),
  channelAccessToken: msg('Channel Access Token', 'Channel access token'),
  channelImageUrl: msg('頻道圖片網址', 'Channel image URL'),
  channelAddFriendUrl: msg('加入好友連結', 'Add-friend link'),
  channelBasicId: msg('LINE ID（@ABCDE）', 'Basic ID (@ABCDE)'),
  menuLiffId: msg('菜單 LIFF ID', 'Menu LIFF ID'),
  eatInLiffId: msg('內用 LIFF ID', 'Eat-in LIFF ID'),
  orderLiffId: msg('訂單 LIFF ID', 'Order LIFF ID'),
  pickUpLiffId: msg('取杯 LIFF ID', 'Pick-up LIFF ID'),
} as const;

export const BUSINESS_STEP_LABELS = {
  businessName: msg('商店名稱', 'Shop name'),
  email: msg('商店Email', 'Shop e-mail'),
  phone: msg('商店電話', 'Shop phone'),
  address: msg('商店地址', 'Shop address'),
  bossEmail: msg('申請人Email', 'Applicant e-mail'),
  bossPhone: msg('申請人電話', 'Applicant phone'),
  invoice: msg('統一編號', 'Tax ID'),
  fbUrl: msg('FB粉專網址', 'Facebook page URL'),
  googleReviewUrl: msg('Google評論網址', 'Google review URL'),
} as const;

const required = (l: TMessage) => msg(`請輸入${l.zh}`, `Please enter ${l.en}`);
const tooLong = (l: TMessage, n: number) => msg(`${l.zh}最多${n}個字`, `${l.en}: at most ${n} characters`);
const badFormat = (l: TMessage) => msg(`${l.zh}格式錯誤`, `${l.en} is not valid`);

const req = (l: TMessage, max: number = TEXT_MAX.url) =>
  zText(TEXT_MAX.url).trim().min(1, required(l).zh).max(max, tooLong(l, max).zh);
const opt = (l: TMessage, max: number = TEXT_MAX.url) =>
  zText(TEXT_MAX.url)
    .trim()
    .max(max, tooLong(l, max).zh)
    .optional()
    .transform((v) => v || undefined);
/** Keys LINE issues are printable ASCII (they travel in HTTP headers and URLs). */
const key = (l: TMessage, max: number) => req(l, max).regex(/^[\x21-\x7e]+$/, badFormat(l).zh);
const A = ACCOUNT_FIELD_LABELS;
const B = BUSINESS_STEP_LABELS;

/** Wizard step 1 (spec 000 §5): the official account; pickUpLiffId optional, accountName ≤ 20. */
export const ZWizardAccount = z.object({
  accountName: req(A.accountName, TEXT_LIMITS.accountName),
  channelId: key(A.channelId, TEXT_MAX.code),
  channelSecret: key(A.channelSecret, TEXT_MAX.name),
  channelAccessToken: key(A.channelAccessToken, 500),
  channelImageUrl: req(A.channelImageUrl),
  channelAddFriendUrl: req(A.channelAddFriendUrl),
  channelBasicId: req(A.channelBasicId, TEXT_MAX.code),
  menuLiffId: key(A.menuLiffId, TEXT_MAX.code),
  eatInLiffId: key(A.eatInLiffId, TEXT_MAX.code),
  orderLiffId: key(A.orderLiffId, TEXT_MAX.code),
  pickUpLiffId: opt(A.pickUpLiffId, TEXT_MAX.code),
  isChatbotDisabled: z.boolean().default(false),
});
export type TWizardAccount = z.infer<typeof ZWizardAccount>;
export type TWizardAccountInput = z.input<typeof ZWizardAccount>;

/**
 * A step-2 field: the shop edit form's own rule and message (the wizard took a phone "abc" and a tax
 * ID "1234" that the edit form refuses, so the shop it opened could not be saved unchanged).
 */
const shopText = (field: TBusinessTextField, required: boolean) =>
  zText(TEXT_MAX.url)
    .trim()
    .superRefine((v, ctx) => {
      const m = businessTextViolation(field, v, { required });
      if (m) ctx.addIssue({ code: 'custom', message: m.zh });
    });

/** Wizard step 2 (spec 000 §5): the shop. FB and Google review URLs feed the marketing menu. */
export const ZWizardBusiness = z.object({
  businessName: shopText('businessName', true),
  email: shopText('businessEmail', true),
  phone: shopText('businessPhone', true),
  address: shopText('businessAddress', true),
  bossEmail: shopText('bossEmail', true),
  bossPhone: shopText('bossPhone', true),
  invoice: shopText('invoice', false)
    .optional()
    .transform((v) => v || undefined),
  fbUrl: opt(B.fbUrl),
  googleReviewUrl: opt(B.googleReviewUrl),
});
export type TWizardBusiness = z.infer<typeof ZWizardBusiness>;
export type TWizardBusinessInput = z.input<typeof ZWizardBusiness>;

/** The rich-menu call's body (spec 000 §7: {fileName, siAccountId, type catering | retail}). */
export const ZApplyRichMenu = z.object({
  fileName: zText(TEXT_MAX.code).trim().min(1),
  siAccountId: z.number().int().positive().max(2_147_483_647).nullable().optional(),
  type: ZShopKind.default('catering'),
});
export type TApplyRichMenu = z.infer<typeof ZApplyRichMenu>;

export const ZWizardFinish = z.object({
  account: ZWizardAccount,
  business: ZWizardBusiness,
  richMenu: ZApplyRichMenu.extend({ siAccountId: z.number().int().positive().max(2_147_483_647).nullable() }),
  /** Opened from an approved store-opening application: Finish marks it opened, linking the shop. */
  registrationId: z.number().int().positive().max(2_147_483_647).optional(),
});
export type TWizardFinish = z.infer<typeof ZWizardFinish>;
export type TWizardFinishInput = z.input<typeof ZWizardFinish>;

/**
 * The Finish checks (spec 000 §5): an SI chosen (請選擇SI); the marketing menu (jessica_catering-reviewPlusFB)
 * needs both FB and Google review URLs unless the chatbot is disabled. null = may finish.
 */
export const wizardFinishViolation = (input: {
  siAccountId: number | null | undefined;
  fileName: string;
  fbUrl?: string | null;
  googleReviewUrl?: string | null;
  isChatbotDisabled: boolean;
}): TMessage | null => {
  if (!input.siAccountId) return WIZARD_MESSAGES.chooseSi;
  if (
    input.fileName === MARKETING_FILE_NAME &&
    !input.isChatbotDisabled &&
    (!input.fbUrl?.trim() || !input.googleReviewUrl?.trim())
  )
    return WIZARD_MESSAGES.marketingNeedsLinks;
  return null;
};

/**
 * Wizard defaults of the new business (spec 000 §9): waitingTime 10, resetTime 00:10:00, thresholds 0,
 * deliveryDistanceTh 3 km, timeSectorLength 15, timeSetting 0-24,1, isEatInCash true, every other switch off.
 */
export const WIZARD_BUSINESS_DEFAULTS = {
  waitingTime: 10,
  resetTime: '00:10:00',
  deliveryAmtTh: 0,
  deliveryQtyTh: 0,
  deliveryDistanceTh: 3,
  timeSectorLength: 15,
  timeSetting: '0-24,1',
  isEatInCash: true,
} as const;

/**
 * The example product of the wizard's starter menu (spec 000 §4 default item). Until it is edited it is no
 * menu of the shop's own: the go-live checklist does not count it (shop-profile/go-live-checklist.ts).
 */
export const WIZARD_SAMPLE_PRODUCT = {
  names: { zh: '招牌餐點', en: 'House special' },
  description: {
    zh: '開店精靈建立的範例商品，請修改或刪除。',
    en: 'Made by the wizard: edit or delete it.',
  },
  price: 100,
} as const;

export const ZRichMenuOption = z.object({
  id: z.number().int(),
  displayName: z.string(),
  fileName: z.string(),
  style: ZRichMenuStyle,
  imageUrl: z.string(),
});
export type TRichMenuOption = z.infer<typeof ZRichMenuOption>;

// spec 000 §7 Messaging: GET /gaa/richmenus
export const listRichMenusOp = defineOperation({
  method: 'GET',
  path: '/gaa/richmenus',
  summary: 'Rich-menu styles (basic, marketing, pick-up-cup, retail) with their images',
  spec: '000 §7 Messaging',
  allow: ['gaa', 'si'],
  query: z.object({ type: ZShopKind.optional() }),
  response: z.object({ results: z.array(ZRichMenuOption) }),
});

// spec 000 §7 Messaging: GET /gaa/generator/account-key
export const accountKeyOp = defineOperation({
  method: 'GET',
  path: '/gaa/generator/account-key',
  summary: 'The "no bot" choice: generated channel id, secret and token (never used at LINE)',
  spec: '000 §7 Messaging',
  allow: ['gaa'],
  response: z.object({ channelId: z.string(), channelSecret: z.string(), channelAccessToken: z.string() }),
});

const ZIdParam = z.object({ accountId: z.coerce.number().int().positive().max(2_147_483_647) });
const ZAccountData = z.object({
  data: z.object({
    accountId: z.number().int(),
    businessId: z.number().int(),
    richMenuId: z.string().nullable(),
  }),
});

// spec 000 §7 Messaging: POST /gaa/line-accounts (the wizard's Finish: the whole §4 sequence at once)
export const createLineAccountOp = defineOperation({
  method: 'POST',
  path: '/gaa/line-accounts',
  summary:
    'Wizard Finish: account → business → rich menu (unless the chatbot is disabled) → default item → SI link, all or nothing',
  spec: '000 §7 Messaging, §4 Wizard',
  allow: ['gaa'],
  body: ZWizardFinish,
  response: ZAccountData,
  status: 201,
});

// spec 000 §7 Messaging: POST /gaa/line-accounts/{accountId}/businesses
export const saveLineAccountBusinessOp = defineOperation({
  method: 'POST',
  path: '/gaa/line-accounts/:accountId/businesses',
  summary: "Rewrite a wizard shop's step-2 fields (the wizard itself writes them in POST /gaa/line-accounts)",
  spec: '000 §7 Messaging',
  allow: ['gaa'],
  params: ZIdParam,
  body: ZWizardBusiness,
  response: z.object({ data: z.object({ businessId: z.number().int() }) }),
});

// spec 000 §7 Messaging: POST /gaa/line-accounts/{id}/richmenu
export const applyRichMenuOp = defineOperation({
  method: 'POST',
  path: '/gaa/line-accounts/:accountId/richmenu',
  summary: 'Apply a rich-menu style at LINE (create, upload image, set default; the old one is deleted)',
  spec: '000 §7 Messaging',
  allow: ['gaa'],
  params: ZIdParam,
  body: ZApplyRichMenu,
  response: z.object({ data: z.object({ richMenuId: z.string() }) }),
});

// spec 000 §7 Messaging: POST /gaa/line-accounts/{id}/default-item, empty body
export const defaultItemOp = defineOperation({
  method: 'POST',
  path: '/gaa/line-accounts/:accountId/default-item',
  summary: "The shop's starter menu (one class, one product) when its menu is empty",
  spec: '000 §7 Messaging',
  allow: ['gaa'],
  params: ZIdParam,
  response: z.object({ data: z.object({ created: z.boolean() }) }),
});
