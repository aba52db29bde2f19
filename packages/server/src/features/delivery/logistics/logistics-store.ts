import {
  courierDispatch,
  normaliseConfiguration,
  prepareRules,
  type TDeliveryRule,
  type TLogisticConfiguration,
  type TLogisticDefaults,
  type TPreparedRules,
} from '@shopdesk/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { businesses, deliveryRules, shopLogistics, shopLogisticVendors } from '../../../db/schema';
import { notFound } from '../../../http/errors';

export type StoredVendor = typeof shopLogisticVendors.$inferSelect;

/** The business row's logistics flags and defaults (spec 001 §3 "Logistic defaults"). */
export const readBusinessLogistics = async (db: Db, accountId: number, lock = false) => {
  const q = db
    .select({
      businessId: businesses.id,
      isLogistic: businesses.isLogistic,
      isLala: businesses.isLala,
      logisticDistanceType: businesses.logisticDistanceType,
      deliveryAmtTh: businesses.deliveryAmtTh,
      deliveryQtyTh: businesses.deliveryQtyTh,
      deliveryDistanceTh: businesses.deliveryDistanceTh,
    })
    .from(businesses)
    .where(eq(businesses.accountId, accountId));
  const [row] = await (lock ? q.for('update') : q);
  if (!row) throw notFound();
  const defaults: TLogisticDefaults = {
    logisticDistanceType: row.logisticDistanceType,
    deliveryAmtTh: row.deliveryAmtTh,
    deliveryQtyTh: row.deliveryQtyTh,
    deliveryDistanceTh: Number(row.deliveryDistanceTh),
  };
  return { businessId: row.businessId, isLogistic: row.isLogistic, isLala: row.isLala, defaults };
};

/** The configuration as the tab loads it: stored values through the contract's on-load rules (spec 001 §4). */
export const readConfiguration = async (db: Db, accountId: number, lock = false) => {
  const biz = await readBusinessLogistics(db, accountId, lock);
  const [row] = await db.select().from(shopLogistics).where(eq(shopLogistics.accountId, accountId));
  const configuration: TLogisticConfiguration = normaliseConfiguration({
    isLogistic: biz.isLogistic,
    isLala: biz.isLala,
    logisticPlatform: row?.platform,
    logisticMode: row?.mode ?? undefined,
    logisticWallet: row?.wallet,
    logisticDefaultVendor: row?.defaultVendor,
    gitDefaultVendor: row?.gitDefaultVendor,
  });
  return { biz, configuration, uberUuid: row?.uberUuid ?? null };
};

/**
 * How the shop's couriers are dispatched (contract `courierDispatch`: 'auto', 'manual' or none), from its
 * logistics flags and its logistics row in one statement: the courier reaction asks it for every accepted
 * delivery order, inside the order's transaction and the shop lock (it was readConfiguration's two reads).
 */
export const readCourierDispatch = async (db: Db, accountId: number) => {
  const [row] = await db
    .select({
      isLogistic: businesses.isLogistic,
      isLala: businesses.isLala,
      platform: shopLogistics.platform,
      mode: shopLogistics.mode,
      wallet: shopLogistics.wallet,
    })
    .from(businesses)
    .leftJoin(shopLogistics, eq(shopLogistics.accountId, businesses.accountId))
    .where(eq(businesses.accountId, accountId));
  if (!row) return null;
  return courierDispatch(
    normaliseConfiguration({
      isLogistic: row.isLogistic,
      isLala: row.isLala,
      logisticPlatform: row.platform ?? undefined,
      logisticMode: row.mode ?? undefined,
      // manual dispatch holds only with the shop's own wallet (contract manualAllowed)
      logisticWallet: row.wallet ?? undefined,
    }),
  );
};

export const readVendors = (db: Db, accountId: number) =>
  db
    .select()
    .from(shopLogisticVendors)
    .where(eq(shopLogisticVendors.accountId, accountId))
    .orderBy(asc(shopLogisticVendors.vendor));

type RuleRow = typeof deliveryRules.$inferSelect;
export const ruleOf = (r: RuleRow): TDeliveryRule & { id: number } => ({
  id: r.id,
  type: r.type,
  name: r.name,
  polygons: r.polygons,
  minDistanceInMeter: r.minDistanceInMeter,
  maxDistanceInMeter: r.maxDistanceInMeter,
  minDistance: r.minDistanceInMeter === null ? null : r.minDistanceInMeter / 1000,
  maxDistance: r.maxDistanceInMeter === null ? null : r.maxDistanceInMeter / 1000,
  deliveryCharge: r.deliveryCharge,
  additionalDeliveryTime: r.additionalDeliveryTime,
  qtyLimit: r.qtyLimit,
  amountLimit: r.amountLimit,
});

export const readRules = async (db: Db, accountId: number) =>
  (
    await db
      .select()
      .from(deliveryRules)
      .where(eq(deliveryRules.accountId, accountId))
      .orderBy(asc(deliveryRules.position), asc(deliveryRules.id))
  ).map(ruleOf);

/**
 * Order intake's view of a shop's rules, prepared (rings, boxes) and cached per shop until the rules change
 * on this instance; other instances see a save within CACHE_MS.
 */
const CACHE_MS = 5_000;
const cache = new Map<number, { at: number; rules: TPreparedRules }>();
export const forgetRules = (accountId: number) => cache.delete(accountId);
/** Empties the cache: a process that opens another database (a test file's app) starts without old shops. */
export const forgetAllRules = () => cache.clear();
export const preparedRulesOf = async (
  db: Db,
  accountId: number,
  now = Date.now(),
): Promise<TPreparedRules> => {
  const hit = cache.get(accountId);
  if (hit && now - hit.at < CACHE_MS) return hit.rules;
  const rules = prepareRules(await readRules(db, accountId));
  cache.set(accountId, { at: now, rules });
  if (cache.size > 10_000) cache.delete(cache.keys().next().value!);
  return rules;
};
