import { z } from 'zod';
import { zQueryId, zText } from '../../../common/bounds';
import { defineOperation } from '../../../common/operation';
import { ZTagName } from './shop-query';

/** spec 002 §9: tag suggestions are limited to 5. */
export const TAG_SUGGESTION_LIMIT = 5;

export const ZTag = z.object({ id: z.number().int(), name: zText() });
export type TTag = z.infer<typeof ZTag>;

export const ZTagSuggestionsRequest = z.object({
  limit: z.coerce.number().int().min(1).max(TAG_SUGGESTION_LIMIT).default(TAG_SUGGESTION_LIMIT),
  keyword: zText().trim().max(20).default(''),
});
export type TTagSuggestionsRequest = z.input<typeof ZTagSuggestionsRequest>;

// spec 002 §7 Tags: GET /gaa/tags/account-tags with limit, keyword.
export const tagSuggestionsOp = defineOperation({
  method: 'GET',
  path: '/gaa/tags/account-tags',
  summary: 'Tag suggestions (names containing the keyword, prefix matches first)',
  spec: '002 §7 Tags',
  allow: ['gaa'],
  query: ZTagSuggestionsRequest,
  response: z.object({ tags: z.array(ZTag) }),
});

const ZShopTagParams = z.object({ shopId: zQueryId() });
export const ZShopTagBody = z.object({ tagName: ZTagName });
export type TShopTagBody = z.infer<typeof ZShopTagBody>;
/** The shop's tags after the change, sorted by name. */
const ZShopTagsResponse = z.object({ accountId: z.number().int(), tags: z.array(zText()) });

// spec 002 §7 Tags: POST /gaa/tags/shops/{shopId} with tagName. A new name creates the tag.
export const addShopTagOp = defineOperation({
  method: 'POST',
  path: '/gaa/tags/shops/:shopId',
  summary: 'Tag a shop',
  spec: '002 §7 Tags',
  allow: ['gaa'],
  params: ZShopTagParams,
  body: ZShopTagBody,
  response: ZShopTagsResponse,
  status: 201,
});

// spec 002 §7 Tags: DELETE /gaa/tags/shops/{shopId} with tagName (in the query: a DELETE carries no body).
export const removeShopTagOp = defineOperation({
  method: 'DELETE',
  path: '/gaa/tags/shops/:shopId',
  summary: 'Remove a tag from a shop',
  spec: '002 §7 Tags',
  allow: ['gaa'],
  params: ZShopTagParams,
  query: ZShopTagBody,
  response: ZShopTagsResponse,
});
