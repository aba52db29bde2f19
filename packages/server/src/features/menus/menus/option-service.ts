import {
  MENU_LIMITS,
  MENU_MESSAGES,
  type ZCreateOptionRequest,
  type ZUpdateOptionRequest,
} from '@shopdesk/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { options } from '../../../db/schema';
import { conflict, notFound } from '../../../http/errors';
import { count, lockGroup } from './group-service';
import { inTx, type MenuCtx } from './menu-access';
import { auditMenu, nameOf } from './menu-audit';
import { toOption } from './menu-store';
import { applyOrder, nextPosition } from './reorder';

const lockOption = async (tx: Db, accountId: number, optionId: number) => {
  const [row] = await tx
    .select()
    .from(options)
    .where(and(eq(options.id, optionId), eq(options.accountId, accountId)))
    .for('update');
  if (!row) throw notFound();
  await lockGroup(tx, accountId, row.groupId);
  return row;
};

export const createOption = (ctx: MenuCtx, groupId: number, body: z.output<typeof ZCreateOptionRequest>) =>
  inTx(ctx.db, async (tx) => {
    const group = await lockGroup(tx, ctx.accountId, groupId);
    if ((await count(tx, options, eq(options.groupId, groupId))) >= MENU_LIMITS.optionsPerGroup)
      throw conflict(MENU_MESSAGES.tooManyOptions);
    const position = await nextPosition(tx, 'options', sql`group_id = ${groupId}`);
    const [row] = await tx
      .insert(options)
      .values({ accountId: ctx.accountId, groupId, ...body, position })
      .returning();
    const option = toOption(row!);
    await auditMenu(tx, ctx.user, {
      accountId: ctx.accountId,
      subject: 'option',
      action: 'create',
      id: option.id,
      log: `「${nameOf(group.names)}」新增「${nameOf(option.names)}」${option.priceDelta ? ` ${option.priceDelta > 0 ? '+' : ''}${option.priceDelta}` : ''}`,
      newValue: option,
    });
    return { option };
  });

export const updateOption = (ctx: MenuCtx, optionId: number, body: z.output<typeof ZUpdateOptionRequest>) =>
  inTx(ctx.db, async (tx) => {
    const old = toOption(await lockOption(tx, ctx.accountId, optionId));
    const [row] = await tx
      .update(options)
      .set({
        names: body.names ?? old.names,
        priceDelta: body.priceDelta ?? old.priceDelta,
        soldOut: body.soldOut ?? old.soldOut,
      })
      .where(eq(options.id, optionId))
      .returning();
    const option = toOption(row!);
    const soldOutNote =
      old.soldOut === option.soldOut ? '' : option.soldOut ? '（標示售完）' : '（恢復供應）';
    await auditMenu(tx, ctx.user, {
      accountId: ctx.accountId,
      subject: 'option',
      action: 'update',
      id: optionId,
      log: `更新「${nameOf(option.names)}」${soldOutNote}`,
      oldValue: old,
      newValue: option,
    });
    return { option };
  });

export const deleteOption = (ctx: MenuCtx, optionId: number) =>
  inTx(ctx.db, async (tx) => {
    const old = toOption(await lockOption(tx, ctx.accountId, optionId));
    await tx.delete(options).where(eq(options.id, optionId));
    await auditMenu(tx, ctx.user, {
      accountId: ctx.accountId,
      subject: 'option',
      action: 'delete',
      id: optionId,
      log: `刪除「${nameOf(old.names)}」`,
      oldValue: old,
    });
    return { ok: true as const };
  });

export const reorderOptions = (ctx: MenuCtx, groupId: number, ids: number[]) =>
  inTx(ctx.db, async (tx) => {
    const group = await lockGroup(tx, ctx.accountId, groupId);
    const current = await tx
      .select({ id: options.id })
      .from(options)
      .where(eq(options.groupId, groupId))
      .orderBy(asc(options.position), asc(options.id));
    const before = current.map((o) => o.id);
    await applyOrder(tx, 'options', before, ids);
    await auditMenu(tx, ctx.user, {
      accountId: ctx.accountId,
      subject: 'option',
      action: 'update',
      log: `調整「${nameOf(group.names)}」的選項順序`,
      oldValue: before,
      newValue: ids,
    });
    return { ok: true as const };
  });
