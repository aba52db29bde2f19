// Logistic tab and delivery rules: spec 001 §2.4, §3, §4, §5, §7 (logistic-settings, logistic-rules), §8.
import { DELIVERY_RULE_MESSAGES, LOGISTICS_MESSAGES } from '@shopdesk/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRecords, deliveryRules, shopLogisticVendors } from '../src/db/schema';
import { build, scopedCast } from './helpers';

const t = await build();
const cast = await scopedCast(t, { name: '物流測試店' });
const { gaa, si, otherSi, eaa, otherEaa, id } = cast;
const call = (method: string, url: string, headers?: { cookie: string }, payload?: unknown) =>
  t.app.inject({ method: method as 'GET', url: `/console/apis${url}`, headers, payload: payload as object });
const settingsUrl = (type: string, shop = id) => `/${type}/shops/${shop}/logistic-settings`;
const rulesUrl = (type: string, shop = id) => `/${type}/shops/${shop}/logistic-rules`;
const audits = (code: string) =>
  t.db
    .select()
    .from(auditRecords)
    .where(and(eq(auditRecords.accountId, id), eq(auditRecords.resourceCode, code)));

const v2auto = {
  isLogistic: true,
  logisticPlatform: 'platform',
  logisticMode: 'auto',
  logisticWallet: 'private',
  logisticDefaultVendor: 'lala',
};
const lala = { vendor: 'lala', accessKey: 'pk_test_abc', accessToken: 'sk_test_secret_token_1234' };
const square = [
  { x: 25.03, y: 121.56 },
  { x: 25.03, y: 121.58 },
  { x: 25.045, y: 121.58 },
  { x: 25.045, y: 121.56 },
];
const mapRule = {
  type: 'map',
  name: '信義區',
  polygons: [square],
  deliveryCharge: 60,
  additionalDeliveryTime: 10,
};
const distanceRule = {
  type: 'distance',
  minDistanceInMeter: 0,
  maxDistanceInMeter: 2500,
  deliveryCharge: 30,
  additionalDeliveryTime: 0,
};

