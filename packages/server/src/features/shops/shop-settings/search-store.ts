import { concatShopName, SETTINGS_SEARCH_LIMIT, type TSettingsSearchHit } from '@shopdesk/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client';

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Shops whose account id is the text, or whose store-system shop id or name contains it (spec 001 §7
 * search); an exact id comes first, then by id.
 */
export const searchAccounts = async (db: Db, text: string): Promise<TSettingsSearchHit[]> => {
  const id = /^\d{1,9}$/.test(text) ? Number(text) : -1;
  const pattern = likePattern(text);
  const rows = await queryRows<{ id: number; shop_id: string | null; shop_name: string }>(
    db,
    sql`select a.id, a.shop_id, b.name as shop_name
        from accounts a join businesses b on b.id = a.id
        where a.id = ${id} or a.shop_id ilike ${pattern} or b.name ilike ${pattern}
        order by (a.id = ${id}) desc, a.id
        limit ${SETTINGS_SEARCH_LIMIT}`,
  );
  return rows.map((r) => ({ ...r, concatName: concatShopName(r.id, r.shop_name, r.shop_id) }));
};
