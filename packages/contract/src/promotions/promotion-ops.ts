import { z } from 'zod';
import { zQueryId, zText } from '../common/bounds';
import { defineOperation } from '../common/operation';
import { ZMealSettingShape, ZPromotionInput, ZSimpleContent } from './promotion-model';

/** spec 002 §7 Promotions: the same calls under /gaa and /eaa (routes.tsv: gaa and eaa pages). */
export const PROMOTION_PORTALS = ['gaa', 'eaa'] as const;
export const ZPromotionPortal = z.enum(PROMOTION_PORTALS);
const ZDbId = zQueryId().max(2_147_483_647);

/** spec 002 §3 Promotion, as the list answers it; `form` tells which form made it. */
export const ZPromotion = z.object({
  id: z.number().int(),
  businessId: z.number().int(),
  form: z.enum(['simple', 'config']),
  displayName: zText(),
  description: zText(),
  class: z.literal('common'),
  enabled: z.boolean(),
  /** Simple form only: 1 = round half up, 0 = round down. */
  roundingType: z.number().int().nullable(),
  content: ZSimpleContent.nullable(),
  settings: z.record(zText(), ZMealSettingShape).nullable(),
  duration: z.object({ start: zText(), end: zText() }),
  /** Orders that used it so far (counted against totalUsage). */
  usedCount: z.number().int(),
  createdAt: zText(),
});
export type TPromotion = z.infer<typeof ZPromotion>;

const ZShopParams = z.object({ type: ZPromotionPortal, businessId: ZDbId });
const ZPromoParams = ZShopParams.extend({ id: ZDbId });

export const ZPromotionListQuery = z.object({
  keyword: zText().trim().max(50).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(50).default(15),
});
export const ZPromotionList = z.object({ total: z.number().int(), promotions: z.array(ZPromotion) });
export type TPromotionList = z.infer<typeof ZPromotionList>;

export const listPromotionsOp = defineOperation({
  method: 'GET',
  path: '/:type/shops/:businessId/promotions',
  summary: "A shop's promotions (search by name or description)",
  spec: '002 §7 Promotions',
  allow: PROMOTION_PORTALS,
  params: ZShopParams,
  query: ZPromotionListQuery,
  response: ZPromotionList,
});

/** spec 002 §7: POST body businessId and promotion; returns insertId. */
export const ZCreatePromotionRequest = z.object({ businessId: ZDbId, promotion: ZPromotionInput });
export type TCreatePromotionRequest = z.input<typeof ZCreatePromotionRequest>;

export const createPromotionOp = defineOperation({
  method: 'POST',
  path: '/:type/shops/:businessId/promotions',
  summary: 'Create a promotion (created disabled)',
  spec: '002 §7 Promotions',
  allow: PROMOTION_PORTALS,
  params: ZShopParams,
  body: ZCreatePromotionRequest,
  response: z.object({ insertId: z.number().int() }),
  status: 201,
});

/** spec 002 §7: the toggle's body includes id, class, businessId; `enabled` absent = flip. */
export const ZPromotionSettingRequest = z.object({
  id: ZDbId,
  class: z.literal('common').default('common'),
  businessId: ZDbId,
  enabled: z.boolean().optional(),
});

export const setPromotionEnabledOp = defineOperation({
  method: 'POST',
  path: '/:type/shops/:businessId/promotions/:id/setting',
  summary: 'Turn a promotion on or off',
  spec: '002 §7 Promotions',
  allow: PROMOTION_PORTALS,
  params: ZPromoParams,
  body: ZPromotionSettingRequest,
  response: z.object({ id: z.number().int(), enabled: z.boolean() }),
});

export const deletePromotionOp = defineOperation({
  method: 'DELETE',
  path: '/:type/shops/:businessId/promotions/:id',
  summary: 'Delete a promotion',
  spec: '002 §7 Promotions',
  allow: PROMOTION_PORTALS,
  params: ZPromoParams,
  response: z.object({ id: z.number().int() }),
});