describe('access (spec 001 §6, 000 §7: every route 401 / 403 / other tenant)', () => {
  it('401 without a session', async () => {
    expect((await call('GET', settingsUrl('gaa'))).statusCode).toBe(401);
    expect((await call('PUT', rulesUrl('gaa'), undefined, { rules: [] })).statusCode).toBe(401);
    expect((await call('GET', '/gaa/logistic-polygons')).statusCode).toBe(401);
  });
  it("403 for another SI account's or another owner's shop, and for a portal not the caller's own", async () => {
    expect((await call('GET', settingsUrl('si'), otherSi.headers)).statusCode).toBe(403);
    expect((await call('GET', rulesUrl('eaa'), otherEaa.headers)).statusCode).toBe(403);
    expect((await call('PUT', rulesUrl('eaa'), otherEaa.headers, { rules: [distanceRule] })).statusCode).toBe(
      403,
    );
    expect((await call('GET', settingsUrl('gaa'), eaa.headers)).statusCode).toBe(403);
    expect((await call('GET', '/gaa/logistic-polygons', eaa.headers)).statusCode).toBe(403);
  });
  it('the shop operators read the settings; only gaa may edit the logistics box', async () => {
    const got = await call('GET', settingsUrl('eaa'), eaa.headers);
    expect(got.statusCode).toBe(200);
    expect(got.json().canEditLogistics).toBe(false);
    expect((await call('GET', settingsUrl('gaa'), gaa.headers)).json().canEditLogistics).toBe(true);
    const res = await call('PUT', settingsUrl('si'), si.headers, {
      configurations: v2auto,
      settings: [lala],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(LOGISTICS_MESSAGES.gaaOnly.zh);
    const vendors = await t.db
      .select()
      .from(shopLogisticVendors)
      .where(eq(shopLogisticVendors.accountId, id));
    expect(vendors).toEqual([]);
  });
});

describe('logistic settings (spec 001 §7 GET/PUT logistic-settings)', () => {
  it('a new shop loads normalised: v1, self-delivery, git, public wallet (spec 001 §4 on load)', async () => {
    const res = await call('GET', settingsUrl('gaa'), gaa.headers);
    expect(res.json().configurations).toMatchObject({
      businessId: expect.any(Number),
      logisticVersion: 'v1',
      logisticPlatform: 'selfie',
      logisticMode: 'selfie',
      logisticWallet: 'public',
      logisticDefaultVendor: 'git',
    });
    expect(res.json().default).toEqual({
      logisticDistanceType: 'linear',
      deliveryAmtTh: 0,
      deliveryQtyTh: 0,
      deliveryDistanceTh: 3,
    });
  });

  // spec 001 §5 "Logistics save"
  it('v2 with platform and no vendor account is refused with the spec text, nothing saved', async () => {
    const res = await call('PUT', settingsUrl('gaa'), gaa.headers, { configurations: v2auto, settings: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      message: LOGISTICS_MESSAGES.vendorAccountRequired.zh,
      messageEn: 'self-owned logistics need at least one vendor account',
    });
    const after = await call('GET', settingsUrl('gaa'), gaa.headers);
    expect(after.json().configurations.logisticVersion).toBe('v1');
  });
  it('and without a dispatch mode', async () => {
    const res = await call('PUT', settingsUrl('gaa'), gaa.headers, {
      configurations: { ...v2auto, logisticMode: null },
      settings: [lala],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.messageEn).toBe('please choose dispatch mode');
  });

  it('saves v2 with a lala account; the token is sealed and only masked in answers and the record', async () => {
    const res = await call('PUT', settingsUrl('gaa'), gaa.headers, {
      configurations: v2auto,
      settings: [lala],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().configurations).toMatchObject({
      isLogistic: true,
      logisticVersion: 'v2',
      logisticMode: 'auto',
    });
    expect(res.json().settings).toEqual([
      { vendor: 'lala', merchantId: '', accessKey: 'pk_test_abc', accessToken: '••••1234', hasToken: true },
    ]);
    expect(res.body).not.toContain('sk_test_secret');
    const [stored] = await t.db
      .select()
      .from(shopLogisticVendors)
      .where(eq(shopLogisticVendors.accountId, id));
    expect(stored!.accessTokenSealed).not.toContain('sk_test');
    expect(t.app.secretBox.open(stored!.accessTokenSealed!)).toBe(lala.accessToken);
    const [audit] = await audits('logistics');
    expect(audit!.displayLog).toContain('版本：v1 → v2');
    expect(JSON.stringify(audit)).not.toContain('sk_test_secret');
  });

  it('sending the masked token back keeps the stored one', async () => {
    const res = await call('PUT', settingsUrl('gaa'), gaa.headers, {
      configurations: v2auto,
      settings: [{ ...lala, accessToken: '••••1234' }],
    });
    expect(res.statusCode).toBe(200);
    const [stored] = await t.db
      .select()
      .from(shopLogisticVendors)
      .where(eq(shopLogisticVendors.accountId, id));
    expect(t.app.secretBox.open(stored!.accessTokenSealed!)).toBe(lala.accessToken);
  });

  it('the server re-applies the §4 rules: a stray default vendor on v1 becomes git', async () => {
    const res = await call('PUT', settingsUrl('gaa'), gaa.headers, {
      configurations: {
        isLogistic: false,
        isLala: true,
        logisticDefaultVendor: 'uber',
        logisticMode: 'auto',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().configurations).toMatchObject({
      logisticVersion: 'v1',
      logisticPlatform: 'platform',
      logisticDefaultVendor: 'git',
    });
  });

  it('the defaults box is open to the shop operators (km), with the spec success path', async () => {
    const res = await call('PUT', settingsUrl('eaa'), eaa.headers, {
      configurations: { businessId: 1 },
      default: {
        logisticDistanceType: 'route',
        deliveryAmtTh: 200,
        deliveryQtyTh: 2,
        deliveryDistanceTh: 4.5,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().default).toEqual({
      logisticDistanceType: 'route',
      deliveryAmtTh: 200,
      deliveryQtyTh: 2,
      deliveryDistanceTh: 4.5,
    });
    const rows = await audits('logistics');
    expect(rows.some((r) => r.displayLog.includes('外送金額門檻：0 → 200'))).toBe(true);
  });

  it('bad input is a 4xx, never a 5xx', async () => {
    for (const body of [
      { default: { logisticDistanceType: 'air', deliveryAmtTh: 1, deliveryQtyTh: 1, deliveryDistanceTh: 1 } },
      {
        default: {
          logisticDistanceType: 'route',
          deliveryAmtTh: -1,
          deliveryQtyTh: 1,
          deliveryDistanceTh: 1,
        },
      },
      { settings: [{ vendor: 'dhl' }] },
      { settings: [{ vendor: 'lala', accessKey: 'x'.repeat(500) }] },
    ]) {
      const res = await call('PUT', settingsUrl('gaa'), gaa.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('delivery rules (spec 001 §7 GET/PUT logistic-rules, §5)', () => {
  it('saves a map rule and a distance rule: polygons closed, km from meters, audited', async () => {
    const res = await call('PUT', rulesUrl('eaa'), eaa.headers, { rules: [mapRule, distanceRule] });
    expect(res.statusCode, res.body).toBe(200);
    const [map, dist] = res.json().rules;
    expect(map.polygons[0]).toHaveLength(5);
    expect(map.polygons[0][4]).toEqual(square[0]);
    expect(dist).toMatchObject({ minDistance: 0, maxDistance: 2.5, maxDistanceInMeter: 2500, polygons: [] });
    const got = await call('GET', rulesUrl('si'), si.headers);
    expect(got.json().rules.map((r: { type: string }) => r.type)).toEqual(['map', 'distance']);
    const [audit] = await audits('logistic-rules');
    expect(audit!.displayLog).toContain('地圖「信義區」');
  });

  it('a map rule without polygons says "draw the map area"; nothing half-saved', async () => {
    const res = await call('PUT', rulesUrl('gaa'), gaa.headers, {
      rules: [distanceRule, { ...mapRule, polygons: [] }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(DELIVERY_RULE_MESSAGES.drawMap.zh);
    expect(await t.db.select().from(deliveryRules).where(eq(deliveryRules.accountId, id))).toHaveLength(2);
  });

  it('max below min, a missing additional time on v2, a map rule without name: "check the fields"', async () => {
    for (const bad of [
      { ...distanceRule, minDistanceInMeter: 3000 },
      { ...distanceRule, minDistanceInMeter: null },
      { ...mapRule, name: '' },
    ]) {
      const res = await call('PUT', rulesUrl('gaa'), gaa.headers, { rules: [bad] });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error.messageEn).toBe('Please check the fields are filled in correctly');
    }
  });

  it('out-of-range values and too many rules are refused by the schema', async () => {
    const far = { ...distanceRule, maxDistanceInMeter: 10_000_000 };
    expect((await call('PUT', rulesUrl('gaa'), gaa.headers, { rules: [far] })).statusCode).toBe(400);
    const lat = { ...mapRule, polygons: [[{ x: 95, y: 121 }, ...square]] };
    expect((await call('PUT', rulesUrl('gaa'), gaa.headers, { rules: [lat] })).statusCode).toBe(400);
    const many = Array.from({ length: 101 }, () => distanceRule);
    expect((await call('PUT', rulesUrl('gaa'), gaa.headers, { rules: many })).statusCode).toBe(400);
  });

  it("/logistic-polygons lists every shop's map zones for gaa", async () => {
    const res = await call('GET', '/gaa/logistic-polygons', gaa.headers);
    expect(res.statusCode).toBe(200);
    const mine = res.json().shops.find((s: { accountId: number }) => s.accountId === id);
    expect(mine).toMatchObject({ name: '物流測試店', zones: [{ name: '信義區' }] });
  });
});
