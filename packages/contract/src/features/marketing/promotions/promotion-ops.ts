import { z } from 'zod';
import { zQueryId, zText } from '../../../common/bounds';
import { defineOperation } from '../../../common/operation';
import { COMPUTE_MODULES } from './promotion-formula';
import { ZMealSettingShape, ZPromotionInput, ZSimpleContent } from './promotion-model';

/** spec 002 §7 Promotions: the same calls under /gaa and /eaa (routes.tsv: gaa and eaa pages). */
export const PROMOTION_PORTALS = ['gaa', 'eaa'] as const;
const ZDbId = zQueryId().max(2_147_483_647);

export const ZStoredFormulas = z.object({ condition: zText().nullable(), discount: zText().nullable() });

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
  /** Configuration form only (null for the simple form): what the engine evaluates beside the settings. */
  formulas: ZStoredFormulas.nullable(),
  computeModules: z.array(z.enum(COMPUTE_MODULES)),
  /** Orders that used it so far (counted against totalUsage). */
  usedCount: z.number().int(),
  createdAt: zText(),
});
export type TPromotion = z.infer<typeof ZPromotion>;

const ZShopParams = z.object({ businessId: ZDbId });
const ZPromoParams = ZShopParams.extend({ id: ZDbId });
export type TPromotionPortal = (typeof PROMOTION_PORTALS)[number];

export const ZPromotionListQuery = z.object({
  keyword: zText().trim().max(50).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(50).default(15),
});
export const ZPromotionList = z.object({ total: z.number().int(), promotions: z.array(ZPromotion) });
export type TPromotionList = z.infer<typeof ZPromotionList>;

const listPromotionsOp = (portal: TPromotionPortal) =>
  defineOperation({
    method: 'GET',
    path: `/${portal}/shops/:businessId/promotions`,
    summary: "A shop's promotions (search by name or description)",
    spec: '002 §7 Promotions',
    allow: [portal],
    params: ZShopParams,
    query: ZPromotionListQuery,
    response: ZPromotionList,
  });

/** spec 002 §7: POST body businessId and promotion; returns insertId. */
export const ZCreatePromotionRequest = z.object({ businessId: ZDbId, promotion: ZPromotionInput });
export type TCreatePromotionRequest = z.input<typeof ZCreatePromotionRequest>;

const createPromotionOp = (portal: TPromotionPortal) =>
  defineOperation({
    method: 'POST',
    path: `/${portal}/shops/:businessId/promotions`,
    summary: 'Create a promotion (created disabled)',
    spec: '002 §7 Promotions',
    allow: [portal],
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

const setPromotionEnabledOp = (portal: TPromotionPortal) =>
  defineOperation({
    method: 'POST',
    path: `/${portal}/shops/:businessId/promotions/:id/setting`,
    summary: 'Turn a promotion on or off',
    spec: '002 §7 Promotions',
    allow: [portal],
    params: ZPromoParams,
    body: ZPromotionSettingRequest,
    response: z.object({ id: z.number().int(), enabled: z.boolean() }),
  });

const deletePromotionOp = (portal: TPromotionPortal) =>
  defineOperation({
    method: 'DELETE',
    path: `/${portal}/shops/:businessId/promotions/:id`,
    summary: 'Delete a promotion',
    spec: '002 §7 Promotions',
    allow: [portal],
    params: ZPromoParams,
    response: z.object({ id: z.number().int() }),
  });

const opsFor = (portal: TPromotionPortal) => ({
  list: listPromotionsOp(portal),
  create: createPromotionOp(portal),
  setEnabled: setPromotionEnabledOp(portal),
  remove: deletePromotionOp(portal),
});
/**
 * The calls of spec 002 §7 Promotions, once under /gaa and once under /eaa, with the spec's literal paths
 * (each portal's operations allow that portal only).
 */
export const PROMOTION_OPS = { gaa: opsFor('gaa'), eaa: opsFor('eaa') } as const;
