import { addDays, localToday } from '@shopdesk/contract';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../src/db/client';
import { transitionOrder } from '../src/features/orders/order-flow/transition';
import type { build } from './helpers';
import { openShop, orderBody, postOrder } from './storefront-fixtures';

type T = Awaited<ReturnType<typeof build>>;
type Owner = { user: { id: number }; headers: { cookie: string } };

export const statsUrl = (type: string, rest: string) => `/console/apis/${type}/stats${rest}`;
export const today = () => localToday();
export const lastWeek = () => ({ from: addDays(today(), -6), to: today() });

/** Places `n` orders through the storefront API; returns their ids. */
export const placeOrders = async (
  t: T,
  shop: { accountId: number; productId: number },
  n: number,
  extra: Record<string, unknown> = {},
) => {
  const ids: number[] = [];
  for (let k = 0; k < n; k += 1) {
    const res = await postOrder(
      t,
      shop.accountId,
      orderBody(shop.productId, {
        customer: { name: '王小明', phone: `09${String(10_000_000 + (k % 3)).padStart(8, '0')}` },
        items: [{ productId: shop.productId, quantity: 1 + (k % 2), optionIds: [] }],
        ...extra,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    ids.push(res.json().order.id as number);
  }
  return ids;
};

export const move = (
  t: T,
  accountId: number,
  orderId: number,
  action: 'accept' | 'reject' | 'complete' | 'cancel',
) =>
  transitionOrder(t.db, {
    orderId,
    accountId,
    action,
    reason: action === 'reject' || action === 'cancel' ? '顧客要求取消' : null,
    actor: { kind: 'system', name: 'test' },
  });

/** A shop taking orders (manual acceptance so orders stay new until moved). */
export const statShop = (t: T, owner: Owner, siAccountId: number) =>
  openShop(t, owner, { siAccountId }, {}, { manual: true });

/** The oracle: the same figures straight from orders (counted = accepted, completed; Taipei days). */
export const rawFigures = async (t: T, accountIds: number[], range: { from: string; to: string }) => {
  const ids = sql.raw(accountIds.length ? accountIds.join(',') : '0');
  const where = sql`o.account_id in (${ids}) and o.status in ('accepted', 'completed')
    and (o.created_at at time zone 'Asia/Taipei')::date between ${range.from}::date and ${range.to}::date`;
  const [total] = await queryRows<{ orders: number; revenue: number }>(
    t.db,
    sql`select count(*)::int as orders, coalesce(sum(total), 0)::int as revenue from orders o where ${where}`,
  );
  const byMeal = await queryRows<{ meal_type: string; orders: number; revenue: number }>(
    t.db,
    sql`select meal_type, count(*)::int as orders, sum(total)::int as revenue from orders o where ${where} group by 1`,
  );
  const byHour = await queryRows<{ hour: number; orders: number }>(
    t.db,
    sql`select extract(hour from created_at at time zone 'Asia/Taipei')::int as hour, count(*)::int as orders
        from orders o where ${where} group by 1`,
  );
  const products = await queryRows<{ product_id: number; qty: number; revenue: number }>(
    t.db,
    sql`select min(i.product_id)::int as product_id, sum(i.quantity)::int as qty, sum(i.line_total)::int as revenue
        from orders o join order_items i on i.order_id = o.id where ${where}
        group by i.names->>'zh' order by 3 desc, 1`,
  );
  return { ...total!, byMeal, byHour, products };
};
