import {
  describePromotion,
  PROMOTION_MESSAGES as M,
  type TPromotionInput,
  type TPromotionList,
  toRule,
} from '@shopdesk/contract';
import type { Db } from '../../../db/client';
import { ApiError, badRequest } from '../../../http/errors';
import { inTx } from '../../menus/menus/menu-access';
import type { AuditActor } from '../../platform/audit/write-audit';
import { writeAudit } from '../../platform/audit/write-audit';
import {
  findPromotion,
  insertPromotion,
  listPromotionRows,
  presentPromotion,
  removePromotion,
  updateEnabled,
} from './promotion-store';

const AUDIT = { resourceCode: 'promotion', displayName: '優惠活動' } as const;
const notFound = () => new ApiError(404, 'NOT_FOUND', M.notFound);

export const listPromotions = async (
  db: Db,
  accountId: number,
  q: { keyword?: string; offset: number; limit: number },
): Promise<TPromotionList> => {
  const { total, rows } = await listPromotionRows(db, accountId, q);
  return { total, promotions: rows.map(presentPromotion) };
};

/** spec 002 §4: created disabled; the description is the engine's (contract describePromotion). */
export const createPromotion = async (
  db: Db,
  actor: AuditActor,
  accountId: number,
  body: { businessId: number; promotion: TPromotionInput },
) => {
  if (body.businessId !== accountId)
    throw badRequest({ zh: 'businessId 與網址不符', en: 'businessId does not match the path' }, 'businessId');
  const description = describePromotion(toRule(0, body.promotion));
  return inTx(db, async (tx) => {
    const row = await insertPromotion(tx, accountId, body.promotion, description);
    await writeAudit(tx, actor, {
      ...AUDIT,
      accountId,
      action: 'create',
      displayLog: `新增優惠活動「${row.displayName}」：${description}`,
      target: { table: 'promotions', id: row.id },
      newValue: body.promotion,
    });
    return { insertId: row.id };
  });
};

export const setPromotionEnabled = async (
  db: Db,
  actor: AuditActor,
  accountId: number,
  id: number,
  body: { id: number; businessId: number; enabled?: boolean },
) => {
  if (body.id !== id || body.businessId !== accountId)
    throw badRequest({ zh: 'id 或 businessId 與網址不符', en: 'id or businessId does not match the path' });
  return inTx(db, async (tx) => {
    const row = await findPromotion(tx, accountId, id);
    if (!row) throw notFound();
    const enabled = body.enabled ?? !row.enabled;
    if (enabled !== row.enabled) {
      await updateEnabled(tx, id, enabled);
      await writeAudit(tx, actor, {
        ...AUDIT,
        accountId,
        action: 'update',
        displayLog: `優惠活動「${row.displayName}」：${enabled ? '啟用' : '停用'}`,
        target: { table: 'promotions', key: 'enabled', id },
        oldValue: row.enabled,
        newValue: enabled,
      });
    }
    return { id, enabled };
  });
};

export const deletePromotion = async (db: Db, actor: AuditActor, accountId: number, id: number) =>
  inTx(db, async (tx) => {
    const row = await findPromotion(tx, accountId, id);
    if (!row) throw notFound();
    await removePromotion(tx, id);
    await writeAudit(tx, actor, {
      ...AUDIT,
      accountId,
      action: 'delete',
      displayLog: `刪除優惠活動「${row.displayName}」`,
      target: { table: 'promotions', id },
      oldValue: presentPromotion(row),
    });
    return { id };
  });
