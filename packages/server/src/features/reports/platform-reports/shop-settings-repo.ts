import {
  shopSettingProblems,
  type TShopProblem,
  type TShopSettingsFilters,
  type TShopSettingsRow,
} from '@shopdesk/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client';
import { shopClock } from '../../../jobs/local-clock';

type TRaw = {
  id: number;
  kind: 'catering' | 'retail';
  name: string;
  si_name: string | null;
  si_id: number | null;
  is_enabled: boolean;
  is_eat_in: boolean;
  is_eat_in_cash: boolean;
  is_eat_in_pay: boolean;
  is_to_go: boolean;
  is_to_go_cash: boolean;
  is_to_go_pay: boolean;
  is_delivery: boolean;
  is_delivery_cash: boolean;
  is_delivery_pay: boolean;
  courier: boolean;
  delivery_zones: number;
  printers: number;
  printers_online: number;
  contract_sys_end: string | null;
  has_contracts: boolean;
  payment_services: number;
};

/**
 * Every shop of the kind with its facts, in one read (aggregates per shop by lateral sub-queries), and its
 * problems by the contract's rule. The report is a whole-platform view: the filters and counts run on the
 * decided rows (docs/decisions/reports.md "Platform reports").
 */
const allRows = async (
  db: Db,
  kind: 'catering' | 'retail',
  today: string,
): Promise<(TShopSettingsRow & { siId: number | null })[]> => {
  const raw = await queryRows<TRaw>(
    db,
    sql`select a.id, a.kind, b.name, s.display_name as si_name, a.si_account_id as si_id, b.is_enabled,
          b.is_eat_in, b.is_eat_in_cash, b.is_eat_in_pay, b.is_to_go, b.is_to_go_cash, b.is_to_go_pay,
          b.is_delivery, b.is_delivery_cash, b.is_delivery_pay,
          coalesce(l.platform = 'platform' and (b.is_logistic or b.is_lala), false) as courier,
          (select count(*)::int from delivery_rules r where r.account_id = a.id) as delivery_zones,
          (select count(*)::int from printers p where p.account_id = a.id) as printers,
          (select count(*)::int from printers p where p.account_id = a.id and p.state = 'online') as printers_online,
          (select to_char(max(c.sys_end_date), 'YYYY-MM-DD') from contracts c
            where c.account_id = a.id and c.status = 'normal'
              and c.start_date <= ${today}::date and c.sys_end_date >= ${today}::date) as contract_sys_end,
          exists (select 1 from contracts c where c.account_id = a.id and c.status = 'normal') as has_contracts,
          (select count(*)::int from payment_configs pc where pc.account_id = a.id and pc.is_enabled) as payment_services
        from accounts a
        join businesses b on b.account_id = a.id
        left join si_accounts s on s.id = a.si_account_id
        left join shop_logistics l on l.account_id = a.id
        where a.kind = ${kind}
        order by a.id`,
  );
  return raw.map((r) => {
    const facts = {
      isEnabled: r.is_enabled,
      modes: {
        eat_in: { on: r.is_eat_in, cash: r.is_eat_in_cash, pay: r.is_eat_in_pay },
        to_go: { on: r.is_to_go, cash: r.is_to_go_cash, pay: r.is_to_go_pay },
        delivery: { on: r.is_delivery, cash: r.is_delivery_cash, pay: r.is_delivery_pay },
      },
      deliveryZones: r.delivery_zones,
      printers: r.printers,
      printersOnline: r.printers_online,
      contractSysEnd: r.contract_sys_end,
      hasContracts: r.has_contracts,
    };
    return {
      ...facts,
      id: r.id,
      name: r.name,
      kind: r.kind,
      siName: r.si_name,
      siId: r.si_id,
      logistics: r.is_delivery ? (r.courier ? 'courier' : 'self') : 'none',
      paymentServices: r.payment_services,
      problems: shopSettingProblems(facts, today),
    };
  });
};

const matches = (r: TShopSettingsRow & { siId: number | null }, f: TShopSettingsFilters) => {
  if (f.problem && !r.problems.includes(f.problem)) return false;
  if (f.online && r.isEnabled !== (f.online === 'yes')) return false;
  if (f.siId && r.siId !== f.siId) return false;
  // a number is a shop id; anything else a part of the name
  const q = f.q?.trim();
  if (q && (/^\d+$/.test(q) ? String(r.id) !== q : !r.name.toLowerCase().includes(q.toLowerCase())))
    return false;
  return true;
};

const strip = ({ siId: _, ...row }: TShopSettingsRow & { siId: number | null }): TShopSettingsRow => row;

/** The rows the filters keep (all of them: the export), and the problem counts over every shop of the kind. */
export const shopSettingsReport = async (db: Db, f: TShopSettingsFilters, now = new Date()) => {
  const all = await allRows(db, f.kind ?? 'catering', shopClock(now).date);
  const counts = {} as Record<TShopProblem, number>;
  for (const r of all) for (const p of r.problems) counts[p] = (counts[p] ?? 0) + 1;
  return { rows: all.filter((r) => matches(r, f)).map(strip), counts, shops: all.length };
};
