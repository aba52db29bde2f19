import {
  PORTAL_ID_PARAM,
  PORTAL_MESSAGES,
  type TPortal,
  type TPortalInput,
  type TPortalShop,
  type ZPortalInput,
  type ZPortalShopInput,
} from '@shopdesk/contract';
import { and, asc, count, desc, eq, ilike, inArray, max, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { accounts, businesses, portalShops, portals, siAccounts } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../http/errors';

type PortalRow = typeof portals.$inferSelect;
const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** A shop shows on the public page when it is visible in the portal and its system is not closed. */
const online = sql<boolean>`not ${accounts.sysClosed}`;

const counts = async (db: Db, ids: number[]) => {
  if (!ids.length) return new Map<number, { shops: number; visible: number }>();
  const rows = await db
    .select({
      id: portalShops.portalId,
      shops: count(),
      visible: sql<number>`count(*) filter (where ${portalShops.visible})::int`,
    })
    .from(portalShops)
    .where(inArray(portalShops.portalId, ids))
    .groupBy(portalShops.portalId);
  return new Map(rows.map((r) => [r.id, { shops: r.shops, visible: r.visible }]));
};

const view = (p: PortalRow, c?: { shops: number; visible: number }): TPortal => ({
  id: p.id,
  key: p.key,
  name: p.name,
  logoUrl: p.logoUrl,
  primaryColor: p.primaryColor,
  accentColor: p.accentColor,
  description: p.description,
  published: p.published,
  shopCount: c?.shops ?? 0,
  visibleCount: c?.visible ?? 0,
  updatedAt: p.updatedAt.toISOString(),
});

/**
 * The portal a route names: by its key, or, for a {portalKey} of digits only (no key is: the contract
 * refuses them), by its number, so /portals/1/edit opens portal 1 (docs/decisions/platform.md "Portal logo, shop
 * order and station audit"). 404 "找不到此入口" otherwise.
 */
export const portalRow = async (db: Db, key: string) => {
  const [p] = await db.select().from(portals).where(eq(portals.key, key));
  if (p) return p;
  const [byId] = PORTAL_ID_PARAM.test(key)
    ? await db
        .select()
        .from(portals)
        .where(eq(portals.id, Number(key)))
    : [];
  if (!byId) throw notFound(PORTAL_MESSAGES.notFound);
  return byId;
};
export const loadPortal = async (db: Db, key: string) => {
  const p = await portalRow(db, key);
  return view(p, (await counts(db, [p.id])).get(p.id));
};

export const listPortals = async (db: Db, q: { q?: string; offset: number; limit: number }) => {
  const where = q.q ? or(ilike(portals.key, likeOf(q.q)), ilike(portals.name, likeOf(q.q))) : undefined;
  const [total] = await db.select({ n: count() }).from(portals).where(where);
  const rows = await db
    .select()
    .from(portals)
    .where(where)
    .orderBy(desc(portals.id))
    .limit(q.limit)
    .offset(q.offset);
  const c = await counts(
    db,
    rows.map((r) => r.id),
  );
  return { total: total?.n ?? 0, rows: rows.map((r) => view(r, c.get(r.id))) };
};

export const createPortal = async (db: Db, input: z.output<typeof ZPortalInput>) => {
  const [taken] = await db.select({ id: portals.id }).from(portals).where(eq(portals.key, input.key));
  if (taken) throw conflict(PORTAL_MESSAGES.keyTaken, 'PORTAL_KEY_TAKEN');
  const [p] = await db.insert(portals).values(input).onConflictDoNothing().returning();
  if (!p) throw conflict(PORTAL_MESSAGES.keyTaken, 'PORTAL_KEY_TAKEN');
  return view(p);
};

export const updatePortal = async (
  db: Db,
  key: string,
  input: Omit<z.output<typeof ZPortalInput>, 'key'>,
) => {
  const { id } = await portalRow(db, key);
  const [p] = await db
    .update(portals)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(portals.id, id))
    .returning();
  if (!p) throw notFound(PORTAL_MESSAGES.notFound);
  return view(p, (await counts(db, [p.id])).get(p.id));
};

export const deletePortal = async (db: Db, key: string) => {
  const { id } = await portalRow(db, key);
  const [p] = await db.delete(portals).where(eq(portals.id, id)).returning({ id: portals.id });
  if (!p) throw notFound(PORTAL_MESSAGES.notFound);
};

