import { z } from 'zod';
import { zQueryId, zText } from '../../../common/bounds';
import { msg } from '../../../common/errors';
import { ZUserType } from '../../../common/user-types';

/**
 * The menu data model (spec 000 §2 /menu-management, 002 §3 "Product class: sku, nameArr").
 * The spec does not show the screens or calls: docs/decisions/menus.md "Menus" explains the choices.
 */

/** Who reaches /menu-management (spec 000 §2, routes.tsv: gaa si eaa line). */
export const MENU_USER_TYPES = ['gaa', 'si', 'eaa', 'line'] as const;
/** Copying a menu between shops is for the operators of several shops' accounts (gaa, si). */
export const MENU_COPY_USER_TYPES = ['gaa', 'si'] as const;

/** Meal types as the shop settings name them (spec 001 §2.2 default_meal_type). */
export const MEAL_TYPES = ['eat_in', 'to_go', 'delivery'] as const;
export const ZMealType = z.enum(MEAL_TYPES);
export type TMealType = z.infer<typeof ZMealType>;

export const MENU_LIMITS = {
  classesPerShop: 100,
  productsPerShop: 1000,
  groupsPerProduct: 20,
  optionsPerGroup: 50,
  nameLength: 50,
  descriptionLength: 500,
  maxPrice: 1_000_000,
  maxCalories: 10_000,
  maxStock: 1_000_000,
  /** Image upload: at most 2 MB, png / jpeg / webp checked by their first bytes. */
  imageBytes: 2 * 1024 * 1024,
} as const;

export const MENU_MESSAGES = {
  nameRequired: msg('請輸入中文名稱', 'Please enter the Chinese name'),
  nameTooLong: msg('名稱最多 50 個字', 'Names are at most 50 characters'),
  descriptionTooLong: msg('說明最多 500 個字', 'Descriptions are at most 500 characters'),
  skuRule: msg('分類編號須為 1–32 個英文字母、數字、- 或 _', 'Class codes are 1–32 letters, digits, - or _'),
  skuTaken: msg('此分類編號已存在', 'This class code is already used in this shop'),
  priceRule: msg('價格須為 0 以上的整數', 'Prices are whole numbers of at least 0'),
  priceDeltaRule: msg('加價須為整數', 'Price changes are whole numbers'),
  caloriesRule: msg('熱量須為 0 以上的整數', 'Calories are whole numbers of at least 0'),
  stockRule: msg('庫存須為 0 以上的整數', 'Stock is a whole number of at least 0'),
  mealTypeRequired: msg('請至少選擇一種供應方式', 'Choose at least one meal type'),
  minMaxRule: msg('最少選擇數不可大於最多選擇數', 'The minimum cannot be larger than the maximum'),
  singleMaxRule: msg('單選的最多選擇數須為 1', 'A single-choice group allows at most 1 choice'),
  countRule: msg('選擇數須為 0–50 的整數', 'Choice counts are whole numbers from 0 to 50'),
  classRequired: msg('請選擇分類', 'Please choose a class'),
  classNotEmpty: msg(
    '此分類仍有商品，請先移動或刪除商品',
    'This class still has products: move or delete them first',
  ),
  orderMismatch: msg('排序清單與目前資料不符，請重新整理', 'The order list does not match, please reload'),
  tooManyClasses: msg('每間商店最多 100 個分類', 'A shop may have at most 100 classes'),
  tooManyProducts: msg('每間商店最多 1000 個商品', 'A shop may have at most 1000 products'),
  tooManyGroups: msg('每個商品最多 20 個選項群組', 'A product may have at most 20 option groups'),
  tooManyOptions: msg('每個選項群組最多 50 個選項', 'An option group may have at most 50 options'),
  imageType: msg('圖片格式須為 PNG、JPEG 或 WebP', 'Images must be PNG, JPEG or WebP'),
  imageSize: msg('圖片大小不可超過 2 MB', 'Images may be at most 2 MB'),
  imageMissing: msg('請選擇圖片檔案', 'Please choose an image file'),
  imageUnknown: msg('找不到此圖片，請重新上傳', 'Image not found, please upload it again'),
  selectionRequired: msg('請至少選擇一個商品', 'Select at least one product'),
  copySameShop: msg('不可從同一間商店複製菜單', 'Choose another shop to copy from'),
  saved: msg('已儲存', 'Saved'),
  deleted: msg('已刪除', 'Deleted'),
} as const;

