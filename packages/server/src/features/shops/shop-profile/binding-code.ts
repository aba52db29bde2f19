import { randomInt } from 'node:crypto';
import { formatTaipeiTime, type TBindingCodeResponse } from '@shopdesk/contract';
import type { Db } from '../../../db/client';
import type { SessionUser } from '../../../identity/session-store';
import { writeAudit } from '../../platform/audit/write-audit';
import { bindingCodeInUse, loadShop, saveBindingCode } from './shop-store';

/** A new binding code is valid for 7 days (the spec gives no period: docs/decisions/shops.md "Shop profile"). */
export const BINDING_CODE_VALID_MS = 7 * 24 * 60 * 60 * 1000;
const ATTEMPTS = 20;

/** Six digits without a leading zero, so it reads the same typed as a number. */
const sixDigits = () => String(randomInt(100_000, 1_000_000));

/**
 * Regenerates a shop's binding code (spec 000 §4, §7 POST /{type}/shops/{accountId}/code): a 6-digit code that
 * no other shop holds unexpired, valid for 7 days; the old code stops working at once.
 */
export const regenerateBindingCode = async (
  db: Db,
  user: SessionUser,
  accountId: number,
): Promise<TBindingCodeResponse> =>
  db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const stored = await loadShop(tx, accountId, { lock: true });
    let code = sixDigits();
    for (
      let i = 1;
      i < ATTEMPTS && (code === stored.data.code || (await bindingCodeInUse(tx, code, accountId)));
      i++
    ) {
      code = sixDigits();
    }
    const expiresAt = new Date(Date.now() + BINDING_CODE_VALID_MS);
    await saveBindingCode(tx, accountId, code, expiresAt);
    const oldValue = { code: stored.data.code, expiredTime: stored.codeExpiresAt?.toISOString() ?? null };
    const newValue = { code, expiredTime: expiresAt.toISOString() };
    await writeAudit(tx, user, {
      accountId,
      resourceCode: 'accounts',
      action: 'update',
      displayName: '綁定碼',
      displayLog: `綁定碼：${oldValue.code ?? '（空）'} → ${code}（有效至 ${formatTaipeiTime(expiresAt)}）`,
      target: { table: 'accounts', key: 'code', id: accountId },
      oldValue,
      newValue,
    });
    return { results: newValue };
  });
