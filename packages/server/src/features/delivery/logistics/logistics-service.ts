import {
  checkDeliveryRule,
  checkLogisticsSave,
  LOGISTICS_MESSAGES,
  normaliseConfiguration,
  normaliseRule,
  ruleSubmitMessage,
  type TDeliveryRule,
  type TLogisticConfiguration,
  type TLogisticSettingsResponse,
  type TVendorSetting,
  type ZPutLogisticSettingsRequest,
} from '@shopdesk/contract';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows } from '../../../db/client';
import { businesses, deliveryRules, shopLogistics, shopLogisticVendors } from '../../../db/schema';
import { badRequest, forbidden } from '../../../http/errors';
import type { SessionUser } from '../../../identity/session-store';
import { maskSecret, type SecretBox } from '../../../lib/secret-box';
import { showValue, writeAudit } from '../../platform/audit/write-audit';
import { readShopLocation } from '../../shops/shop-profile/shop-point';
import { forgetRules, readConfiguration, readRules, readVendors } from './logistics-store';

type PutBody = z.output<typeof ZPutLogisticSettingsRequest>;

const openToken = (box: SecretBox, sealed: string | null) => {
  if (!sealed) return '';
  try {
    return box.open(sealed);
  } catch {
    return '';
  }
};

/** spec 001 §7 GET logistic-settings: configurations, settings (tokens masked), default. */
export const getLogisticSettings = async (
  db: Db,
  box: SecretBox,
  user: Pick<SessionUser, 'type'>,
  accountId: number,
): Promise<TLogisticSettingsResponse> => {
  const { biz, configuration, uberUuid } = await readConfiguration(db, accountId);
  const vendors = await readVendors(db, accountId);
  return {
    configurations: { ...configuration, businessId: biz.businessId },
    settings: vendors.map((v) => ({
      vendor: v.vendor as TVendorSetting['vendor'],
      merchantId: v.merchantId,
      accessKey: v.accessKey,
      accessToken: maskSecret(openToken(box, v.accessTokenSealed)),
      hasToken: Boolean(v.accessTokenSealed),
    })),
    uberUUID: uberUuid,
    default: biz.defaults,
    canEditLogistics: user.type === 'gaa',
    shopLocation: await readShopLocation(db, accountId),
  };
};

const CONFIG_LABELS: Record<keyof TLogisticConfiguration, string> = {
  isLogistic: '平台物流 (v2)',
  isLala: '外送叫車',
  logisticPlatform: '物流平台',
  logisticMode: '派單模式',
  logisticVersion: '版本',
  logisticWallet: '錢包',
  logisticDefaultVendor: '預設物流商',
  gitDefaultVendor: 'git 預設物流商',
};
const DEFAULT_LABELS = {
  logisticDistanceType: '距離計算方式',
  deliveryAmtTh: '外送金額門檻',
  deliveryQtyTh: '外送數量門檻',
  deliveryDistanceTh: '外送距離門檻(km)',
} as const;

const isMasked = (t: string) => t.startsWith('••••');

/**
 * spec 001 §7 PUT logistic-settings, one transaction. The logistics box (configurations beyond businessId,
 * settings, uberUUID) is gaa only (spec 001 §2.4, enforced here); the §4 on-load rules normalise what is
 * stored and the §5 save rules are checked on the result, so nothing is half-saved. A masked or empty token
 * keeps the stored one. Each changed value is one audit line.
 */
