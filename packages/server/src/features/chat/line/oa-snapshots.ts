import {
  OA_MESSAGES,
  OA_SNAPSHOTS_MAX,
  type TOaSnapshot,
  type TOaSnapshotSettings,
  ZOaSnapshotSettings,
} from '@shopdesk/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { lineOaSnapshots } from '../../../db/schema';
import { notFound } from '../../../http/errors';
import type { SessionUser } from '../../../identity/session-store';
import { maskSecret } from '../../../lib/secret-box';
import { writeAudit } from '../../platform/audit/write-audit';
import { updateChannel } from './channel-store';
import { requireChannel, updateOa } from './oa-service';

/**
 * "Save current settings" (spec 000 §2 OA settings, §8 當前OA設定已儲存): one row per save in
 * line_oa_snapshots with who saved it; the OA page lists them and restores one through update-oa
 * (docs/decisions/chat.md "OA settings snapshots"). Secrets are never kept.
 */
export const saveOaSnapshot = async (app: FastifyInstance, user: SessionUser, accountId: number) => {
  const ch = await requireChannel(app, accountId);
  const settings: TOaSnapshotSettings = {
    accountName: ch.accountName,
    channelId: ch.channelId,
    channelImageUrl: ch.lineChannelImageUrl ?? '',
    channelAddFriendUrl: ch.lineAddFriendUrl ?? '',
    channelBasicId: ch.lineBasicId ?? '',
    menuLiffId: ch.menuLiffId,
    eatInLiffId: ch.eatInLiffId,
    orderLiffId: ch.orderLiffId,
    pickUpLiffId: ch.pickUpLiffId ?? '',
    isChatbotDisabled: ch.isChatbotDisabled,
    fileName: ch.richMenuFile,
  };
  const savedAt = new Date();
  await app.database.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx
      .insert(lineOaSnapshots)
      .values({ accountId, settings, savedByUserId: user.id, savedByName: user.name, savedAt });
    // keep the newest OA_SNAPSHOTS_MAX
    const old = await tx
      .select({ id: lineOaSnapshots.id })
      .from(lineOaSnapshots)
      .where(eq(lineOaSnapshots.accountId, accountId))
      .orderBy(desc(lineOaSnapshots.savedAt), desc(lineOaSnapshots.id))
      .offset(OA_SNAPSHOTS_MAX);
    if (old.length)
      await tx.delete(lineOaSnapshots).where(
        inArray(
          lineOaSnapshots.id,
          old.map((o) => o.id),
        ),
      );
    await updateChannel(tx, accountId, { savedAt });
    await writeAudit(tx, user, {
      accountId,
      resourceCode: 'accounts',
      action: 'update',
      displayName: 'OA設定快照',
      displayLog: '儲存當前OA設定',
      target: { table: 'line_oa_snapshots', id: accountId },
      newValue: settings,
    });
  });
  return { savedAt: savedAt.toISOString() };
};

/** The saved settings of a shop, newest first; a row whose settings no longer parse is left out. */
export const listOaSnapshots = async (db: Db, accountId: number): Promise<TOaSnapshot[]> => {
  const rows = await db
    .select()
    .from(lineOaSnapshots)
    .where(eq(lineOaSnapshots.accountId, accountId))
    .orderBy(desc(lineOaSnapshots.savedAt), desc(lineOaSnapshots.id));
  return rows.flatMap((r) => {
    const settings = ZOaSnapshotSettings.safeParse(r.settings);
    return settings.success
      ? [{ id: r.id, savedAt: r.savedAt.toISOString(), savedBy: r.savedByName, settings: settings.data }]
      : [];
  });
};

/**
 * Restore saved settings: update-oa with the saved fields and the secrets stored now (sent as their masks,
 * which keep them), so the same rules run: a style is needed (請選擇選單樣式), the style is applied at LINE,
 * and LINE refusing puts the previous values back (nothing half-saved).
 */
export const restoreOaSnapshot = async (
  app: FastifyInstance,
  user: SessionUser,
  accountId: number,
  snapshotId: number,
  base: string,
) => {
  const db = app.database.db;
  const [row] = await db
    .select()
    .from(lineOaSnapshots)
    .where(and(eq(lineOaSnapshots.id, snapshotId), eq(lineOaSnapshots.accountId, accountId)));
  const saved = row ? ZOaSnapshotSettings.safeParse(row.settings) : null;
  if (!row || !saved?.success) throw notFound(OA_MESSAGES.snapshotNotFound);
  const ch = await requireChannel(app, accountId);
  const settings = await updateOa(
    app,
    user,
    accountId,
    {
      ...saved.data,
      channelSecret: maskSecret(ch.channelSecret),
      channelAccessToken: maskSecret(ch.accessToken),
    },
    base,
  );
  await writeAudit(db, user, {
    accountId,
    resourceCode: 'accounts',
    action: 'update',
    displayName: 'OA設定快照',
    displayLog: `還原儲存的OA設定（${row.savedAt.toISOString()}，${row.savedByName || '—'}）`,
    target: { table: 'line_oa_snapshots', id: row.id },
  });
  return { settings, message: OA_MESSAGES.restored.zh };
};
