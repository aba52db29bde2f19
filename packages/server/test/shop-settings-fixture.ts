import { ACLS } from '@shopdesk/contract';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { accounts, auditRecords, businesses } from '../src/db/schema';
import { build } from './helpers';

/** A gaa, an owner with two shops of its own, another owner's shop, and the calls of the settings page. */
export const settingsFixture = async () => {
  const t = await build();
  const quick = await t.createSiAccount('quickclick');
  const gaa = await t.signedIn('gaa');
  const eaa = await t.signedIn('eaa');
  const si = await t.signedIn('si', { siAccountId: quick.id });
  const shopInput = {
    email: 'beef@example.com',
    phone: '02-2345-6789',
    address: '台北市中正區忠孝西路一段 100 號',
  };
  const shop = await t.createShop({
    name: '阿嬤牛肉麵',
    siAccountId: quick.id,
    ownerUserId: eaa.user.id,
    ...shopInput,
  });
  const other = await t.createShop({ name: '老王便當', shopId: 'S-777', ...shopInput });
  const id = shop.account.id;
  // a shop manager of this shop without the `shop` acl (every other one): the settings calls refuse it
  const line = await t.signedIn('line', { shopAccountId: id, acls: ACLS.filter((a) => a !== 'shop') });
  // and one holding only `shop`: the owner's field rights on its one shop (contract settingsUserOf)
  const lineShop = await t.signedIn('line', { shopAccountId: id, acls: ['shop'] });

  type Who = { headers: Record<string, string> } | null;
  const call = (who: Who, method: 'GET' | 'PUT' | 'PATCH' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/console/apis${url}`, headers: who?.headers ?? {}, payload });
  const save = (
    who: Who,
    path: string,
    body: { table: string; key: string; value: unknown; label?: string },
    shopId = id,
  ) => call(who, 'PUT', `/console/${shopId}/${path}`, { label: body.label ?? body.key, ...body });

  const businessRow = async (shopId = id) =>
    (await t.db.select().from(businesses).where(eq(businesses.id, shopId)))[0]!;
  const accountRow = async (shopId = id) =>
    (await t.db.select().from(accounts).where(eq(accounts.id, shopId)))[0]!;
  // Values read as JSON text (drizzle on PGlite parses a JSON string value twice).
  const audits = async (shopId = id) =>
    (
      await t.db
        .select({
          ...getTableColumns(auditRecords),
          oldValue: sql<string>`${auditRecords.oldValue}::text`,
          newValue: sql<string>`${auditRecords.newValue}::text`,
        })
        .from(auditRecords)
        .where(eq(auditRecords.accountId, shopId))
        .orderBy(auditRecords.id)
    ).map((r) => ({
      ...r,
      oldValue: JSON.parse(r.oldValue ?? 'null'),
      newValue: JSON.parse(r.newValue ?? 'null'),
    }));

  return { t, gaa, eaa, si, line, lineShop, shop, other, id, call, save, businessRow, accountRow, audits };
};
