import {
  NO_LINE_CHANNEL,
  OA_MESSAGES,
  SETTINGS_FIELDS,
  shopUrls,
  type TFlag,
  type TOaFields,
  type TOaSettings,
  WIZARD_MESSAGES,
} from '@shopdesk/contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { LineApiError } from '../../../adapters/line';
import type { Db } from '../../../db/client';
import { accounts, businesses, lineChannels, lineRecipients, siAccounts } from '../../../db/schema';
import { ApiError, badRequest, notFound } from '../../../http/errors';
import type { SessionUser } from '../../../identity/session-store';
import { maskSecret } from '../../../lib/secret-box';
import { writeAudit } from '../../platform/audit/write-audit';
import { loadSettingsState, readValues } from '../../shops/shop-settings/settings-store';
import { insertChannel, type LineChannel, loadChannel, updateChannel } from './channel-store';
import { deleteRichMenus } from './rich-menu-service';
import { applyRichMenu } from './wizard-service';

export const requireChannel = async (app: FastifyInstance, accountId: number, lock = false) => {
  const ch = await loadChannel(app.database.db, app.secretBox, accountId, { lock });
  if (!ch) throw new ApiError(404, NO_LINE_CHANNEL, WIZARD_MESSAGES.noChannel);
  return ch;
};

const present = (ch: LineChannel, base: string): TOaSettings => {
  const urls = shopUrls(base, ch.accountId);
  return {
    accountId: ch.accountId,
    kind: ch.kind,
    accountName: ch.accountName,
    channelId: ch.channelId,
    channelSecret: maskSecret(ch.channelSecret),
    channelAccessToken: maskSecret(ch.accessToken),
    channelImageUrl: ch.lineChannelImageUrl ?? '',
    channelAddFriendUrl: ch.lineAddFriendUrl ?? '',
    channelBasicId: ch.lineBasicId ?? '',
    menuLiffId: ch.menuLiffId,
    eatInLiffId: ch.eatInLiffId,
    orderLiffId: ch.orderLiffId,
    pickUpLiffId: ch.pickUpLiffId ?? '',
    isChatbotDisabled: ch.isChatbotDisabled,
    fileName: ch.richMenuFile,
    richMenuId: ch.menuState === 'closed' ? ch.closedRichMenuId : ch.richMenuId,
    menuState: ch.menuState,
    savedAt: ch.savedAt?.toISOString() ?? null,
    webhookUrl: urls.webhookUrl,
    infoUrl: urls.infoUrl,
    orderUrl: urls.orderUrl,
    menuUrl: urls.menuUrl,
  };
};

export const getOaSettings = async (app: FastifyInstance, accountId: number, base: string) =>
  present(await requireChannel(app, accountId), base);

/** The channel fields kept on `accounts` (the shop edit form shows them), to put back when LINE refuses. */
const accountChannelFields = async (db: Db, accountId: number) =>
  (
    await db
      .select({
        lineChannelId: accounts.lineChannelId,
        lineAddFriendUrl: accounts.lineAddFriendUrl,
        lineBasicId: accounts.lineBasicId,
        lineChannelImageUrl: accounts.lineChannelImageUrl,
      })
      .from(accounts)
      .where(eq(accounts.id, accountId))
  )[0];

/**
 * What update-oa answers when applying the style fails: LINE refusing the entered values
 * (a 4xx other than 429: a wrong token, a refused menu) or our own 4xx (an unknown style) is the caller's to
 * fix, so 422 (our 4xx as it was); LINE busy, down or unreachable stays 502. The message is
 * 更新失敗，請檢查所有參數 with LINE's reason.
 */
const oaFailure = (err: unknown) => {
  const line = err instanceof LineApiError ? err : err instanceof Error ? err.cause : undefined;
  const refused = line instanceof LineApiError && !line.retryable;
  const ours = err instanceof ApiError && err.status < 500 ? err : null;
  const zh = err instanceof ApiError ? err.text.zh : String(err);
  return new ApiError(
    refused ? 422 : (ours?.status ?? 502),
    ours?.code ?? 'LINE_ERROR',
    {
      zh: `${OA_MESSAGES.updateFailed.zh}（${zh}）`,
      en: `${OA_MESSAGES.updateFailed.en} (${err instanceof ApiError ? err.text.en : zh})`,
    },
    ours?.field,
  );
};

/** A field sent back as its mask keeps the stored secret (docs/decisions/chat.md "Secrets at rest"). */
const keep = (sent: string, stored: string) => (sent === maskSecret(stored) ? stored : sent);

/**
 * Update shop (spec 000 §2 OA settings): requires a style (請選擇選單樣式), saves the channel fields, then
 * applies the style at LINE unless the chatbot is disabled. LINE's refusal: 更新失敗，請檢查所有參數 with
 * LINE's reason, 422 (oaFailure).
 */
