import { haversineKm, priceOrder, type TMealType, type TMenuProduct } from '@shopdesk/contract';
import { address, mobile, personName } from './demo-data';
import type { Random } from './random';

/** What the generator needs of a shop: its switches as order intake reads them, and its live menu. */
export type SeedShop = {
  accountId: number;
  siAccountId: number | null;
  isManual: boolean;
  startNumber: number;
  /** reset_time: the order-number day starts there. */
  resetTime: string;
  meals: TMealType[];
  onlinePay: Record<TMealType, boolean>;
  lat: number | null;
  lng: number | null;
  products: TMenuProduct[];
};

const TAIPEI_OFFSET = 8 * 3_600_000; // Asia/Taipei has no daylight saving time
const DAY = 86_400_000;
const MEAL_WEIGHT: Record<TMealType, number> = { eat_in: 0.5, to_go: 0.35, delivery: 0.15 };

/** Local minute of the day: lunch and dinner peaks over a thin all-day trickle (08:00–21:00). */
const minuteOfDay = (r: Random) => {
  const roll = r.next();
  const around = (from: number, to: number) => from + Math.floor(((r.next() + r.next()) / 2) * (to - from));
  if (roll < 0.42) return around(11 * 60, 13 * 60 + 30);
  if (roll < 0.84) return around(17 * 60, 19 * 60 + 30);
  return r.int(8 * 60, 21 * 60);
};

/** Taipei midnight, as a UTC instant, `daysBack` days before the day of `now`. */
export const taipeiMidnight = (now: Date, daysBack: number) =>
  Math.floor((now.getTime() + TAIPEI_OFFSET) / DAY) * DAY - TAIPEI_OFFSET - daysBack * DAY;

/** `count` order times over the last `days` days (today only up to `now`), oldest first. */
export const orderTimes = (r: Random, now: Date, days: number, count: number) => {
  const out: number[] = [];
  for (let k = 0; k < count; k += 1) {
    let back = r.int(0, days - 1);
    // weekends are busier: redraw a weekday once in four
    if (new Date(taipeiMidnight(now, back) + TAIPEI_OFFSET).getUTCDay() % 6 !== 0 && r.chance(0.25))
      back = r.int(0, days - 1);
    let at = taipeiMidnight(now, back) + minuteOfDay(r) * 60_000 + r.int(0, 59_999);
    if (at > now.getTime()) at -= DAY; // later today has not happened yet
    out.push(at);
  }
  return out.sort((a, b) => a - b);
};

const pickMeal = (r: Random, meals: TMealType[]): TMealType => {
  let roll = r.next() * meals.reduce((s, m) => s + MEAL_WEIGHT[m], 0);
  for (const m of meals) {
    roll -= MEAL_WEIGHT[m];
    if (roll < 0) return m;
  }
  return meals[0]!;
};

/** 1–4 lines of products sold for the meal type, each with a valid choice in every option group. */
const pickItems = (r: Random, shop: SeedShop, meal: TMealType, today: boolean) => {
  // today's orders avoid stock-limited products: intake would have taken today's stock
  const forMeal = shop.products.filter((p) => p.mealTypes.includes(meal));
  const unlimited = forMeal.filter((p) => !(today && p.dailyStock !== null));
  const sold = unlimited.length ? unlimited : forMeal;
  const lines = r.int(1, r.chance(0.6) ? 2 : 4);
  return Array.from({ length: lines }, () => {
    const p = r.pick(sold);
    const optionIds = p.optionGroups.flatMap((g) => {
      const max = g.kind === 'single' ? Math.min(1, g.maxSelect) : g.maxSelect;
      const n = r.int(g.minSelect, Math.min(max, g.options.length));
      const pool = [...g.options];
      return Array.from({ length: n }, () => pool.splice(Math.floor(r.next() * pool.length), 1)[0]!.id);
    });
    return { productId: p.id, quantity: r.chance(0.75) ? 1 : r.int(2, 3), optionIds };
  });
};

/** Demo coupon campaigns: code, NT$ off (or a percentage), the least subtotal it needs. */
const VOUCHERS = [
  { code: 'WELCOME50', off: 50, min: 150 },
  { code: 'LUNCH20', off: 20, min: 80 },
  { code: 'APP30', off: 30, min: 120 },
  { code: 'AUTUMN10', pct: 10, min: 0 },
  { code: 'NEWYEAR100', off: 100, min: 400 },
] as const;
export const VOUCHER_SHARE = 0.08;

/**
 * About VOUCHER_SHARE of the orders redeem a voucher (vouchers page). Drawn from a hash of the
 * shop and serial, not from `r`: the rest of the demo data stays exactly as it was before vouchers.
 */
