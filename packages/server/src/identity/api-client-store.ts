import { createHash, randomBytes } from 'node:crypto';
import {
  API_CLIENT_MESSAGES,
  API_KEY_PREFIX,
  type TApiClient,
  type TApiClientInput,
} from '@shopdesk/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accounts, apiClientShops, apiClients } from '../db/schema';
import { badRequest, conflict, notFound } from '../http/errors';

/**
 * API clients (docs/decisions/platform.md "API clients"). A key is 32 random bytes (base64url) after
 * `sdk_`: with that much entropy a plain SHA-256 is the right store (no slow hash needed, lookups by hash).
 */
export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');
const newKey = () => {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, keyPrefix: key.slice(0, 12), keyHash: hashKey(key) };
};

type Row = typeof apiClients.$inferSelect;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const view = (r: Row, shopIds: number[]): TApiClient => ({
  id: r.id,
  name: r.name,
  keyPrefix: r.keyPrefix,
  allShops: r.allShops,
  shopIds,
  createdAt: r.createdAt.toISOString(),
  lastUsedAt: iso(r.lastUsedAt),
  rotatedAt: iso(r.rotatedAt),
  revokedAt: iso(r.revokedAt),
});

const shopsOf = async (db: Db, ids: number[]) => {
  if (ids.length === 0) return new Map<number, number[]>();
  const rows = await db.select().from(apiClientShops).where(inArray(apiClientShops.clientId, ids));
  const out = new Map<number, number[]>();
  for (const r of rows) out.set(r.clientId, [...(out.get(r.clientId) ?? []), r.accountId]);
  return out;
};

export const listClients = async (db: Db) => {
  const rows = await db.select().from(apiClients).orderBy(apiClients.id);
  const shops = await shopsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    view(
      r,
      (shops.get(r.id) ?? []).sort((a, b) => a - b),
    ),
  );
};

const loadClient = async (db: Db, id: number) => {
  const [r] = await db.select().from(apiClients).where(eq(apiClients.id, id));
  if (!r) throw notFound();
  const shops = await shopsOf(db, [id]);
  return view(
    r,
    (shops.get(id) ?? []).sort((a, b) => a - b),
  );
};

/** The scope, checked: every shop must exist (400 names the first that does not). */
const setShops = async (db: Db, clientId: number, input: { allShops: boolean; shopIds: number[] }) => {
  await db.delete(apiClientShops).where(eq(apiClientShops.clientId, clientId));
  if (input.allShops) return;
  const ids = [...new Set(input.shopIds)];
  const found = await db.select({ id: accounts.id }).from(accounts).where(inArray(accounts.id, ids));
  const missing = ids.find((id) => !found.some((f) => f.id === id));
  if (missing !== undefined)
    throw badRequest({ zh: `找不到商店 ${missing}`, en: `No shop ${missing}` }, 'shopIds');
  await db.insert(apiClientShops).values(ids.map((accountId) => ({ clientId, accountId })));
};

export const createClient = async (
  db: Db,
  userId: number,
  input: TApiClientInput & { allShops: boolean; shopIds: number[] },
) =>
  db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const k = newKey();
    const [r] = await t
      .insert(apiClients)
      .values({
        name: input.name,
        keyPrefix: k.keyPrefix,
        keyHash: k.keyHash,
        allShops: input.allShops,
        createdBy: userId,
      })
      .returning();
    await setShops(t, r!.id, input);
    return { client: await loadClient(t, r!.id), key: k.key };
  });

const live = async (db: Db, id: number) => {
  const client = await loadClient(db, id);
  if (client.revokedAt) throw conflict(API_CLIENT_MESSAGES.revokedAlready);
  return client;
};

export const updateClient = async (
  db: Db,
  id: number,
  input: { name: string; allShops: boolean; shopIds: number[] },
) =>
  db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await live(t, id);
    await t
      .update(apiClients)
      .set({ name: input.name, allShops: input.allShops })
      .where(eq(apiClients.id, id));
    await setShops(t, id, input);
    return { client: await loadClient(t, id) };
  });

export const rotateClient = async (db: Db, id: number) =>
  db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await live(t, id);
    const k = newKey();
    await t
      .update(apiClients)
      .set({ keyPrefix: k.keyPrefix, keyHash: k.keyHash, rotatedAt: new Date() })
      .where(eq(apiClients.id, id));
    return { client: await loadClient(t, id), key: k.key };
  });

export const revokeClient = async (db: Db, id: number) => {
  await loadClient(db, id);
  await db
    .update(apiClients)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiClients.id, id), isNull(apiClients.revokedAt)));
  return { client: await loadClient(db, id) };
};

export type ApiClientCaller = { id: number; allShops: boolean; shopIds: number[] };

/** The live client of a key, or null (unknown, revoked); its last use is noted. */
export const clientOfKey = async (db: Db, key: string): Promise<ApiClientCaller | null> => {
  if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) return null;
  const [r] = await db
    .select()
    .from(apiClients)
    .where(and(eq(apiClients.keyHash, hashKey(key)), isNull(apiClients.revokedAt)));
  if (!r) return null;
  await db.update(apiClients).set({ lastUsedAt: new Date() }).where(eq(apiClients.id, r.id));
  const shops = await shopsOf(db, [r.id]);
  return { id: r.id, allShops: r.allShops, shopIds: shops.get(r.id) ?? [] };
};
