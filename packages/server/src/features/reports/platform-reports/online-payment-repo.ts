import {
  PAYMENT_CONFIG_STATES,
  PAYMENT_REPORT_DAYS,
  paymentConfigState,
  type TOnlinePaymentFilters,
  type TOnlinePaymentRow,
  type TPaymentConfigState,
} from '@shopdesk/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client';

type TRaw = {
  shop_id: number;
  shop_name: string;
  is_enabled: boolean;
  merchant_name: string;
  service: TOnlinePaymentRow['service'];
  name: string;
  enabled_types: TOnlinePaymentRow['enabledTypes'] | null;
  last_test: TOnlinePaymentRow['lastTest'];
  paid: number;
  failed: number;
};

/**
 * Every configured payment service of the kind's shops with its enabled types (payment_configs), last
 * connection test and the last PAYMENT_REPORT_DAYS days of payments through it; the state by the contract's
 * paymentConfigState. Filters and counts run on the decided rows, as in the shop-settings report.
 */
export const onlinePaymentReport = async (db: Db, f: TOnlinePaymentFilters, now = new Date()) => {
  const kind = f.kind ?? 'catering';
  const since = new Date(now.getTime() - PAYMENT_REPORT_DAYS * 86_400_000).toISOString();
  const raw = await queryRows<TRaw>(
    db,
    sql`select a.id as shop_id, b.name as shop_name, b.is_enabled, m.name as merchant_name, s.service, s.name,
          (select jsonb_agg(c.type order by c.type) from payment_configs c
            where c.payment_service_id = s.id and c.is_enabled) as enabled_types,
          s.last_test,
          (select count(*)::int from order_payments p where p.account_id = a.id and p.service = s.service
            and p.created_at >= ${since}::timestamptz and p.status in ('paid', 'refund_queued', 'refunded')) as paid,
          (select count(*)::int from order_payments p where p.account_id = a.id and p.service = s.service
            and p.created_at >= ${since}::timestamptz and p.status in ('failed', 'refund_failed')) as failed
        from payment_services s
        join qr_merchants m on m.account_id = s.account_id
        join accounts a on a.id = s.account_id
        join businesses b on b.account_id = a.id
        where a.kind = ${kind}
        order by a.id, s.service`,
  );
  const [{ bare } = { bare: 0 }] = await queryRows<{ bare: number }>(
    db,
    sql`select count(*)::int as bare from qr_merchants m join accounts a on a.id = m.account_id
        where a.kind = ${kind} and not exists (select 1 from payment_services s where s.account_id = m.account_id)`,
  );
  const all: TOnlinePaymentRow[] = raw.map((r) => {
    const enabledTypes = r.enabled_types ?? [];
    return {
      shopId: r.shop_id,
      shopName: r.shop_name,
      isEnabled: r.is_enabled,
      merchantName: r.merchant_name,
      service: r.service,
      name: r.name,
      enabledTypes,
      lastTest: r.last_test,
      paid: r.paid,
      failed: r.failed,
      state: paymentConfigState({
        enabledTypes,
        lastTestOk: r.last_test ? r.last_test.ok : null,
        failed: r.failed,
        paid: r.paid,
      }),
    };
  });
  const counts = Object.fromEntries(PAYMENT_CONFIG_STATES.map((s) => [s, 0])) as Record<
    TPaymentConfigState,
    number
  >;
  for (const r of all) counts[r.state] += 1;
  const q = f.q?.trim();
  const rows = all.filter(
    (r) =>
      (!f.service || r.service === f.service) &&
      (!f.state || r.state === f.state) &&
      (!q || (/^\d+$/.test(q) ? String(r.shopId) === q : r.shopName.toLowerCase().includes(q.toLowerCase()))),
  );
  return { rows, counts, merchantsWithoutService: bare };
};