export const saveLogisticSettings = async (
  db: Db,
  box: SecretBox,
  user: SessionUser,
  accountId: number,
  body: PutBody,
): Promise<TLogisticSettingsResponse> => {
  const { businessId: _b, ...configPart } = body.configurations ?? {};
  const touchesLogistics =
    Object.keys(configPart).length > 0 || body.settings !== undefined || body.uberUUID !== undefined;
  if (touchesLogistics && user.type !== 'gaa') throw forbidden(LOGISTICS_MESSAGES.gaaOnly);

  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const before = await readConfiguration(tx, accountId, true);
    const lines: string[] = [];
    if (touchesLogistics) {
      const next = normaliseConfiguration({ ...before.configuration, ...configPart });
      const stored = await readVendors(tx, accountId);
      const incoming: TVendorSetting[] =
        body.settings ??
        stored.map((v) => ({
          vendor: v.vendor as TVendorSetting['vendor'],
          merchantId: v.merchantId,
          accessKey: v.accessKey,
          accessToken: '',
        }));
      const merged = incoming.map((s) => {
        const old = stored.find((v) => v.vendor === s.vendor);
        const keep = !s.accessToken || isMasked(s.accessToken);
        return {
          setting: {
            ...s,
            accessToken: keep ? openToken(box, old?.accessTokenSealed ?? null) : s.accessToken,
          },
          changedToken: !keep,
        };
      });
      const problem = checkLogisticsSave(
        next,
        merged.map((m) => m.setting),
      );
      if (problem) throw badRequest(problem, 'configurations');

      await tx
        .update(businesses)
        .set({ isLogistic: next.isLogistic, isLala: next.isLala, updatedAt: new Date() })
        .where(eq(businesses.accountId, accountId));
      const row = {
        platform: next.logisticPlatform,
        mode: next.logisticMode,
        wallet: next.logisticWallet,
        defaultVendor: next.logisticDefaultVendor,
        gitDefaultVendor: next.gitDefaultVendor,
        uberUuid: body.uberUUID === undefined ? before.uberUuid : body.uberUUID || null,
        updatedAt: new Date(),
      };
      await tx
        .insert(shopLogistics)
        .values({ accountId, ...row })
        .onConflictDoUpdate({ target: shopLogistics.accountId, set: row });
      for (const k of Object.keys(CONFIG_LABELS) as (keyof TLogisticConfiguration)[])
        if (before.configuration[k] !== next[k])
          lines.push(`${CONFIG_LABELS[k]}：${showValue(before.configuration[k])} → ${showValue(next[k])}`);
      if (row.uberUuid !== before.uberUuid)
        lines.push(`uberUUID：${showValue(before.uberUuid)} → ${showValue(row.uberUuid)}`);

      if (body.settings !== undefined) {
        await tx.delete(shopLogisticVendors).where(eq(shopLogisticVendors.accountId, accountId));
        const seen = new Set<string>();
        for (const { setting: s, changedToken } of merged) {
          if (seen.has(s.vendor)) continue;
          seen.add(s.vendor);
          await tx.insert(shopLogisticVendors).values({
            accountId,
            vendor: s.vendor,
            merchantId: s.merchantId,
            accessKey: s.accessKey,
            accessTokenSealed: s.accessToken ? box.seal(s.accessToken) : null,
          });
          const old = stored.find((v) => v.vendor === s.vendor);
          if (!old || old.accessKey !== s.accessKey || old.merchantId !== s.merchantId || changedToken)
            // the token itself never goes into the record, only that it changed
            lines.push(
              `${s.vendor} 帳號：key ${showValue(s.accessKey)}${changedToken ? '，token 已更新' : ''}`,
            );
        }
        for (const old of stored) if (!seen.has(old.vendor)) lines.push(`${old.vendor} 帳號：已移除`);
      }
    }
    if (body.default) {
      const d = body.default;
      await tx
        .update(businesses)
        .set({
          logisticDistanceType: d.logisticDistanceType,
          deliveryAmtTh: d.deliveryAmtTh,
          deliveryQtyTh: d.deliveryQtyTh,
          deliveryDistanceTh: String(d.deliveryDistanceTh),
          distanceByRoute: d.logisticDistanceType === 'route',
          updatedAt: new Date(),
        })
        .where(eq(businesses.accountId, accountId));
      for (const k of Object.keys(DEFAULT_LABELS) as (keyof typeof DEFAULT_LABELS)[])
        if (before.biz.defaults[k] !== d[k])
          lines.push(`${DEFAULT_LABELS[k]}：${showValue(before.biz.defaults[k])} → ${showValue(d[k])}`);
    }
    if (lines.length > 0)
      await writeAudit(tx, user, {
        accountId,
        resourceCode: 'logistics',
        action: 'update',
        displayName: body.default && !touchesLogistics ? '物流預設值' : '物流設定',
        displayLog: lines.join('；'),
        target: { table: 'shop_logistics', id: accountId },
        oldValue: { configuration: before.configuration, default: before.biz.defaults },
        newValue: { configuration: configPart, default: body.default ?? null },
      });
  });
  return getLogisticSettings(db, box, user, accountId);
};

