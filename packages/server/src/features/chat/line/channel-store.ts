import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { accounts, lineChannels } from '../../../db/schema';
import type { SecretBox } from '../../../lib/secret-box';

/** A shop's LINE channel with its secrets opened (server side only: never answered whole). */
export type LineChannel = typeof lineChannels.$inferSelect & {
  channelId: string;
  channelSecret: string;
  accessToken: string;
  kind: 'catering' | 'retail';
  lineAddFriendUrl: string | null;
  lineBasicId: string | null;
  lineChannelImageUrl: string | null;
  randomCode: string | null;
  /** The shop's old account was stopped and this is that old channel: nothing goes through it. */
  oldStopped: boolean;
};

/**
 * "stop old account": the channel in place when the stop was made (is_new_oa false) while the
 * shop stays stopped (accounts.is_oa_disabled). The one rule read by the push jobs and the webhook.
 */
export const isStoppedOld = (isOaDisabled: boolean, isNewOa: boolean) => isOaDisabled && !isNewOa;

/** Why a push to a stopped old channel is not sent (the delivery log's last error). */
export const OLD_OA_SKIPPED = '已略過：舊OA已停用 (skipped: the old official account is stopped)';

/** The channel of a shop, or null when it has none. `lock` holds the row until the transaction ends. */
export const loadChannel = async (
  db: Db,
  box: SecretBox,
  accountId: number,
  opts: { lock?: boolean } = {},
): Promise<LineChannel | null> => {
  const q = db
    .select({ ch: lineChannels, account: accounts })
    .from(lineChannels)
    .innerJoin(accounts, eq(accounts.id, lineChannels.accountId))
    .where(eq(lineChannels.accountId, accountId));
  const [row] = await (opts.lock ? q.for('update', { of: lineChannels }) : q);
  if (!row) return null;
  return {
    ...row.ch,
    channelId: row.account.lineChannelId ?? '',
    channelSecret: box.open(row.ch.channelSecretSealed),
    accessToken: box.open(row.ch.accessTokenSealed),
    kind: row.account.kind,
    lineAddFriendUrl: row.account.lineAddFriendUrl,
    lineBasicId: row.account.lineBasicId,
    lineChannelImageUrl: row.account.lineChannelImageUrl,
    randomCode: row.account.randomCode,
    oldStopped: isStoppedOld(row.account.isOaDisabled, row.ch.isNewOa),
  };
};

/** Only the channel secret of a shop (the webhook's signature check) and whether it is a stopped old one. */
export const loadChannelSecret = async (
  db: Db,
  box: SecretBox,
  accountId: number,
): Promise<{ secret: string; oldStopped: boolean } | null> => {
  const [row] = await db
    .select({
      sealed: lineChannels.channelSecretSealed,
      isNewOa: lineChannels.isNewOa,
      isOaDisabled: accounts.isOaDisabled,
    })
    .from(lineChannels)
    .innerJoin(accounts, eq(accounts.id, lineChannels.accountId))
    .where(eq(lineChannels.accountId, accountId));
  return row
    ? { secret: box.open(row.sealed), oldStopped: isStoppedOld(row.isOaDisabled, row.isNewOa) }
    : null;
};

export const updateChannel = (db: Db, accountId: number, set: Partial<typeof lineChannels.$inferInsert>) =>
  db
    .update(lineChannels)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(lineChannels.accountId, accountId));

export type NewChannel = {
  accountName: string;
  channelId: string;
  channelSecret: string;
  channelAccessToken: string;
  channelImageUrl?: string | null;
  channelAddFriendUrl?: string | null;
  channelBasicId?: string | null;
  menuLiffId?: string;
  eatInLiffId?: string;
  orderLiffId?: string;
  pickUpLiffId?: string | null;
  isChatbotDisabled?: boolean;
  lineProviderId?: string | null;
  isNewOa?: boolean;
};

/** Writes a shop's channel: secrets sealed, public fields on `accounts` (the shop edit form shows them). */
export const insertChannel = async (db: Db, box: SecretBox, accountId: number, c: NewChannel) => {
  await db
    .update(accounts)
    .set({
      lineChannelId: c.channelId,
      lineAddFriendUrl: c.channelAddFriendUrl ?? null,
      lineBasicId: c.channelBasicId ?? null,
      lineChannelImageUrl: c.channelImageUrl ?? null,
      updatedAt: new Date(),
    })
    .where(eq(accounts.id, accountId));
  await db.insert(lineChannels).values({
    accountId,
    accountName: c.accountName,
    channelSecretSealed: box.seal(c.channelSecret),
    accessTokenSealed: box.seal(c.channelAccessToken),
    menuLiffId: c.menuLiffId ?? '',
    eatInLiffId: c.eatInLiffId ?? '',
    orderLiffId: c.orderLiffId ?? '',
    pickUpLiffId: c.pickUpLiffId || null,
    isChatbotDisabled: c.isChatbotDisabled ?? false,
    lineProviderId: c.lineProviderId ?? null,
    isNewOa: c.isNewOa ?? true,
  });
};
