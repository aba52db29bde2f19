import { SHOP_SETTINGS_MESSAGES as M } from '@shopdesk/contract';
import { conflict } from '../../../http/errors';
import { sameValue } from '../../shops/shop-settings/audit-values';

/**
 * A write asked for by a Record-tab revert (ours, docs/decisions/shops.md "Shop settings" Revert): the record it
 * undoes and the value the record left behind. A feature's own write takes it as an option so the check,
 * the write and the audit record (revertOf) share one transaction and the feature's rules.
 */
export type TRevert = { recordId: number; expected: unknown };

/** 409 when the row no longer holds what the record wrote (changed or gone since). */
export const assertUnchanged = (revert: TRevert | undefined, current: unknown) => {
  if (revert && !sameValue(current, revert.expected)) throw conflict(M.revertChanged);
};

/** 409 for a revert whose target is missing (a row already deleted, a day off already gone). */
export const revertGone = () => conflict(M.revertChanged);
