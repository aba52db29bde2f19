import { isDeepStrictEqual } from 'node:util';
import {
  BUSINESS_FIELD_LABELS,
  ERROR_CODES,
  fieldMessages,
  mayEditField,
  READ_ONLY_FIELDS,
  type TBusinessData,
  type TShopResponse,
  validateBusiness,
} from '@shopdesk/contract';
import type { Db } from '../../../db/client';
import { ApiError, badRequest } from '../../../http/errors';
import type { SessionUser } from '../../../identity/session-store';
import { writeAudit } from '../../platform/audit/write-audit';
import { changeLine } from './audit-lines';
import { BUSINESS_FIELDS, COLUMNS } from './business-columns';
import { loadShop, type StoredShop, writeShopFields } from './shop-store';

const present = (s: StoredShop): TShopResponse => ({
  accountId: s.accountId,
  kind: s.kind,
  businessData: s.data,
  codeExpiredTime: s.codeExpiresAt?.toISOString() ?? null,
});

export const getShop = async (db: Db, accountId: number) => present(await loadShop(db, accountId));

/**
 * Saves the shop edit form (spec 000 §7 PUT /{type}/shops/{businessId}), in one transaction:
 * - fields written elsewhere (binding code, channel ids, SI, time zone, legacy time text) keep their stored
 *   value, so a form opened before a binding-code renewal still saves;
 * - a change to a field the caller's type may not edit (spec 000 §6) is refused with 403 naming the field;
 * - the rules of spec 000 §5 / 001 §5 are checked again with the contract's validateBusiness (400 + message);
 * - each changed field is written and audited (old → new).
 */
export const saveShop = async (db: Db, user: SessionUser, accountId: number, submitted: TBusinessData) =>
  db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const stored = await loadShop(tx, accountId, { lock: true });
    const next: TBusinessData = { ...submitted };
    for (const field of READ_ONLY_FIELDS) Object.assign(next, { [field]: stored.data[field] });

    const changed = BUSINESS_FIELDS.filter((f) => !isDeepStrictEqual(stored.data[f], next[f]));
    const refused = changed.find((f) => !mayEditField(user.type, f));
    if (refused) {
      throw new ApiError(
        403,
        ERROR_CODES.forbidden,
        fieldMessages.forbidden(BUSINESS_FIELD_LABELS[refused]),
        refused,
      );
    }
    const violation = validateBusiness(next);
    if (violation) throw badRequest(violation.message, violation.field);
    if (changed.length === 0) return present(stored);

    await writeShopFields(tx, accountId, Object.fromEntries(changed.map((f) => [f, next[f]])));
    for (const field of changed) {
      const { table, name } = COLUMNS[field];
      await writeAudit(tx, user, {
        accountId,
        resourceCode: table === 'accounts' ? 'accounts' : 'business',
        action: 'update',
        displayName: BUSINESS_FIELD_LABELS[field].zh,
        displayLog: changeLine(field, stored.data[field], next[field]),
        target: { table, key: name, id: accountId },
        oldValue: stored.data[field],
        newValue: next[field],
      });
    }
    return present({ ...stored, data: next });
  });
