import { asc } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  contractPlans,
  portalShops,
  portals,
  registrationEvents,
  registrations,
  siMailTemplates,
} from '../db/schema';

/**
 * Demo data: two entrance portals with shops (/portals, /p/taipei-eats; taipei-eats is portal 1
 * of a fresh database, so /portals/1/edit opens it), five store-opening
 * applications in different states (/registrations) and lifeplus's own wording of two mails
 * (/si-email-template). quickclick keeps the defaults, so both cases show.
 */
export const seedPortalsAndRegistrations = async (
  db: Db,
  shopIds: readonly number[],
  si: { quickclick: number; lifeplus: number },
) => {
  const [eats, night] = await db
    .insert(portals)
    .values([
      {
        key: 'taipei-eats',
        name: '台北好食 Taipei Eats',
        description:
          '精選台北在地小吃與便當，線上點餐、到店取餐。\nHand-picked Taipei eateries: order online, pick up in store.',
        primaryColor: '#c2410c',
        accentColor: '#0f766e',
      },
      {
        key: 'night-market',
        name: '夜市美食街',
        description: '晚上想吃什麼？夜市攤商一次看。',
        primaryColor: '#1e3a8a',
        accentColor: '#f59e0b',
      },
    ])
    .returning();
  const pick = (from: number, n: number) => shopIds.slice(from, from + n);
  await db.insert(portalShops).values([
    ...pick(12, 6).map((accountId, i) => ({ portalId: eats!.id, accountId, displayOrder: i + 1 })),
    // the first demo shop too (last), so the route check's /portals/1/shops/1 opens a real entry
    ...pick(0, 1).map((accountId) => ({ portalId: eats!.id, accountId, displayOrder: 7 })),
    ...pick(18, 4).map((accountId, i) => ({
      portalId: night!.id,
      accountId,
      displayOrder: i + 1,
      // one shop under a shorter label, one hidden for now
      label: i === 0 ? '阿宗臭豆腐' : '',
      visible: i !== 3,
    })),
  ]);

  const plans = await db.select().from(contractPlans).orderBy(asc(contractPlans.id));
  const plan = (i: number) => plans[i % plans.length]!.id;
  const apps = [
    {
      status: 'new',
      shopName: '巷口豆花',
      contactName: '林美華',
      phone: '0912-111-222',
      taxId: '22099131',
      si: si.quickclick,
    },
    {
      status: 'contacted',
      shopName: '老街肉圓',
      contactName: '黃志明',
      phone: '02-2771-3344',
      taxId: '04595257',
      si: si.lifeplus,
    },
    {
      status: 'approved',
      shopName: '晨光早午餐',
      contactName: '陳怡君',
      phone: '0933-456-789',
      taxId: '12345675',
      si: si.quickclick,
    },
    {
      status: 'rejected',
      shopName: '試營運小舖',
      contactName: '張偉',
      phone: '0955-000-111',
      taxId: '10458575',
      si: null,
    },
    {
      status: 'opened',
      shopName: '好味小館',
      contactName: '王小明',
      phone: '0922-333-444',
      taxId: '10000004',
      si: si.quickclick,
    },
  ] as const;
  const history: Record<string, { status: (typeof apps)[number]['status']; note: string }[]> = {
    new: [],
    contacted: [{ status: 'contacted', note: '已電話聯絡，週五到店拜訪。' }],
    approved: [
      { status: 'contacted', note: '已收到營業登記影本。' },
      { status: 'approved', note: '資料齊全，排定下週開店。' },
    ],
    rejected: [{ status: 'rejected', note: '營業地址與登記不符，請更正後再申請。' }],
    opened: [
      { status: 'approved', note: '' },
      { status: 'opened', note: `#${shopIds[0]}` },
    ],
  };
  for (const [i, a] of apps.entries()) {
    const [row] = await db
      .insert(registrations)
      .values({
        status: a.status,
        shopName: a.shopName,
        contactName: a.contactName,
        email: `apply${i + 1}@demo.test`,
        phone: a.phone,
        taxId: a.taxId,
        address: `台北市大安區忠孝東路四段 ${100 + i} 號`,
        planId: plan(i),
        message: i === 0 ? '想在騎樓擺攤，也想開外送。' : '',
        siAccountId: a.si,
        accountId: a.status === 'opened' ? shopIds[0] : null,
      })
      .returning({ id: registrations.id });
    await db.insert(registrationEvents).values(
      [{ status: 'new' as const, note: '' }, ...history[a.status]!].map((e) => ({
        registrationId: row!.id,
        ...e,
      })),
    );
  }

  await db.insert(siMailTemplates).values([
    {
      siAccountId: si.lifeplus,
      kind: 'shopInfo',
      subject: '【生活+】{shopName} 的開店資料',
      body: '{shopName} 您好：\n這是由生活+ LifePlus 為您準備的商店資料，菜單連結：{link}\n有任何問題請來電 02-2345-6789。',
    },
    {
      siAccountId: si.lifeplus,
      kind: 'registrationNew',
      subject: '【生活+】感謝申請：{shopName}',
      body: '{contactName} 您好：\n生活+ 已收到「{shopName}」的開店申請（{planName}），業務將於兩個工作天內與您聯絡。',
    },
  ]);
};
