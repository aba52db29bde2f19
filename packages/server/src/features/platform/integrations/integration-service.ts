import {
  integrationRuleError,
  LITE_VENDORS,
  INTEGRATION_MESSAGES as M,
  SERVICE_CODES,
  shopUrls,
  type TDvrSettings,
  type TIntegration,
  type TService,
  type TVendorCode,
  VENDORS,
  ZIntegrationOptions,
  type ZSaveIntegrationRequest,
} from '@shopdesk/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { accounts, integrations } from '../../../db/schema';
import { ApiError, conflict, notFound } from '../../../http/errors';
import type { SessionUser } from '../../../identity/session-store';
import { maskSecret, type SecretBox } from '../../../lib/secret-box';
import { requireShop, shopScopeCondition } from '../../../plugins/app/shop-access';
import { inTx } from '../../menus/menus/menu-access';
import { writeAudit } from '../audit/write-audit';

type Row = typeof integrations.$inferSelect;
export type IntegrationDeps = { db: Db; box: SecretBox };

const toIntegration = (box: SecretBox, r: Row): TIntegration => ({
  id: r.id,
  vendorCode: r.vendorCode as TVendorCode,
  vendorShopId: r.vendorShopId,
  // the API shows a mask, never the key (docs/decisions/platform.md "Secrets at rest")
  authData: r.authDataSealed ? maskSecret(box.open(r.authDataSealed)) : null,
  options: ZIntegrationOptions.parse(r.options ?? {}),
  env: 'production',
  order_integration_enabled: r.enabled,
  updatedAt: r.updatedAt.toISOString(),
});

const rowsOf = (db: Db, accountId: number, codes: readonly string[]) =>
  db
    .select()
    .from(integrations)
    .where(and(eq(integrations.accountId, accountId), inArray(integrations.vendorCode, [...codes])))
    .orderBy(integrations.id);

const audit = (tx: Db, user: SessionUser, accountId: number, vendor: string, log: string) =>
  writeAudit(tx, user, {
    accountId,
    resourceCode: 'integrations',
    action: 'update',
    displayName: VENDORS.find((v) => v.code === vendor)?.name ?? vendor,
    displayLog: log,
    target: { table: 'integrations', key: vendor, id: accountId },
  });

const FORM_CODES = VENDORS.filter((v) => v.dialog === 'form').map((v) => v.code);

export const listIntegrations = async (
  { db, box }: IntegrationDeps,
  user: SessionUser,
  accountId: number,
) => {
  await requireShop(db, user, accountId);
  return { settings: (await rowsOf(db, accountId, FORM_CODES)).map((r) => toIntegration(box, r)) };
};

type SaveBody = z.output<typeof ZSaveIntegrationRequest>;
/** A sent key that is its own mask (or empty) keeps the stored one. */
const sentKey = (body: SaveBody, stored: string | null, box: SecretBox): string | null | undefined => {
  if (body.useDefaultKey) return null; // spec 002 §5: 'use default key' → authData null
  const key = body.authData?.trim();
  if (!key || (stored && key === maskSecret(box.open(stored)))) return undefined;
  return key;
};

/** spec 002 §4 "Existing records are updated and new ones created", with the §5 creation rules. */
export const saveIntegration = async (
  { db, box }: IntegrationDeps,
  user: SessionUser,
  accountId: number,
  body: SaveBody,
  mode: 'create' | 'update',
) => {
  await requireShop(db, user, accountId);
  return inTx(db, async (tx) => {
    const [found] = await tx
      .select()
      .from(integrations)
      .where(and(eq(integrations.accountId, accountId), eq(integrations.vendorCode, body.vendorCode)))
      .for('update');
    if (mode === 'create' && found) throw conflict(M.alreadyExists);
    if (mode === 'update' && !found) throw notFound(M.notYetCreated);
    const key = sentKey(body, found?.authDataSealed ?? null, box);
    const rule = integrationRuleError(body, key === undefined && Boolean(found?.authDataSealed));
    if (rule) throw new ApiError(400, rule.code, rule.message, rule.field);
    const values = {
      vendorShopId: body.vendorShopId?.trim() ?? null,
      options: body.options as Record<string, unknown>,
      enabled: body.order_integration_enabled,
      updatedAt: new Date(),
      ...(key === undefined ? {} : { authDataSealed: key === null ? null : box.seal(key) }),
    };
    const [row] = found
      ? await tx.update(integrations).set(values).where(eq(integrations.id, found.id)).returning()
      : await tx
          .insert(integrations)
          .values({ accountId, vendorCode: body.vendorCode, ...values })
          .returning();
    await audit(
      tx,
      user,
      accountId,
      body.vendorCode,
      `${found ? '更新' : '新增'}串接：商店代碼 ${values.vendorShopId}，訂單串接 ${values.enabled ? '開' : '關'}`,
    );
    return { setting: toIntegration(box, row!) };
  });
};

const activeLite = async (db: Db, accountId: number) =>
  (await rowsOf(db, accountId, LITE_VENDORS))
    .filter((r) => r.enabled)
    .map((r) => r.vendorCode) as (typeof LITE_VENDORS)[number][];

export const listLiteActive = async (db: Db, user: SessionUser, accountId: number) => {
  await requireShop(db, user, accountId);
  return { active: await activeLite(db, accountId) };
};

/** spec 002 §4: lite vendors have an activate switch (activate or deactivate call). */
export const setLiteActive = async (
  db: Db,
  user: SessionUser,
  accountId: number,
  vendor: (typeof LITE_VENDORS)[number],
  on: boolean,
) => {
  await requireShop(db, user, accountId);
  return inTx(db, async (tx) => {
    await upsertEnabled(tx, accountId, vendor, on);
    await audit(tx, user, accountId, vendor, on ? '開通' : '停用');
    return { active: await activeLite(tx, accountId) };
  });
};