export const updateOa = async (
  app: FastifyInstance,
  user: SessionUser,
  accountId: number,
  data: TOaFields & { fileName: string | null },
  base: string,
) => {
  if (!data.fileName) throw badRequest(OA_MESSAGES.chooseStyle, 'fileName');
  const db = app.database.db;
  const existing = await loadChannel(db, app.secretBox, accountId);
  if (!existing) return createOa(app, user, accountId, data, base);
  const old = existing;
  const secret = keep(data.channelSecret, old.channelSecret);
  const token = keep(data.channelAccessToken, old.accessToken);
  // what is stored now, to put back when LINE refuses the new values (nothing half-saved)
  const prevAccount = await accountChannelFields(db, accountId);
  const [prevChannel] = await db.select().from(lineChannels).where(eq(lineChannels.accountId, accountId));
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx
      .update(accounts)
      .set({
        lineChannelId: data.channelId,
        lineAddFriendUrl: data.channelAddFriendUrl || null,
        lineBasicId: data.channelBasicId || null,
        lineChannelImageUrl: data.channelImageUrl || null,
        updatedAt: new Date(),
      })
      .where(eq(accounts.id, accountId));
    await updateChannel(tx, accountId, {
      accountName: data.accountName,
      channelSecretSealed: app.secretBox.seal(secret),
      accessTokenSealed: app.secretBox.seal(token),
      menuLiffId: data.menuLiffId,
      eatInLiffId: data.eatInLiffId,
      orderLiffId: data.orderLiffId,
      pickUpLiffId: data.pickUpLiffId || null,
      isChatbotDisabled: data.isChatbotDisabled,
      // another channel is the new account (live even while the old one is stopped)
      ...(data.channelId !== old.channelId ? { isNewOa: true } : {}),
    });
    await writeAudit(tx, user, {
      accountId,
      resourceCode: 'accounts',
      action: 'update',
      displayName: 'LINE官方帳號設定',
      displayLog: `LINE官方帳號設定：${old.accountName} → ${data.accountName}（Channel ${data.channelId}${
        secret !== old.channelSecret ? '，Secret 已更換' : ''
      }${token !== old.accessToken ? '，Token 已更換' : ''}）`,
      target: { table: 'line_channels', id: accountId },
    });
  });
  if (!data.isChatbotDisabled) {
    try {
      await applyRichMenu(app, user, accountId, { fileName: data.fileName }, base);
    } catch (err) {
      // LINE refused (a wrong token, a bad menu): the channel's previous values come back, and the Record
      // tab says so; LINE's menu is untouched (applyRichMenu changes nothing until LINE has made the menu)
      await db.transaction(async (t) => {
        const tx = t as unknown as Db;
        if (prevAccount) await tx.update(accounts).set(prevAccount).where(eq(accounts.id, accountId));
        if (prevChannel) {
          const { accountId: _keep, ...rest } = prevChannel;
          await tx.update(lineChannels).set(rest).where(eq(lineChannels.accountId, accountId));
        }
        await writeAudit(tx, user, {
          accountId,
          resourceCode: 'accounts',
          action: 'update',
          displayName: 'LINE官方帳號設定',
          displayLog: `LINE官方帳號設定：LINE 拒絕新設定，已還原為 ${old.accountName}（Channel ${prevAccount?.lineChannelId ?? ''}）`,
          target: { table: 'line_channels', id: accountId },
        });
      });
      throw oaFailure(err);
    }
  } else await updateChannel(db, accountId, { richMenuFile: data.fileName });
  return getOaSettings(app, accountId, base);
};

/**
 * The OA page of a shop without a channel: the entered values create it, as the wizard's
 * step 1 would, then the style is applied at LINE. LINE refusing rolls the channel back (nothing half-made).
 */
const createOa = async (
  app: FastifyInstance,
  user: SessionUser,
  accountId: number,
  data: TOaFields & { fileName: string | null },
  base: string,
) => {
  if (data.channelSecret.startsWith('••••') || data.channelAccessToken.startsWith('••••'))
    throw badRequest(OA_MESSAGES.maskedSecret, 'channelSecret');
  const db = app.database.db;
  const prev = await accountChannelFields(db, accountId);
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await insertChannel(tx, app.secretBox, accountId, {
      ...data,
      pickUpLiffId: data.pickUpLiffId || null,
      isNewOa: true,
    });
    await updateChannel(tx, accountId, { richMenuFile: data.fileName, linkBase: base });
    await writeAudit(tx, user, {
      accountId,
      resourceCode: 'accounts',
      action: 'create',
      displayName: 'LINE官方帳號設定',
      displayLog: `建立LINE官方帳號設定：${data.accountName}（Channel ${data.channelId}）`,
      target: { table: 'line_channels', id: accountId },
      newValue: { accountName: data.accountName, channelId: data.channelId, richMenu: data.fileName },
    });
  });
  if (!data.isChatbotDisabled) {
    try {
      await applyRichMenu(app, user, accountId, { fileName: data.fileName! }, base);
    } catch (err) {
      await db.delete(lineChannels).where(eq(lineChannels.accountId, accountId));
      if (prev) await db.update(accounts).set(prev).where(eq(accounts.id, accountId));
      throw oaFailure(err);
    }
  }
  return getOaSettings(app, accountId, base);
};