export const pickVoucher = (accountId: number, serial: number, subtotal: number) => {
  let h = Math.imul(accountId ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(serial, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
  const u = ((h ^ (h >>> 15)) >>> 0) / 2 ** 32;
  if (u >= VOUCHER_SHARE) return null;
  // one of the coupons the order qualifies for (the percentage one has no minimum)
  const fits = VOUCHERS.filter((c) => subtotal >= c.min);
  const v = fits[Math.floor((u / VOUCHER_SHARE) * fits.length)]!;
  const discount = 'pct' in v ? Math.round((subtotal * v.pct) / 100) : Math.min(v.off, subtotal);
  return discount > 0 ? { code: v.code, discount } : null;
};

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * One order as intake would have stored it (features/orders/storefront/place-order.ts), priced by the same
 * priceOrder from the shop's menu, then moved along its life: most completed, some rejected or canceled,
 * the last hour's still new (manual-acceptance shops) or accepted.
 */
export const makeOrder = (r: Random, shop: SeedShop, serial: number, at: number, now: Date) => {
  const meals = shop.meals.filter((m) => shop.products.some((p) => p.mealTypes.includes(m)));
  const meal = pickMeal(r, meals.length ? meals : ['eat_in']);
  const today = at >= taipeiMidnight(now, 0);
  const priced = priceOrder({ products: shop.products }, pickItems(r, shop, meal, today));
  if (!priced.ok) throw new Error(`seed order refused: ${priced.refusal.code}`);
  const online = shop.onlinePay[meal] && r.chance(0.4);
  const recent = now.getTime() - at < 3_600_000;
  const roll = r.next();
  const status = recent
    ? shop.isManual && r.chance(0.6)
      ? 'new'
      : 'accepted'
    : roll < 0.03
      ? 'rejected'
      : roll < 0.08
        ? 'canceled'
        : 'completed';
  const min = (a: number, b: number) => at + r.int(a, b) * 60_000;
  const acceptedAt = status === 'new' || status === 'rejected' ? null : shop.isManual ? min(1, 4) : at;
  const paymentStatus = !online
    ? status === 'completed'
      ? 'paid'
      : 'unpaid'
    : status === 'canceled' || status === 'rejected'
      ? 'refunded'
      : 'paid';
  const later = meal !== 'eat_in' && r.chance(0.5);
  const wantedAt = later ? Math.ceil(min(20, 60) / 300_000) * 300_000 : null;
  let delivery: { address: string; lat: number; lng: number; km: string | null } | null = null;
  if (meal === 'delivery') {
    const lat = (shop.lat ?? 25.04) + (r.next() - 0.5) * 0.03;
    const lng = (shop.lng ?? 121.53) + (r.next() - 0.5) * 0.03;
    const km =
      shop.lat === null || shop.lng === null
        ? null
        : haversineKm({ lat: shop.lat, lng: shop.lng }, { lat, lng });
    delivery = { address: address(r).address, lat, lng, km: km === null ? null : km.toFixed(3) };
  }
  const voucher = pickVoucher(shop.accountId, serial, priced.order.subtotal);
  const order = {
    account_id: shop.accountId,
    si_account_id: shop.siAccountId,
    serial,
    status,
    meal_type: meal,
    payment_method: online ? 'online' : 'cash',
    payment_status: paymentStatus,
    customer_name: personName(r),
    customer_phone: mobile(r).replaceAll('-', ''),
    // LINE user ids are U + 32 hex digits
    line_user_id: r.chance(0.7)
      ? `U${Array.from({ length: 4 }, () =>
          Math.floor(r.next() * 2 ** 32)
            .toString(16)
            .padStart(8, '0'),
        ).join('')}`
      : null,
    table_number: meal === 'eat_in' && r.chance(0.8) ? String(r.int(1, 20)) : null,
    wanted_at: iso(wantedAt),
    delivery_address: delivery?.address ?? null,
    delivery_lat: delivery ? delivery.lat.toFixed(6) : null,
    delivery_lng: delivery ? delivery.lng.toFixed(6) : null,
    delivery_distance: delivery?.km ?? null,
    subtotal: priced.order.subtotal,
    total: priced.order.subtotal - (voucher?.discount ?? 0),
    voucher_code: voucher?.code ?? null,
    discount: voucher?.discount ?? 0,
    item_count: priced.order.itemCount,
    idempotency_key: `seed-${shop.accountId}-${serial}`,
    created_at: iso(at),
    accepted_at: iso(acceptedAt),
    rejected_at: status === 'rejected' ? iso(min(1, 5)) : null,
    // handed over when it was wanted (or after cooking) — never before it was wanted
    completed_at:
      status === 'completed' ? iso(Math.max(min(10, 35), (wantedAt ?? 0) + r.int(0, 5) * 60_000)) : null,
    canceled_at: status === 'canceled' ? iso(min(2, 10)) : null,
  };
  return { order, items: priced.order.items };
};
