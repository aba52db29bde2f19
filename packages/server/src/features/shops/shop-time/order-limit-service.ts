import {
  duplicateLimit,
  ORDER_LIMIT_MESSAGES,
  type TOrderLimit,
  type TOrderLimitData,
} from '@shopdesk/contract';
import type { Db } from '../../../db/client';
import { badRequest, conflict, notFound } from '../../../http/errors';
import type { SessionUser } from '../../../identity/session-store';
import { assertUnchanged, revertGone, type TRevert } from '../../platform/audit/revert-guard';
import { writeAudit } from '../../platform/audit/write-audit';
import { findLimit, insertLimit, listLimits, removeLimit, updateLimit } from './order-limit-store';

/**
 * The four order-limit services behind every path the spec names (000 §7, 001 §7, 002 §7). Each write is
 * audited in its transaction with the old and new limit.
 */
const MEAL = { eat_in: '內用', to_go: '自取', delivery: '外送' } as const;
const DAYS = ['日', '一', '二', '三', '四', '五', '六'];
const describe = (l: Omit<TOrderLimit, 'id' | 'account_id'>) =>
  `${MEAL[l.meal_type]} 星期${l.period_session.map((d) => DAYS[d]).join('')} ` +
  `${l.time_session.start}-${l.time_session.end} 每${l.session_time}分鐘${l.max_num_of_order}單`;

const audit = (
  tx: Db,
  user: SessionUser,
  accountId: number,
  action: 'create' | 'update' | 'delete',
  id: number,
  oldValue: TOrderLimit | null,
  newValue: TOrderLimit | null,
  revertOf?: number,
) =>
  writeAudit(tx, user, {
    accountId,
    resourceCode: 'order-limits',
    action,
    displayName: '流量控制',
    displayLog: [oldValue && describe(oldValue), newValue && describe(newValue)].filter(Boolean).join(' → '),
    target: { table: 'order_limits', id },
    oldValue,
    newValue,
    revertOf,
  });

/** spec-less but plain: a second limit on the same slots is refused (409). */
const checkDuplicate = async (tx: Db, accountId: number, data: TOrderLimitData, exceptId?: number) => {
  if (duplicateLimit(await listLimits(tx, accountId), data, exceptId))
    throw conflict(ORDER_LIMIT_MESSAGES.duplicate);
};

/** account_id in the body, when sent, must name the path's shop. */
const checkAccount = (accountId: number, data: TOrderLimitData) => {
  if (data.account_id !== undefined && data.account_id !== accountId)
    throw badRequest(ORDER_LIMIT_MESSAGES.accountMismatch, 'account_id');
};

export const listOrderLimits = async (db: Db, accountId: number) => ({
  orderLimits: await listLimits(db, accountId),
});

export const getOrderLimit = async (db: Db, accountId: number, id: number) => {
  const orderLimit = await findLimit(db, accountId, id);
  if (!orderLimit) throw notFound();
  return { orderLimit };
};

/**
 * `revert` (Record tab, ours): the write undoes that record; an update or delete is refused with 409 when the
 * limit is gone or no longer the record's new value.
 */
export const createOrderLimit = (
  db: Db,
  user: SessionUser,
  accountId: number,
  data: TOrderLimitData,
  revert?: TRevert,
) => {
  checkAccount(accountId, data);
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await checkDuplicate(tx, accountId, data);
    const created = await insertLimit(tx, accountId, data);
    await audit(tx, user, accountId, 'create', created.id, null, created, revert?.recordId);
    return { insertId: created.id };
  });
};

export const updateOrderLimit = (
  db: Db,
  user: SessionUser,
  accountId: number,
  id: number,
  data: TOrderLimitData,
  revert?: TRevert,
) => {
  checkAccount(accountId, data);
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const before = await findLimit(tx, accountId, id, true);
    if (!before) throw revert ? revertGone() : notFound();
    assertUnchanged(revert, before);
    await checkDuplicate(tx, accountId, data, id);
    const orderLimit = await updateLimit(tx, accountId, id, data);
    await audit(tx, user, accountId, 'update', id, before, orderLimit, revert?.recordId);
    return { affectedRows: 1, orderLimit };
  });
};

export const deleteOrderLimit = (
  db: Db,
  user: SessionUser,
  accountId: number,
  id: number,
  revert?: TRevert,
) =>
  db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const before = await findLimit(tx, accountId, id, true);
    if (!before) throw revert ? revertGone() : notFound();
    assertUnchanged(revert, before);
    await removeLimit(tx, accountId, id);
    await audit(tx, user, accountId, 'delete', id, before, null, revert?.recordId);
    return { affectedRows: 1 };
  });