const describeRule = (r: TDeliveryRule) =>
  r.type === 'map'
    ? `地圖「${r.name}」${r.polygons.length} 區，運費 ${r.deliveryCharge}`
    : `距離 ${r.minDistanceInMeter}-${r.maxDistanceInMeter}m，運費 ${r.deliveryCharge}`;

/**
 * spec 001 §7 PUT logistic-rules: the whole list replaces the old one (edits stay local in the tab until
 * save, §4), all or nothing. Every rule passes the §5 popup checks again (the v2 check of the additional
 * time uses the shop's version); km are recomputed from meters and polygons closed.
 */
export const saveLogisticRules = async (
  db: Db,
  user: SessionUser,
  accountId: number,
  rules: TDeliveryRule[],
) =>
  db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const { configuration } = await readConfiguration(tx, accountId, true);
    for (const [i, r] of rules.entries()) {
      const msg = ruleSubmitMessage(checkDeliveryRule(r, configuration.logisticVersion));
      if (msg) throw badRequest(msg, `rules.${i}`);
    }
    const before = await readRules(tx, accountId);
    const next = rules.map(normaliseRule);
    await tx.delete(deliveryRules).where(eq(deliveryRules.accountId, accountId));
    if (next.length > 0)
      await tx.insert(deliveryRules).values(
        next.map((r, position) => ({
          accountId,
          position,
          type: r.type,
          name: r.name,
          polygons: r.polygons,
          minDistanceInMeter: r.minDistanceInMeter,
          maxDistanceInMeter: r.maxDistanceInMeter,
          deliveryCharge: r.deliveryCharge,
          additionalDeliveryTime: r.additionalDeliveryTime ?? 0,
          qtyLimit: r.qtyLimit,
          amountLimit: r.amountLimit,
        })),
      );
    await writeAudit(tx, user, {
      accountId,
      resourceCode: 'logistic-rules',
      action: before.length === 0 ? 'create' : next.length === 0 ? 'delete' : 'update',
      displayName: '外送規則',
      displayLog: `外送規則：${before.length} 條 → ${next.length} 條${next.length ? `（${next.map(describeRule).join('、')}）` : ''}`,
      target: { table: 'delivery_rules', id: accountId },
      oldValue: before.length,
      newValue: next.map(describeRule),
    });
    forgetRules(accountId);
    return { rules: await readRules(tx, accountId) };
  });

type ZoneRow = {
  accountId: number;
  name: string;
  lat: string | null;
  lng: string | null;
  zones: string;
};

/** /logistic-polygons: every shop that has map rules, with its zones (gaa). */
export const listShopZones = async (db: Db) => {
  const rows = await queryRows<ZoneRow>(
    db,
    sql`select b.account_id as "accountId", b.name, b.lat::text as lat, b.lng::text as lng,
      json_agg(json_build_object('name', r.name, 'polygons', r.polygons) order by r.position)::text as zones
    from delivery_rules r join businesses b on b.account_id = r.account_id
    where r.type = 'map'
    group by b.account_id, b.name, b.lat, b.lng
    order by b.account_id
    limit 2000`,
  );
  return {
    shops: rows.map((r) => ({
      accountId: Number(r.accountId),
      name: r.name,
      lat: r.lat === null ? null : Number(r.lat),
      lng: r.lng === null ? null : Number(r.lng),
      zones: JSON.parse(r.zones) as { name: string; polygons: { x: number; y: number }[][] }[],
    })),
  };
};
