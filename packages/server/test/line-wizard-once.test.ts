// the wizard's Finish opens one shop per LINE channel (spec 000 §4 Wizard, §7 Messaging).
import { readFileSync } from 'node:fs';
import {
  BUSINESS_FIELD_LABELS,
  TW_NUMBER_MESSAGES,
  type TWizardFinishInput,
  twNumberMessage,
  WIZARD_MESSAGES,
} from '@shopdesk/contract';
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, auditRecords } from '../src/db/schema';
import { buildWithLine } from './line-fixtures';

const { t } = await buildWithLine();
const quick = await t.createSiAccount('quickclick');
const gaa = await t.signedIn('gaa');

let n = 0;
const input = (over: { account?: object; business?: object } = {}): TWizardFinishInput => {
  n += 1;
  return {
    account: {
      accountName: `一次帳號${n}`,
      channelId: `1658${n}${Date.now() % 100000}`,
      channelSecret: `once-secret-${n}`,
      channelAccessToken: `once-token-${n}-${Date.now()}`,
      channelImageUrl: 'https://profile.line-scdn.net/x.png',
      channelAddFriendUrl: `https://lin.ee/once${n}`,
      channelBasicId: `@once${n}`,
      menuLiffId: `menu-${n}`,
      eatInLiffId: `eatin-${n}`,
      orderLiffId: `order-${n}`,
      ...over.account,
    },
    business: {
      businessName: `一次小館${n}`,
      email: `once${n}@test.local`,
      phone: '0223456789',
      address: '台北市信義區市府路1號',
      bossEmail: `boss${n}@test.local`,
      bossPhone: '0912345678',
      ...over.business,
    },
    richMenu: { fileName: 'jessica_catering-basic', siAccountId: quick.id, type: 'catering' },
  };
};

const finish = (body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/console/apis/gaa/line-accounts',
    headers: gaa.headers,
    payload: body as object,
  });
const shopsOf = async (channelId: string) =>
  (await t.db.select({ n: count() }).from(accounts).where(eq(accounts.lineChannelId, channelId)))[0]!.n;

