import { z } from 'zod';
import { defineOperation } from '../../../common/operation';
import { ZOk, ZReorderRequest } from './menu-classes';
import {
  MENU_MESSAGES,
  MENU_USER_TYPES,
  ZChoiceCount,
  ZId,
  ZMenuOption,
  ZMenuOptionGroup,
  ZMenuParams,
  ZNames,
  ZOptionGroupKind,
  ZPriceDelta,
} from './menu-model';

type TChoiceRule = { kind?: 'single' | 'multiple'; minSelect?: number; maxSelect?: number };

/** Option-group choice rules: min ≤ max, a single-choice group allows at most 1. */
export const choiceRuleIssue = (g: Required<TChoiceRule>) => {
  if (g.kind === 'single' && g.maxSelect !== 1)
    return { message: MENU_MESSAGES.singleMaxRule, field: 'maxSelect' as const };
  if (g.minSelect > g.maxSelect) return { message: MENU_MESSAGES.minMaxRule, field: 'minSelect' as const };
  return null;
};

/**
 * A product nobody can order: one of its groups asks for more choices than it has options (a required group
 * left empty, min 1 with options []). Intake would refuse every order of it (OPTION_COUNT), so the storefront
 * menu leaves it out (docs/decisions/menus.md "Option groups").
 */
export const cannotBeOrdered = (groups: readonly { minSelect: number; options: readonly unknown[] }[]) =>
  groups.some((g) => g.options.length < g.minSelect);

const groupFields = {
  names: ZNames,
  kind: ZOptionGroupKind,
  /** 0 = optional; 1 or more = the customer must choose at least that many. */
  minSelect: ZChoiceCount,
  maxSelect: ZChoiceCount,
};

export const ZCreateOptionGroupRequest = z.object(groupFields).superRefine((g, ctx) => {
  const issue = choiceRuleIssue(g);
  if (issue) ctx.addIssue({ code: 'custom', message: issue.message.zh, path: [issue.field] });
});
export type TCreateOptionGroupRequest = z.input<typeof ZCreateOptionGroupRequest>;

/** Partial: the server checks the rules again on the merged group. */
export const ZUpdateOptionGroupRequest = z.object(groupFields).partial();
export type TUpdateOptionGroupRequest = z.input<typeof ZUpdateOptionGroupRequest>;

const optionFields = {
  names: ZNames,
  /** NT$ added to the product price when chosen (negative for a cheaper choice, e.g. a small cup). */
  priceDelta: ZPriceDelta.default(0),
  soldOut: z.boolean().default(false),
};
export const ZCreateOptionRequest = z.object(optionFields);
export type TCreateOptionRequest = z.input<typeof ZCreateOptionRequest>;
export const ZUpdateOptionRequest = z.object({
  names: ZNames.optional(),
  priceDelta: ZPriceDelta.optional(),
  soldOut: z.boolean().optional(),
});
export type TUpdateOptionRequest = z.input<typeof ZUpdateOptionRequest>;

const ZProductParams = ZMenuParams.extend({ productId: ZId });
const ZGroupParams = ZMenuParams.extend({ groupId: ZId });
const ZGroupResponse = z.object({ group: ZMenuOptionGroup });
const ZOptionResponse = z.object({ option: ZMenuOption });

export const createOptionGroupOp = defineOperation({
  method: 'POST',
  path: '/:type/shops/:accountId/menu/products/:productId/option-groups',
  summary: 'Add an option group (single or multiple choice) to a product',
  allow: MENU_USER_TYPES,
  params: ZProductParams,
  body: ZCreateOptionGroupRequest,
  response: ZGroupResponse,
  status: 201,
});

export const updateOptionGroupOp = defineOperation({
  method: 'PATCH',
  path: '/:type/shops/:accountId/menu/option-groups/:groupId',
  summary: "Change an option group's names, kind or min/max",
  allow: MENU_USER_TYPES,
  params: ZGroupParams,
  body: ZUpdateOptionGroupRequest,
  response: ZGroupResponse,
});

export const deleteOptionGroupOp = defineOperation({
  method: 'DELETE',
  path: '/:type/shops/:accountId/menu/option-groups/:groupId',
  summary: 'Delete an option group and its options',
  allow: MENU_USER_TYPES,
  params: ZGroupParams,
  response: ZOk,
});

export const reorderOptionGroupsOp = defineOperation({
  method: 'PUT',
  path: '/:type/shops/:accountId/menu/products/:productId/option-groups/order',
  summary: 'Set the order of the option groups of a product',
  allow: MENU_USER_TYPES,
  params: ZProductParams,
  body: ZReorderRequest,
  response: ZOk,
});

export const createOptionOp = defineOperation({
  method: 'POST',
  path: '/:type/shops/:accountId/menu/option-groups/:groupId/options',
  summary: 'Add an option to a group',
  allow: MENU_USER_TYPES,
  params: ZGroupParams,
  body: ZCreateOptionRequest,
  response: ZOptionResponse,
  status: 201,
});

const ZOptionParams = ZMenuParams.extend({ optionId: ZId });

export const updateOptionOp = defineOperation({
  method: 'PATCH',
  path: '/:type/shops/:accountId/menu/options/:optionId',
  summary: "Change an option's names, price change or sold-out mark",
  allow: MENU_USER_TYPES,
  params: ZOptionParams,
  body: ZUpdateOptionRequest,
  response: ZOptionResponse,
});

export const deleteOptionOp = defineOperation({
  method: 'DELETE',
  path: '/:type/shops/:accountId/menu/options/:optionId',
  summary: 'Delete an option',
  allow: MENU_USER_TYPES,
  params: ZOptionParams,
  response: ZOk,
});

export const reorderOptionsOp = defineOperation({
  method: 'PUT',
  path: '/:type/shops/:accountId/menu/option-groups/:groupId/options/order',
  summary: 'Set the order of the options of a group',
  allow: MENU_USER_TYPES,
  params: ZGroupParams,
  body: ZReorderRequest,
  response: ZOk,
});