/** Names in zh-TW and en (the spec's nameArr, 002 §3): zh is required, en falls back to zh when empty. */
export const ZNames = z.object({
  zh: zText(undefined, { error: MENU_MESSAGES.nameRequired.zh })
    .trim()
    .min(1, MENU_MESSAGES.nameRequired.zh)
    .max(MENU_LIMITS.nameLength, MENU_MESSAGES.nameTooLong.zh),
  en: zText().trim().max(MENU_LIMITS.nameLength, MENU_MESSAGES.nameTooLong.zh).default(''),
});
export type TNames = z.output<typeof ZNames>;

export const ZDescription = z.object({
  zh: zText().trim().max(MENU_LIMITS.descriptionLength, MENU_MESSAGES.descriptionTooLong.zh).default(''),
  en: zText().trim().max(MENU_LIMITS.descriptionLength, MENU_MESSAGES.descriptionTooLong.zh).default(''),
});

export const ZSku = zText(undefined, { error: MENU_MESSAGES.skuRule.zh })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,32}$/, MENU_MESSAGES.skuRule.zh);

const wholeNumber = (rule: { zh: string }, min: number, max: number) =>
  z.number({ error: rule.zh }).int(rule.zh).min(min, rule.zh).max(max, rule.zh);

export const ZPrice = wholeNumber(MENU_MESSAGES.priceRule, 0, MENU_LIMITS.maxPrice);
export const ZPriceDelta = wholeNumber(
  MENU_MESSAGES.priceDeltaRule,
  -MENU_LIMITS.maxPrice,
  MENU_LIMITS.maxPrice,
);
export const ZCalories = wholeNumber(MENU_MESSAGES.caloriesRule, 0, MENU_LIMITS.maxCalories);
export const ZStock = wholeNumber(MENU_MESSAGES.stockRule, 0, MENU_LIMITS.maxStock);
export const ZChoiceCount = wholeNumber(MENU_MESSAGES.countRule, 0, MENU_LIMITS.optionsPerGroup);
export const ZMealTypes = z
  .array(ZMealType)
  .max(10)
  .min(1, MENU_MESSAGES.mealTypeRequired.zh)
  .transform((list) => MEAL_TYPES.filter((m) => list.includes(m)));

/** A stored image: the server names uploads by the SHA-256 of their bytes (docs/decisions/menus.md "Menus"). */
export const ZImageName = zText().regex(/^[a-f0-9]{64}\.(png|jpg|webp)$/, MENU_MESSAGES.imageUnknown.zh);

export const ZId = zQueryId();
export const ZMenuParams = z.object({ type: ZUserType, accountId: ZId });

export const ZMenuOption = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  names: ZNames,
  priceDelta: z.number().int(),
  soldOut: z.boolean(),
  position: z.number().int(),
});
export type TMenuOption = z.infer<typeof ZMenuOption>;

export const OPTION_GROUP_KINDS = ['single', 'multiple'] as const;
export const ZOptionGroupKind = z.enum(OPTION_GROUP_KINDS);

export const ZMenuOptionGroup = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  names: ZNames,
  kind: ZOptionGroupKind,
  minSelect: z.number().int(),
  maxSelect: z.number().int(),
  position: z.number().int(),
  options: z.array(ZMenuOption),
});
export type TMenuOptionGroup = z.infer<typeof ZMenuOptionGroup>;

export const ZMenuProduct = z.object({
  id: z.number().int(),
  classId: z.number().int(),
  names: ZNames,
  description: ZDescription,
  price: z.number().int(),
  image: zText().nullable(),
  /** Public read path of the image (docs/decisions/menus.md "Menus"). */
  imageUrl: zText().nullable(),
  calories: z.number().int().nullable(),
  mealTypes: z.array(ZMealType).max(10),
  /** null = unlimited. */
  dailyStock: z.number().int().nullable(),
  stockLeft: z.number().int().nullable(),
  soldOut: z.boolean(),
  position: z.number().int(),
  optionGroups: z.array(ZMenuOptionGroup),
});
export type TMenuProduct = z.infer<typeof ZMenuProduct>;

export const ZMenuClass = z.object({
  id: z.number().int(),
  sku: zText(),
  names: ZNames,
  position: z.number().int(),
});
export type TMenuClass = z.infer<typeof ZMenuClass>;

/** The shop switches the editor needs (spec 001 §2.2: is_calorie, is_auto_restore_stock, reset_time). */
export const ZMenuShop = z.object({
  accountId: z.number().int(),
  name: zText(),
  isCalorie: z.boolean(),
  isAutoRestoreStock: z.boolean(),
  resetTime: zText(),
  /** The meal types the shop serves (isEatIn, isToGo, isDelivery). */
  mealTypes: z.array(ZMealType).max(10),
});
export type TMenuShop = z.infer<typeof ZMenuShop>;