const upsertEnabled = (
  tx: Db,
  accountId: number,
  vendor: string,
  on: boolean,
  options?: Record<string, unknown>,
) =>
  tx
    .insert(integrations)
    .values({ accountId, vendorCode: vendor, enabled: on, ...(options ? { options } : {}) })
    .onConflictDoUpdate({
      target: [integrations.accountId, integrations.vendorCode],
      set: { enabled: on, updatedAt: new Date(), ...(options ? { options } : {}) },
    })
    .returning();

/** The lite catalogue with how many of the caller's shops have each active. */
export const liteCatalogue = async (db: Db, user: SessionUser) => {
  const scope = shopScopeCondition(user);
  const counts = await db
    .select({ code: integrations.vendorCode, n: sql<number>`count(*)::int` })
    .from(integrations)
    .innerJoin(accounts, eq(accounts.id, integrations.accountId))
    .where(and(inArray(integrations.vendorCode, [...LITE_VENDORS]), eq(integrations.enabled, true), scope))
    .groupBy(integrations.vendorCode);
  return {
    vendors: LITE_VENDORS.map((code) => ({
      vendorCode: code,
      name: VENDORS.find((v) => v.code === code)!.name,
      activeShops: Number(counts.find((c) => c.code === code)?.n ?? 0),
    })),
  };
};

const toService = (code: (typeof SERVICE_CODES)[number], r: Row | undefined): TService => ({
  code,
  enabled: r?.enabled ?? false,
  liffId: typeof r?.options?.liffId === 'string' ? r.options.liffId : null,
});

export const listServices = async (db: Db, user: SessionUser, accountId: number) => {
  await requireShop(db, user, accountId);
  const rows = await rowsOf(db, accountId, SERVICE_CODES);
  return {
    services: SERVICE_CODES.map((c) =>
      toService(
        c,
        rows.find((r) => r.vendorCode === c),
      ),
    ),
  };
};

/**
 * The copyable URLs (spec 002 §2 screen 10) of the services that are on: the app URL is the shop's
 * storefront; ttpush and bonus points open it with their source, so the shop sees where orders came from.
 */
export const serviceUrls = async (db: Db, user: SessionUser, accountId: number, base: string) => {
  const { services } = await listServices(db, user, accountId);
  const shop = shopUrls(base, accountId).shoppingUrl;
  const urlOf: Partial<Record<string, string>> = {
    app: shop,
    ttpush: `${shop}?utm_source=ttpush`,
    bonus: `${shop}?utm_source=bonus`,
  };
  return {
    urls: services
      .filter((s) => s.enabled && urlOf[s.code])
      .map((s) => ({ code: s.code, url: urlOf[s.code]! })),
  };
};

export const saveService = async (
  db: Db,
  user: SessionUser,
  accountId: number,
  code: (typeof SERVICE_CODES)[number],
  body: { enabled: boolean; liffId?: string | null },
) => {
  await requireShop(db, user, accountId);
  const liffId = body.liffId?.trim() || null;
  if (code === 'life17' && body.enabled && !liffId)
    throw new ApiError(400, 'VALIDATION_FAILED', M.liffRequired, 'liffId');
  return inTx(db, async (tx) => {
    const [row] = await upsertEnabled(
      tx,
      accountId,
      code,
      body.enabled,
      code === 'life17' ? { liffId } : undefined,
    );
    await audit(
      tx,
      user,
      accountId,
      code,
      `${body.enabled ? '開啟' : '關閉'}${liffId ? `（LIFF ${liffId}）` : ''}`,
    );
    return { service: toService(code, row) };
  });
};

const dvrOf = (box: SecretBox, r: Row | undefined): TDvrSettings | null => {
  if (!r) return null;
  const o = r.options as { ip?: string; channel?: number; account?: string };
  return {
    ip: o.ip ?? '',
    channel: o.channel ?? 1,
    account: o.account ?? '',
    password: r.authDataSealed ? maskSecret(box.open(r.authDataSealed)) : '',
  };
};

export const getDvr = async ({ db, box }: IntegrationDeps, user: SessionUser, accountId: number) => {
  await requireShop(db, user, accountId);
  const [row] = await rowsOf(db, accountId, ['posdvr']);
  return { dvr: dvrOf(box, row) };
};

export const saveDvr = async (
  { db, box }: IntegrationDeps,
  user: SessionUser,
  accountId: number,
  body: TDvrSettings,
) => {
  await requireShop(db, user, accountId);
  return inTx(db, async (tx) => {
    const [found] = await rowsOf(tx, accountId, ['posdvr']);
    const keep =
      !body.password ||
      (found?.authDataSealed && body.password === maskSecret(box.open(found.authDataSealed)));
    const options = { ip: body.ip, channel: body.channel, account: body.account };
    const sealed = keep ? (found?.authDataSealed ?? null) : box.seal(body.password);
    const [row] = await tx
      .insert(integrations)
      .values({ accountId, vendorCode: 'posdvr', enabled: true, options, authDataSealed: sealed })
      .onConflictDoUpdate({
        target: [integrations.accountId, integrations.vendorCode],
        set: { options, authDataSealed: sealed, enabled: true, updatedAt: new Date() },
      })
      .returning();
    await audit(tx, user, accountId, 'posdvr', `DVR：${body.ip} 頻道 ${body.channel} 帳號 ${body.account}`);
    return { dvr: dvrOf(box, row)! };
  });
};