/**
 * Drag-and-drop order: the listed shops (a page of the table, maybe searched) take the places
 * they held among all the portal's shops, in the order given; then the whole list is numbered 1, 2, 3 …
 * so the public page and every page of the table agree. Locks the portal's row, so two reorders queue.
 */
export const reorderPortalShops = async (db: Db, key: string, shopIds: number[]) =>
  db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const p = await portalRow(tx, key);
    await tx.execute(sql`select 1 from ${portals} where ${portals.id} = ${p.id} for update`);
    const ids = [...new Set(shopIds)];
    const all = (
      await tx
        .select({ shopId: portalShops.accountId })
        .from(portalShops)
        .where(eq(portalShops.portalId, p.id))
        .orderBy(...shopOrder)
    ).map((r) => r.shopId);
    if (ids.length !== shopIds.length || ids.some((id) => !all.includes(id)))
      throw badRequest(PORTAL_MESSAGES.orderMismatch, 'shopIds');
    const moving = new Set(ids);
    const queue = [...ids];
    const next = all.map((id) => (moving.has(id) ? queue.shift()! : id));
    for (const [i, accountId] of next.entries())
      await tx
        .update(portalShops)
        .set({ displayOrder: Math.min(i + 1, 9999) })
        .where(and(eq(portalShops.portalId, p.id), eq(portalShops.accountId, accountId)));
    await touch(tx, p.id);
  });

/** Every change of a portal's shops changes the public page: its ETag follows updatedAt. */
const touch = (db: Db, id: number) =>
  db.update(portals).set({ updatedAt: new Date() }).where(eq(portals.id, id));

const shopSelect = {
  shopId: portalShops.accountId,
  name: businesses.name,
  label: portalShops.label,
  displayOrder: portalShops.displayOrder,
  visible: portalShops.visible,
  online,
};
const shopOrder = [asc(portalShops.displayOrder), asc(portalShops.addedAt), asc(portalShops.accountId)];

export const listPortalShops = async (
  db: Db,
  key: string,
  q: { q?: string; offset: number; limit: number },
) => {
  const p = await portalRow(db, key);
  const conds: SQL[] = [eq(portalShops.portalId, p.id)];
  if (q.q) conds.push(searchShops(q.q));
  const where = and(...conds);
  const from = () =>
    db
      .select(shopSelect)
      .from(portalShops)
      .innerJoin(businesses, eq(businesses.accountId, portalShops.accountId))
      .innerJoin(accounts, eq(accounts.id, portalShops.accountId));
  const [total] = await db
    .select({ n: count() })
    .from(portalShops)
    .innerJoin(businesses, eq(businesses.accountId, portalShops.accountId))
    .where(where);
  const rows = await from()
    .where(where)
    .orderBy(...shopOrder)
    .limit(q.limit)
    .offset(q.offset);
  return { total: total?.n ?? 0, rows };
};

/** The shops the public page lists, in order (visible and online only). */
export const publicShops = async (db: Db, portalId: number) =>
  db
    .select(shopSelect)
    .from(portalShops)
    .innerJoin(businesses, eq(businesses.accountId, portalShops.accountId))
    .innerJoin(accounts, eq(accounts.id, portalShops.accountId))
    .where(
      and(eq(portalShops.portalId, portalId), eq(portalShops.visible, true), eq(accounts.sysClosed, false)),
    )
    .orderBy(...shopOrder);

const searchShops = (q: string): SQL => {
  const id = /^\d{1,9}$/.test(q) ? Number(q) : null;
  const byName = ilike(businesses.name, likeOf(q));
  return id === null ? byName : or(byName, eq(accounts.id, id))!;
};

export const portalCandidates = async (
  db: Db,
  key: string,
  q: { q?: string; offset: number; limit: number },
) => {
  const p = await portalRow(db, key);
  const where = q.q ? searchShops(q.q) : undefined;
  const [total] = await db
    .select({ n: count() })
    .from(accounts)
    .innerJoin(businesses, eq(businesses.accountId, accounts.id))
    .where(where);
  const rows = await db
    .select({
      shopId: accounts.id,
      name: businesses.name,
      siName: siAccounts.displayName,
      online,
      inPortal: sql<boolean>`${portalShops.accountId} is not null`,
    })
    .from(accounts)
    .innerJoin(businesses, eq(businesses.accountId, accounts.id))
    .leftJoin(siAccounts, eq(siAccounts.id, accounts.siAccountId))
    .leftJoin(portalShops, and(eq(portalShops.accountId, accounts.id), eq(portalShops.portalId, p.id)))
    .where(where)
    .orderBy(asc(accounts.id))
    .limit(q.limit)
    .offset(q.offset);
  return { total: total?.n ?? 0, rows };
};