describe('one shop per LINE channel', () => {
  it('two identical Finishes sent at once open one shop; the other answers 409 with the rule', async () => {
    const body = input();
    const before = (await t.db.select({ n: count() }).from(accounts))[0]!.n;
    const answers = await Promise.all([finish(body), finish(body)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((r) => r.statusCode === 409)!;
    expect(refused.json().error).toEqual({
      code: 'CONFLICT',
      message: WIZARD_MESSAGES.channelTaken.zh,
      messageEn: WIZARD_MESSAGES.channelTaken.en,
      field: 'channelId',
    });
    expect(await shopsOf(body.account.channelId)).toBe(1);
    expect((await t.db.select({ n: count() }).from(accounts))[0]!.n).toBe(before + 1);
  });

  it('a later Finish with a channel already used (other shop name, same channel) answers 409', async () => {
    const first = input();
    expect((await finish(first)).statusCode).toBe(201);
    const again = input({ account: { channelId: first.account.channelId } });
    const res = await finish(again);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.messageEn).toBe(WIZARD_MESSAGES.channelTaken.en);
    expect(await shopsOf(first.account.channelId)).toBe(1);
  });

  it('the database refuses a second shop on one channel even past the service (the race)', async () => {
    const [a] = await t.db.insert(accounts).values({ lineChannelId: 'race-1' }).returning();
    await expect(t.db.insert(accounts).values({ lineChannelId: 'race-1' })).rejects.toThrow();
    expect(a).toBeTruthy();
    // shops without a channel are many
    await t.db.insert(accounts).values([{}, {}]);
  });
});

describe('migration 0034 copes with shops that already share a channel', () => {
  it('keeps the channel on the oldest shop, clears it on the later ones with an audit record', async () => {
    await t.db.execute(sql`DROP INDEX "accounts_line_channel_id_key"`);
    const made = await t.db
      .insert(accounts)
      .values([{ lineChannelId: 'dup-9' }, { lineChannelId: 'dup-9' }, { lineChannelId: 'dup-9' }])
      .returning({ id: accounts.id });
    const file = new URL('../drizzle/0038_line_channel_unique.sql', import.meta.url);
    for (const stmt of readFileSync(file, 'utf8').split('--> statement-breakpoint'))
      await t.db.execute(sql.raw(stmt));
    const rows = await t.db
      .select({ id: accounts.id, ch: accounts.lineChannelId })
      .from(accounts)
      .where(
        sql`${accounts.id} IN (${sql.join(
          made.map((m) => sql`${m.id}`),
          sql`, `,
        )})`,
      )
      .orderBy(accounts.id);
    expect(rows.map((r) => r.ch)).toEqual(['dup-9', null, null]);
    const audits = await t.db
      .select()
      .from(auditRecords)
      .where(eq(auditRecords.targetKey, 'line_channel_id'));
    expect(audits.map((a) => a.accountId).sort()).toEqual([made[1]!.id, made[2]!.id].sort());
    await expect(t.db.insert(accounts).values({ lineChannelId: 'dup-9' })).rejects.toThrow();
  });
});

// "one rule, one place": step 2 uses the shop edit form's rules (contract shop-profile/validate-business).
describe('wizard step 2 takes the shop edit form rules', () => {
  const phoneMessage = twNumberMessage('phone', BUSINESS_FIELD_LABELS.businessPhone);
  const bossPhoneMessage = twNumberMessage('phone', BUSINESS_FIELD_LABELS.bossPhone);

  it('Finish with a phone "abc" or a tax ID "1234": 400 with the edit form message, nothing made', async () => {
    const before = (await t.db.select({ n: count() }).from(accounts))[0]!.n;
    const phone = await finish(input({ business: { phone: 'abc' } }));
    expect(phone.statusCode).toBe(400);
    expect(phone.json().error).toMatchObject({ message: phoneMessage.zh, field: 'business.phone' });
    const boss = await finish(input({ business: { bossPhone: '12' } }));
    expect(boss.json().error.message).toBe(bossPhoneMessage.zh);
    const tax = await finish(input({ business: { invoice: '1234' } }));
    expect(tax.statusCode).toBe(400);
    expect(tax.json().error).toMatchObject({
      message: TW_NUMBER_MESSAGES.taxId.zh,
      field: 'business.invoice',
    });
    expect((await t.db.select({ n: count() }).from(accounts))[0]!.n).toBe(before);
  });

  it('the step-2 rewrite call refuses them the same way', async () => {
    const made = await finish(input());
    const id = made.json().data.accountId;
    const { business } = input();
    const res = await t.app.inject({
      method: 'POST',
      url: `/console/apis/gaa/line-accounts/${id}/businesses`,
      headers: gaa.headers,
      payload: { ...business, invoice: '1234' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(TW_NUMBER_MESSAGES.taxId.zh);
  });

  // The wizard's shop has every dining mode off (spec 000 §9 defaults), which the edit form refuses on any save
  // (請至少設定一種用餐方式, spec 001 §5): the edit call turns eat-in on (cash is on by default) and changes
  // nothing of what the wizard wrote.
  it('a shop the wizard opened with valid data saves through the edit call with its step-2 fields unchanged', async () => {
    const made = await finish(input({ business: { invoice: '04595257', phone: '02-2345-6789' } }));
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.accountId;
    const shop = await t.app.inject({
      method: 'GET',
      url: `/console/apis/gaa/shops/${id}`,
      headers: gaa.headers,
    });
    expect(shop.statusCode).toBe(200);
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/console/apis/gaa/shops/${id}`,
      headers: gaa.headers,
      payload: { businessData: { ...shop.json().businessData, isEatIn: true } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = saved.json().businessData;
    expect(after).toMatchObject({ businessPhone: '02-2345-6789', invoice: '04595257', isEatIn: true });
  });
});