/** Clear rich menu: deleted at LINE (open and closed variants) and forgotten here. */
export const clearRichMenu = async (
  app: FastifyInstance,
  user: SessionUser,
  accountId: number,
  base: string,
) => {
  const ch = await requireChannel(app, accountId);
  try {
    await deleteRichMenus(app.line, ch.accessToken, [ch.richMenuId, ch.closedRichMenuId]);
  } catch (err) {
    throw new ApiError(502, 'LINE_ERROR', OA_MESSAGES.updateFailed, (err as Error).message);
  }
  await app.database.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await updateChannel(tx, accountId, {
      richMenuFile: null,
      liveRichMenuFile: null,
      richMenuId: null,
      closedRichMenuId: null,
      closedLabel: null,
      menuState: 'open',
    });
    await writeAudit(tx, user, {
      accountId,
      resourceCode: 'accounts',
      action: 'delete',
      displayName: '圖文選單',
      displayLog: `圖文選單：${ch.richMenuFile ?? '（空）'} → （已刪除）`,
      target: { table: 'line_channels', key: 'rich_menu_file', id: accountId },
      oldValue: ch.richMenuFile,
      newValue: null,
    });
  });
  return getOaSettings(app, accountId, base);
};

/**
 * Line module unbind (spec 000 §2 "Line module console"): the account's rich menus are deleted at LINE
 * (best effort: a revoked token must not keep a shop bound), then its channel, bound managers and groups
 * are removed here and the public LINE fields cleared.
 */
export const unbindLineModule = async (app: FastifyInstance, user: SessionUser, accountId: number) => {
  const db = app.database.db;
  const [acc] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId));
  if (!acc) throw notFound();
  const ch = await loadChannel(db, app.secretBox, accountId);
  if (!ch) throw badRequest(WIZARD_MESSAGES.noChannel);
  await deleteRichMenus(app.line, ch.accessToken, [ch.richMenuId, ch.closedRichMenuId]).catch((err) =>
    app.log.warn({ err: (err as Error).message, accountId }, 'line-module: rich menu not deleted at LINE'),
  );
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const bound = await tx
      .delete(lineRecipients)
      .where(eq(lineRecipients.accountId, accountId))
      .returning({ id: lineRecipients.id });
    await tx.delete(lineChannels).where(eq(lineChannels.accountId, accountId));
    await tx
      .update(accounts)
      .set({ lineChannelId: null, lineAddFriendUrl: null, lineBasicId: null, lineChannelImageUrl: null })
      .where(eq(accounts.id, accountId));
    await writeAudit(tx, user, {
      accountId,
      resourceCode: 'accounts',
      action: 'delete',
      displayName: 'LINE模組',
      displayLog: `解除LINE模組綁定（Channel ${ch.channelId}，解除 ${bound.length} 個管理者／群組）`,
      target: { table: 'line_channels', id: accountId },
      oldValue: { channelId: ch.channelId, accountName: ch.accountName },
    });
  });
  return { ok: true as const };
};

/** The public table (spec 000 §2 "Rich-menu settings table"): an SI's shops with a channel, public links. */
export const richMenuSettings = async (db: Db, siName: string, base: string) => {
  const rows = await db
    .select({ accountId: accounts.id, name: businesses.name, siName: siAccounts.name })
    .from(accounts)
    .innerJoin(businesses, eq(businesses.id, accounts.id))
    .innerJoin(siAccounts, eq(siAccounts.id, accounts.siAccountId))
    .innerJoin(lineChannels, eq(lineChannels.accountId, accounts.id))
    .where(and(eq(siAccounts.name, siName), isNotNull(accounts.id)))
    .orderBy(accounts.id)
    .limit(5000);
  return {
    results: rows.map((r) => {
      const u = shopUrls(base, r.accountId);
      return { ...r, menuUrl: u.menuUrl, orderUrl: u.orderUrl, infoUrl: u.infoUrl };
    }),
  };
};

/** The developer tool's flags (spec 001 §3 "Flag keys"): the catalogue's toggle fields, their values now. */
export const developerFlags = async (db: Db, accountId: number, kind: 'account' | 'business') => {
  const state = await loadSettingsState(db, accountId);
  const values = readValues(state);
  const fields = SETTINGS_FIELDS.filter((f) => f.toggle === kind);
  const results: TFlag[] = fields.map((f) => ({
    key: f.key,
    label: f.label.zh,
    value: Boolean(values[f.table]?.[f.key]),
    inverted: Boolean(f.inverted),
  }));
  return { name: state.shop.data.businessName, results };
};