export const addPortalShops = async (db: Db, key: string, shopIds: number[]) =>
  db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const p = await portalRow(tx, key);
    const ids = [...new Set(shopIds)];
    const found = await tx.select({ id: accounts.id }).from(accounts).where(inArray(accounts.id, ids));
    const missing = ids.find((id) => !found.some((f) => f.id === id));
    if (missing !== undefined)
      throw badRequest({ zh: `找不到商店 ${missing}`, en: `No shop ${missing}` }, 'shopIds');
    const [last] = await tx
      .select({ n: max(portalShops.displayOrder) })
      .from(portalShops)
      .where(eq(portalShops.portalId, p.id));
    const start = (last?.n ?? 0) + 1;
    const added = await tx
      .insert(portalShops)
      .values(
        ids.map((accountId, i) => ({ portalId: p.id, accountId, displayOrder: Math.min(start + i, 9999) })),
      )
      .onConflictDoNothing()
      .returning({ id: portalShops.accountId });
    await touch(tx, p.id);
    return { added: added.length };
  });

export const loadPortalShop = async (db: Db, key: string, shopId: number): Promise<TPortalShop> => {
  const p = await portalRow(db, key);
  const [row] = await db
    .select(shopSelect)
    .from(portalShops)
    .innerJoin(businesses, eq(businesses.accountId, portalShops.accountId))
    .innerJoin(accounts, eq(accounts.id, portalShops.accountId))
    .where(and(eq(portalShops.portalId, p.id), eq(portalShops.accountId, shopId)));
  if (!row) throw notFound(PORTAL_MESSAGES.notInPortal);
  return row;
};

export const updatePortalShop = async (
  db: Db,
  key: string,
  shopId: number,
  input: z.output<typeof ZPortalShopInput>,
) => {
  const p = await portalRow(db, key);
  const [row] = await db
    .update(portalShops)
    .set(input)
    .where(and(eq(portalShops.portalId, p.id), eq(portalShops.accountId, shopId)))
    .returning();
  if (!row) throw notFound(PORTAL_MESSAGES.notInPortal);
  await touch(db, p.id);
  return loadPortalShop(db, key, shopId);
};

export const removePortalShop = async (db: Db, key: string, shopId: number) => {
  const p = await portalRow(db, key);
  const [row] = await db
    .delete(portalShops)
    .where(and(eq(portalShops.portalId, p.id), eq(portalShops.accountId, shopId)))
    .returning();
  if (!row) throw notFound(PORTAL_MESSAGES.notInPortal);
  await touch(db, p.id);
};

/** /portals/shops: every shop in at least one portal, with its portals. */
export const portalShopsOverview = async (db: Db, q: { q?: string; offset: number; limit: number }) => {
  const inAny = sql`${accounts.id} in (select ${portalShops.accountId} from ${portalShops})`;
  const where = q.q ? and(inAny, searchShops(q.q)) : inAny;
  const [total] = await db
    .select({ n: count() })
    .from(accounts)
    .innerJoin(businesses, eq(businesses.accountId, accounts.id))
    .where(where);
  const shops = await db
    .select({ shopId: accounts.id, name: businesses.name, online })
    .from(accounts)
    .innerJoin(businesses, eq(businesses.accountId, accounts.id))
    .where(where)
    .orderBy(asc(accounts.id))
    .limit(q.limit)
    .offset(q.offset);
  const links = shops.length
    ? await db
        .select({
          shopId: portalShops.accountId,
          key: portals.key,
          name: portals.name,
          visible: portalShops.visible,
        })
        .from(portalShops)
        .innerJoin(portals, eq(portals.id, portalShops.portalId))
        .where(
          inArray(
            portalShops.accountId,
            shops.map((s) => s.shopId),
          ),
        )
        .orderBy(asc(portals.key))
    : [];
  return {
    total: total?.n ?? 0,
    rows: shops.map((s) => ({
      ...s,
      portals: links
        .filter((l) => l.shopId === s.shopId)
        .map(({ key, name, visible }) => ({ key, name, visible })),
    })),
  };
};

export type { TPortalInput };
