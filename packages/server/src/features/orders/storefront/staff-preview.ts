import {
  STAFF_PREVIEW_HOURS,
  STAFF_PREVIEW_PARAM,
  STAFF_PREVIEW_PURPOSE,
  TEST_ORDER_MESSAGES,
} from '@shopdesk/contract';
import { ApiError } from '../../../http/errors';
import { signLink, verifyLink } from '../../../lib/signed-link';

/**
 * Staff test orders (docs/decisions/orders.md "Go-live status and test orders"): the board's 測試點餐 button signs a
 * link to the shop's customer app for its own shop only; intake takes an order carrying its token as a
 * test order, live or not.
 */
export const createStaffPreviewLink = (secret: string, accountId: number, now = new Date()) => {
  const expiresAt = new Date(now.getTime() + STAFF_PREVIEW_HOURS * 3_600_000);
  const token = signLink(secret, STAFF_PREVIEW_PURPOSE, { accountId }, expiresAt);
  return {
    path: `/shop/${accountId}/?${STAFF_PREVIEW_PARAM}=${encodeURIComponent(token)}`,
    token,
    expiresAt: expiresAt.toISOString(),
  };
};

/**
 * Whether a call is a staff test: no token = a public order (false); a token valid for this shop = true;
 * any other token (forged, expired, another shop's) is refused with 403, so a stale link never turns into a
 * public order that counts in the reports.
 */
export const isStaffTest = (secret: string, accountId: number, token: string | undefined): boolean => {
  if (token === undefined || token === '') return false;
  const link = verifyLink(secret, STAFF_PREVIEW_PURPOSE, token);
  if (!link || Number(link.accountId) !== accountId)
    throw new ApiError(403, 'STAFF_PREVIEW_EXPIRED', TEST_ORDER_MESSAGES.previewExpired);
  return true;
};
