import type { TNotifyGroup } from '@shopdesk/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { accounts, lineRecipients } from '../../../db/schema';
import { notFound } from '../../../http/errors';
import type { SessionUser } from '../../../identity/session-store';
import { writeAudit } from '../../platform/audit/write-audit';
import { loadChannel } from './channel-store';

/** A shop's notification groups (spec 000 §3 Notify group) and the bot's add link. */
export const listNotifyGroups = async (db: Db, accountId: number) => {
  const [acc] = await db
    .select({ url: accounts.lineAddFriendUrl, basicId: accounts.lineBasicId })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  const rows = await db
    .select()
    .from(lineRecipients)
    .where(and(eq(lineRecipients.accountId, accountId), eq(lineRecipients.kind, 'group')))
    .orderBy(desc(lineRecipients.id));
  const lineUrl = acc?.url ?? '';
  const results: TNotifyGroup[] = rows.map((r) => ({
    subscriberAttributes: { name: r.name || '（未命名群組）', lineUrl },
    id: r.id,
    bound: r.boundAt !== null,
    boundAt: r.boundAt?.toISOString() ?? null,
    members: r.members,
  }));
  return { results, addFriendUrl: lineUrl, basicId: acc?.basicId ?? '' };
};

/**
 * Removes a group: deleted here first (no more pushes), then the bot leaves the group at LINE. LINE's
 * refusal to leave (already gone) is not an error for the shop.
 */
export const removeNotifyGroup = async (
  app: FastifyInstance,
  user: SessionUser,
  accountId: number,
  id: number,
) => {
  const db = app.database.db;
  const [row] = await db
    .delete(lineRecipients)
    .where(
      and(
        eq(lineRecipients.id, id),
        eq(lineRecipients.accountId, accountId),
        eq(lineRecipients.kind, 'group'),
      ),
    )
    .returning();
  if (!row) throw notFound();
  await writeAudit(db, user, {
    accountId,
    resourceCode: 'line',
    action: 'delete',
    displayName: '訂單通知群組',
    displayLog: `移除訂單通知群組「${row.name}」`,
    target: { table: 'line_recipients', id },
    oldValue: { name: row.name, boundAt: row.boundAt?.toISOString() ?? null },
  });
  const ch = await loadChannel(db, app.secretBox, accountId);
  if (ch)
    await app.line.leaveGroup(ch.accessToken, row.lineId).catch((err) => {
      app.log.warn({ err: (err as Error).message, accountId }, 'LINE: leaving the group failed');
    });
  return { ok: true as const };
};
