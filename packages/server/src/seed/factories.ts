import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accounts, accountTags, businesses, siAccounts, tags, users } from '../db/schema';
import { hashPassword } from '../lib/password';

/** Factories shared by the seed and the tests (STYLE.md: `createShop({ si: 'quickclick' })`). */

type UserType = 'gaa' | 'si' | 'eaa' | 'line';

export const createSiAccount = async (db: Db, name: string, displayName = name) => {
  const [row] = await db
    .insert(siAccounts)
    .values({ name, displayName, email: `${name}@si.demo.test` })
    .onConflictDoUpdate({ target: siAccounts.name, set: { displayName } })
    .returning();
  return row!;
};

export const createUser = async (
  db: Db,
  input: {
    type: UserType;
    email: string;
    name?: string;
    password?: string;
    passwordHash?: string;
    siAccountId?: number | null;
    shopAccountId?: number | null;
    phone?: string;
    /** A line user's acls (default: all of them). */
    acls?: string[];
  },
) => {
  const passwordHash = input.passwordHash ?? (await hashPassword(input.password ?? 'demo-password'));
  const [row] = await db
    .insert(users)
    .values({
      type: input.type,
      email: input.email,
      name: input.name ?? input.email.split('@')[0]!,
      phone: input.phone,
      passwordHash,
      siAccountId: input.siAccountId ?? null,
      shopAccountId: input.shopAccountId ?? null,
      ...(input.acls ? { acls: input.acls } : {}),
    })
    .returning();
  return row!;
};

export type ShopInput = Partial<typeof businesses.$inferInsert> & {
  name: string;
  kind?: 'catering' | 'retail';
  siAccountId?: number | null;
  ownerUserId?: number | null;
  isInitialized?: boolean;
  shopId?: string | null;
  code?: string | null;
  tags?: string[];
};

/** A shop: one account row and one business row sharing the same id. */
export const createShop = async (db: Db, input: ShopInput) => {
  const { kind, siAccountId, ownerUserId, isInitialized, shopId, code, tags: tagNames, ...business } = input;
  return db.transaction(async (tx) => {
    const [account] = await tx
      .insert(accounts)
      .values({
        kind: kind ?? 'catering',
        siAccountId: siAccountId ?? null,
        ownerUserId: ownerUserId ?? null,
        // live unless a test says otherwise: a shop not live takes staff test orders only
        isInitialized: isInitialized ?? true,
        shopId: shopId ?? null,
        code: code ?? null,
      })
      .returning();
    const [row] = await tx
      .insert(businesses)
      .values({ ...business, id: account!.id, accountId: account!.id })
      .returning();
    for (const tag of tagNames ?? []) await addTag(tx as unknown as Db, account!.id, tag);
    return { account: account!, business: row! };
  });
};

export const addTag = async (db: Db, accountId: number, name: string) => {
  const [tag] = await db
    .insert(tags)
    .values({ name })
    .onConflictDoUpdate({ target: tags.name, set: { name: sql`excluded.name` } })
    .returning();
  await db.insert(accountTags).values({ accountId, tagId: tag!.id }).onConflictDoNothing();
  return tag!;
};
