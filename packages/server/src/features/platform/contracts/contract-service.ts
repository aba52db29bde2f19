import {
  defaultSysEnd,
  CONTRACT_MESSAGES as M,
  type TContract,
  type TCreateContractRequest,
  type ZCreateContractRequest,
} from '@shopdesk/contract';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { accounts, businesses, contractPlans, contracts, registrationOrders } from '../../../db/schema';
import { badRequest, notFound } from '../../../http/errors';
import { inTx } from '../../menus/menus/menu-access';
import type { AuditActor } from '../audit/write-audit';
import { writeAudit } from '../audit/write-audit';

export type { TCreateContractRequest };

const shopOf = async (db: Db, accountId: number) => {
  const [row] = await db
    .select({ id: accounts.id, sysClosed: accounts.sysClosed, name: businesses.name })
    .from(accounts)
    .leftJoin(businesses, eq(businesses.id, accounts.id))
    .where(eq(accounts.id, accountId));
  if (!row) throw notFound();
  return row;
};

/** spec 002 §2 screen 6: the shop's contracts, newest first, with the system status. */
export const listContracts = async (db: Db, accountId: number, businessId?: number) => {
  if (businessId !== undefined && businessId !== accountId)
    throw badRequest(M.businessMismatch, 'businessId');
  const shop = await shopOf(db, accountId);
  const rows = await db
    .select({
      id: contracts.id,
      startTime: contracts.startDate,
      endTime: contracts.endDate,
      sysEndTime: contracts.sysEndDate,
      orderId: registrationOrders.orderId,
      registrationOrderId: contracts.registrationOrderId,
      planName: contractPlans.plan,
      status: contracts.status,
    })
    .from(contracts)
    .innerJoin(contractPlans, eq(contractPlans.id, contracts.planId))
    .leftJoin(registrationOrders, eq(registrationOrders.id, contracts.registrationOrderId))
    .where(eq(contracts.accountId, accountId))
    .orderBy(desc(contracts.startDate), desc(contracts.id));
  const list: TContract[] = rows.map((r) => ({
    ...r,
    orderId: r.orderId ?? null,
    sysClosed: shop.sysClosed,
  }));
  return { contracts: list, sysClosed: shop.sysClosed, shopName: shop.name ?? '' };
};

export const listPlans = async (db: Db) => ({
  plans: await db.select().from(contractPlans).orderBy(asc(contractPlans.id)),
});

export const listRegistrationOrders = async (db: Db, accountId: number) => {
  await shopOf(db, accountId);
  const rows = await db
    .select()
    .from(registrationOrders)
    .where(eq(registrationOrders.accountId, accountId))
    .orderBy(desc(registrationOrders.createdAt));
  return {
    orders: rows.map((r) => ({ id: r.id, orderId: r.orderId, createdTs: r.createdAt.toISOString() })),
  };
};

/** spec 002 §4, §5: a new contract is normal by default; its system end is end + 7 days unless given. */
export const createContract = async (
  db: Db,
  actor: AuditActor & { id: number | null },
  body: z.output<typeof ZCreateContractRequest>,
) =>
  inTx(db, async (tx) => {
    await shopOf(tx, body.businessId);
    const [plan] = await tx.select().from(contractPlans).where(eq(contractPlans.id, body.plan));
    if (!plan) throw badRequest(M.unknownPlan, 'plan');
    if (body.registrationOrderId) {
      const [ro] = await tx
        .select({ id: registrationOrders.id })
        .from(registrationOrders)
        .where(
          and(
            eq(registrationOrders.id, body.registrationOrderId),
            eq(registrationOrders.accountId, body.businessId),
          ),
        );
      if (!ro) throw badRequest(M.unknownRegistrationOrder, 'registrationOrderId');
    }
    const sysEnd = body.sysEnd ?? defaultSysEnd(body.end);
    const [row] = await tx
      .insert(contracts)
      .values({
        accountId: body.businessId,
        planId: plan.id,
        registrationOrderId: body.registrationOrderId ?? null,
        startDate: body.start,
        endDate: body.end,
        sysEndDate: sysEnd,
        status: body.status,
        createdBy: typeof actor.id === 'number' ? actor.id : null,
      })
      .returning({ id: contracts.id });
    await writeAudit(tx, actor, {
      accountId: body.businessId,
      resourceCode: 'contract',
      action: 'create',
      displayName: '合約',
      displayLog: `新增合約：${plan.plan} ${body.start} ~ ${body.end}（系統至 ${sysEnd}）`,
      target: { table: 'contracts', id: row!.id },
      newValue: { ...body, sysEnd },
    });
    return { insertId: row!.id };
  });

/**
 * The contract's system switch (spec 002 §4): accounts.sys_closed, which order intake refuses on
 * (SYSTEM_CLOSED). Audited with who turned it and why (a person, or the daily job).
 */
export const setSystemClosed = async (
  db: Db,
  actor: AuditActor,
  accountId: number,
  closed: boolean,
  why = '',
) =>
  inTx(db, async (tx) => {
    const shop = await shopOf(tx, accountId);
    if (shop.sysClosed !== closed) {
      await tx
        .update(accounts)
        .set({ sysClosed: closed, updatedAt: new Date() })
        .where(eq(accounts.id, accountId));
      await writeAudit(tx, actor, {
        accountId,
        resourceCode: 'accounts',
        action: 'update',
        displayName: '系統狀態',
        displayLog: `系統狀態：${shop.sysClosed ? 'OFF' : 'ON'} → ${closed ? 'OFF' : 'ON'}${why ? `（${why}）` : ''}`,
        target: { table: 'accounts', key: 'sys_closed', id: accountId },
        oldValue: shop.sysClosed,
        newValue: closed,
      });
    }
    return { accountId, sysClosed: closed };
  });
