import { eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import { accounts, accountTags, businesses, posUsers, tags, users } from '../db/schema';
import { UNUSABLE_HASH } from '../features/platform/admin/user-store';
import { hashPassword } from '../lib/password';
import type { SecretBox } from '../lib/secret-box';
import { seedAdminTools } from './admin-tools';
import { seedAuditHistory } from './audit-history';
import { inBatches, range } from './batches';
import { seedContractsAndPromotions } from './contracts-promotions';
import { seedCoupons } from './coupons';
import { address, mobile, personName, shopName, TAG_NAMES } from './demo-data';
import { createSiAccount, createUser } from './factories';
import { seedIntegrations } from './integrations';
import { seedLedger } from './ledger';
import { seedLineChannels } from './line';
import { seedLineSpot } from './line-spot';
import { seedLogistics } from './logistics';
import { seedMenus } from './menus';
import { BACKGROUND_BATCH, fillOrderHistory, seedOrders } from './orders';
import { seedPortalsAndRegistrations } from './portals-registrations';
import { seedPrinterStations } from './printer-stations';
import { seedPrinters } from './printers';
import { seedQrpay, seedQrpayReport } from './qrpay';
import { createRandom, taxId } from './random';

export const DEMO_PASSWORD = 'demo-password';
export const DEMO_LOGINS = [
  { email: 'gaa@demo.test', type: 'gaa', portal: '/console/gaa-login', note: 'platform administrator' },
  { email: 'si@demo.test', type: 'si', portal: '/console/si-login', note: 'integrator quickclick' },
  { email: 'eaa@demo.test', type: 'eaa', portal: '/console/eaa-login', note: 'store owner, several shops' },
  { email: 'line@demo.test', type: 'line', portal: '/console/line-login', note: 'staff of one shop' },
  {
    email: 'line-floor@demo.test',
    type: 'line',
    portal: '/console/line-login',
    note: 'staff of that shop without the report acl',
  },
  { email: 'counter1', type: 'pos', portal: '/console/qcpos/login', note: 'order machine of that shop' },
  { email: 'counter2', type: 'pos', portal: '/console/qcpos/login', note: 'order machine of a courier shop' },
] as const;

/**
 * Deterministic demo data: SI accounts, shops with EAA owners and tags, and the demo logins.
 * All demo users share one scrypt hash of DEMO_PASSWORD (hashing thousands of owners one by one would take
 * minutes); real users each get their own salt.
 */
export const seedDemo = async (
  db: Db,
  opts: {
    shops?: number;
    orders?: number;
    log?: (line: string) => void;
    secretBox?: SecretBox;
    /** 'later': orders before the last days are left to fillOrderHistory (the first start). */
    history?: 'now' | 'later';
  } = {},
) => {
  const total = opts.shops ?? 200;
  const log = opts.log ?? (() => {});
  const r = createRandom(20261122);
  const hash = await hashPassword(DEMO_PASSWORD);

  const quickclick = await createSiAccount(db, 'quickclick', '快點 QuickClick');
  const lifeplus = await createSiAccount(db, 'lifeplus', '生活+ LifePlus');
  const foodhub = await createSiAccount(db, 'foodhub', '美食通 FoodHub');

  const gaa = await createUser(db, {
    type: 'gaa',
    email: 'gaa@demo.test',
    name: '平台管理員',
    passwordHash: hash,
  });
  // two-factor is required for gaa, but the printed demo password must open the console (newcomers,
  // the route checker): the demo gaa alone is two-factor-exempt. Only this seed sets the flag; no API can.
  await db.update(users).set({ twoFactorExempt: true }).where(eq(users.id, gaa.id));
  await createUser(db, {
    type: 'si',
    email: 'si@demo.test',
    name: '快點客服 林雅婷',
    passwordHash: hash,
    siAccountId: quickclick.id,
  });
  await createUser(db, {
    type: 'si',
    email: 'si-lifeplus@demo.test',
    name: '生活+ 業務 王建宏',
    passwordHash: hash,
    siAccountId: lifeplus.id,
  });
  // the users pages show every state: a former administrator (disabled, never deleted) and an
  // SI colleague invited but not signed in yet. No second active gaa: the demo shows the last-gaa rule.
  await db.insert(users).values([
    {
      type: 'gaa',
      email: 'former-admin@demo.test',
      name: '前任管理員 黃俊傑',
      passwordHash: hash,
      disabled: true,
    },
    {
      type: 'si',
      email: 'si-newcomer@demo.test',
      name: '快點業務 周品妤',
      phone: '0933-120-456',
      passwordHash: UNUSABLE_HASH,
      passwordSet: false,
      siAccountId: quickclick.id,
    },
  ]);
  const eaa = await createUser(db, {
    type: 'eaa',
    email: 'eaa@demo.test',
    name: '陳志明',
    passwordHash: hash,
    phone: '0912-345-678',
  });

  // Owners: the demo eaa owns the first six shops; the rest are spread over owners of 1–4 shops.
  const ownerCount = Math.max(1, Math.ceil((total - 6) / 2.5));
  const ownerIds = (
    await inBatches(range(ownerCount), (batch) =>
      db
        .insert(users)
        .values(
          batch.map((k) => ({
            type: 'eaa' as const,
            email: `owner${String(k + 1).padStart(5, '0')}@demo.test`,
            name: personName(r),
            phone: mobile(r),
            passwordHash: hash,
          })),
        )
        .returning({ id: users.id }),
    )
  ).map((u) => u.id);

  const tagRows = await db
    .insert(tags)
    .values(TAG_NAMES.map((name) => ({ name })))
    .onConflictDoNothing()
    .returning();
  const tagIds = tagRows.map((t) => t.id);

  let firstShopId = 0;
  await inBatches(range(total), async (batch, start) => {
    const size = batch.length;
    const specs = batch.map((i) => {
      const roll = r.next();
      const si = roll < 0.45 ? quickclick.id : roll < 0.75 ? lifeplus.id : roll < 0.9 ? foodhub.id : null;
      const owner = i < 6 ? eaa.id : ownerIds[Math.floor((i - 6) / 2.5) % ownerIds.length]!;
      return {
        i,
        si: i < 3 ? quickclick.id : i < 5 ? lifeplus.id : si,
        owner,
        place: address(r),
        name: shopName(r, i),
      };
    });
    const accountRows = await db
      .insert(accounts)
      .values(
        specs.map((s) => ({
          kind: (s.i % 10 === 9 ? 'retail' : 'catering') as 'retail' | 'catering',
          siAccountId: s.si,
          ownerUserId: s.owner,
          // the demo shops the browser tests order from are live (a shop not live takes only staff test
          // orders); past the first 190, 30 % are not live yet
          isInitialized: r.chance(0.7) || s.i < 190,
          isManual: r.chance(0.3),
          shopId: `S${String(100000 + s.i)}`,
          code: String(r.int(100000, 999999)),
          codeExpiresAt: new Date(Date.UTC(2026, 11, 31, 16, 0, 0)),
          randomCode: Math.floor(r.next() * 36 ** 6)
            .toString(36)
            .padStart(6, '0'),
          lineBasicId: `@${Math.floor(r.next() * 36 ** 6)
            .toString(36)
            .padStart(6, '0')}`,
        })),
      )
      .returning({ id: accounts.id });
    if (start === 0) firstShopId = accountRows[0]!.id;

    await db.insert(businesses).values(
      specs.map((s, k) => {
        const id = accountRows[k]!.id;
        const toGo = r.chance(0.8);
        const delivery = r.chance(0.4);
        const mobilePay = r.chance(0.5);
        return {
          id,
          accountId: id,
          name: s.name,
          companyName: `${s.name.slice(0, 6)}${r.chance(0.5) ? '有限公司' : '股份有限公司'}`,
          email: `shop${String(s.i + 1).padStart(5, '0')}@shops.demo.test`,
          phone: s.place.phone,
          address: s.place.address,
          lat: s.place.lat,
          lng: s.place.lng,
          invoice: r.chance(0.8) ? taxId(r) : null,
          bossEmail: `boss${String(s.i + 1).padStart(5, '0')}@demo.test`,
          bossPhone: mobile(r),
          storeInfo: '營業時間依官方帳號公告為準，歡迎線上點餐。',
          isEnabled: r.chance(0.8),
          isMobilePayment: mobilePay,
          isEatIn: true,
          isEatInCash: true,
          isEatInPay: mobilePay,
          isToGo: toGo,
          isToGoCash: toGo,
          isToGoPay: toGo && mobilePay,
          isDelivery: delivery,
          isDeliveryCash: delivery,
          isDeliveryPay: delivery && mobilePay,
          deliveryAmtTh: delivery ? r.pick([0, 150, 200, 300]) : 0,
          deliveryQtyTh: 0,
          waitingTime: r.pick([10, 15, 20]),
          timeSectorLength: r.pick([10, 15, 30]),
          timeSectorDays: r.int(1, 3),
        };
      }),
    );

    const links = accountRows.flatMap((a) =>
      Array.from(new Set(Array.from({ length: r.int(0, 3) }, () => r.pick(tagIds)))).map((tagId) => ({
        accountId: a.id,
        tagId,
      })),
    );
    await inBatches(links, async (batch) => {
      await db.insert(accountTags).values(batch).onConflictDoNothing();
    });
    if (total > 1000) log(`  shops ${start + size}/${total}`);
  });

  await createUser(db, {
    type: 'line',
    email: 'line@demo.test',
    name: '門市人員 張佳蓉',
    passwordHash: hash,
    shopAccountId: firstShopId,
    phone: '0912345678',
  });
  // more managers of that shop with fewer acls (the permission page, /eaa/business/{id}/acls)
  await createUser(db, {
    type: 'line',
    email: 'line-floor@demo.test',
    name: '外場人員 林志豪',
    phone: '0922333444',
    passwordHash: hash,
    shopAccountId: firstShopId,
    acls: ['order', 'product'],
  });
  await createUser(db, {
    type: 'line',
    email: 'line-report@demo.test',
    name: '會計 陳美玲',
    phone: '0933555666',
    passwordHash: hash,
    shopAccountId: firstShopId,
    acls: ['report'],
  });
  // A manager without acls: the owner gives it one value at a time (e2e acl-pages.test.ts, spec 002 §3).
  await createUser(db, {
    type: 'line',
    email: 'line-acl@demo.test',
    name: '儲備幹部 吳承恩',
    phone: '0944777888',
    passwordHash: hash,
    shopAccountId: firstShopId,
    acls: [],
  });
  // The order machine of the line user's shop (/qcpos/login): staff accept its orders by hand.
  await db.insert(posUsers).values({ username: 'counter1', passwordHash: hash, accountId: firstShopId });
  await db.update(accounts).set({ isManual: true }).where(eq(accounts.id, firstShopId));
  await db.update(businesses).set({ isEnabled: true }).where(eq(businesses.accountId, firstShopId));
  log(`seeded ${total} shops, ${ownerIds.length + 1} store owners, 3 SI accounts`);
  if (opts.secretBox)
    await seedPrinters(
      db,
      opts.secretBox,
      [0, 1, 2].filter((i) => i < total).map((i) => firstShopId + i),
    );
  // demo integrations on the third shop (/posmws?shop_id=…)
  if (opts.secretBox && total > 2) await seedIntegrations(db, opts.secretBox, firstShopId + 2);
  if (opts.secretBox) await seedQrpay(db, opts.secretBox, firstShopId);
  // the online-payment report's other states
  if (opts.secretBox && total > 22)
    await seedQrpayReport(db, opts.secretBox, [firstShopId + 20, firstShopId + 21, firstShopId + 22]);
  await seedMenus(db, { log });
  const shopIds = Array.from({ length: total }, (_, i) => firstShopId + i);
  // branch-station printing (kitchen and bar) on a noodle shop past the ones browser tests use
  if (opts.secretBox) {
    const stationShop = await seedPrinterStations(db, opts.secretBox, shopIds.slice(32, 60));
    if (stationShop)
      log(`printer stations: shop ${stationShop} (/console/gaa/printer/stations?shop_id=${stationShop})`);
  }
  // every shop's contract; demo promotions on shops 7–9 (the browser tests use shops 1–6)
  await seedContractsAndPromotions(db, shopIds, shopIds.slice(6, 9));
  await seedOrders(db, { total: opts.orders, log, history: opts.history });
  // printer templates (the second shop's eat-in tickets) and a GTM container on the third shop
  await seedAdminTools(db, shopIds[1], shopIds[2]);
  // shops 10–12 deliver through the courier vendor (counter2 is the first one's order machine)
  if (total >= 12) await seedLogistics(db, shopIds.slice(9, 12), hash, new Date(), opts.secretBox);
  // LINE channels of the first twelve shops (the simulator's tokens; menus made at start, main.ts)
  if (opts.secretBox) await seedLineChannels(db, opts.secretBox, shopIds.slice(0, 12));
  // a sent coupon campaign of the demo SI on two of its LINE shops past those the browser tests use
  if (opts.secretBox) await seedCoupons(db, quickclick.id, shopIds.slice(6, 12));
  // a few shops in the LINE SPOT directory (two with the converted address), the rest not
  if (total >= 14)
    await seedLineSpot(
      db,
      { converted: [shopIds[9]!, shopIds[10]!], original: [shopIds[3]!, shopIds[13]!] },
      gaa.id,
    );
  // a shop's settings history for the Record tab and /pages/timeline
  if (total >= 13) await seedAuditHistory(db, firstShopId + 12);
  // two entrance portals (shops 13–22), five applications, lifeplus's own mail wording
  if (total >= 22)
    await seedPortalsAndRegistrations(db, shopIds, { quickclick: quickclick.id, lifeplus: lifeplus.id });
  // billing accounts with deposits and last month's billing run, payout bank accounts
  if (total >= 40)
    await seedLedger(db, shopIds.slice(24, 40), gaa, { quickclick: quickclick.id, lifeplus: lifeplus.id });
  return {
    firstShopId,
    eaaUserId: eaa.id,
    siAccountIds: { quickclick: quickclick.id, lifeplus: lifeplus.id, foodhub: foodhub.id },
  };
};

/**
 * The demo order history left by a first start, written in the background in small batches with
 * a pause between them, so requests wait behind one batch at most; resumed at every start until done.
 */
export const startOrderHistory = (db: Db, opts: { log?: (line: string) => void; pauseMs?: number } = {}) => {
  let stopped = false;
  const done = (async () => {
    const left = await queryRows<{ n: number }>(
      db,
      sql`select coalesce(sum(count - done), 0)::int as n from seed_backlog`,
    );
    const n = Number(left[0]?.n ?? 0);
    if (!n) return { orders: 0 };
    opts.log?.(`order history: writing ${n} older demo orders in the background`);
    return fillOrderHistory(db, {
      log: opts.log,
      batch: BACKGROUND_BATCH,
      pauseMs: opts.pauseMs ?? 50,
      stop: () => stopped,
    });
  })().catch((err: Error) => {
    // a stop midway leaves whole batches only (each is one transaction): the next start goes on
    if (!stopped) opts.log?.(`order history stopped: ${err.message} (the next start goes on)`);
    return { orders: 0 };
  });
  return {
    done,
    /** Ends after the batch being written (for a clean shutdown). */
    stop: async () => {
      stopped = true;
      await done;
    },
  };
};

export const isEmpty = async (db: Db) => {
  const rows = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from users`);
  return Number(rows[0]?.n ?? 0) === 0;
};

/** Empties every application table (npm run seed starts from scratch). */
export const truncateAll = async (db: Db) => {
  await db.execute(sql`
    do $$ declare t text; begin
      for t in select tablename from pg_tables where schemaname = 'public' loop
        execute format('truncate table %I restart identity cascade', t);
      end loop;
    end $$;`);
};
