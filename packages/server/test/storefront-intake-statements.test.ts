import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import {
  integrations,
  lineChannels,
  lineRecipients,
  optionGroups,
  orderItems,
  outboxJobs,
  promotions,
  tableQrcodes,
} from '../src/db/schema';
import { build } from './helpers';
import { addGroup, openShop, orderBody, postOrder } from './storefront-fixtures';

// The statements one eat-in order sends (docs/decisions/orders.md "Intake statements: 13 → 7"), counted on either driver:
// on PostgreSQL every statement on the wire (pg's Query#submit), on PGlite every Parse or simple Query message
// (one per statement: PGlite runs each statement through execProtocolStream). BEGIN and COMMIT included.
describe('order intake statements (eat-in, every driver)', async () => {
  const t = await build();
  const eaa = await t.signedIn('eaa');
  const onPostgres = t.database.driver === 'postgres';

  const proto = pg.Query.prototype as unknown as { submit: (...a: unknown[]) => unknown; text: string };
  const submit = proto.submit;
  const lite = t.database.pglite as unknown as
    | { execProtocolStream: (m: Uint8Array, o?: unknown) => Promise<unknown> }
    | undefined;
  const stream = lite?.execProtocolStream;
  afterEach(() => {
    proto.submit = submit;
    if (lite && stream) lite.execProtocolStream = stream;
  });
  const P = 0x50;
  const Q = 0x51;
  /** The text of a Parse ('P': length, statement name, text) or Query ('Q': length, text) message. */
  const textOf = (m: Uint8Array) => {
    let at = 5;
    if (m[0] === P) while (m[at] !== 0) at += 1;
    const from = m[0] === P ? at + 1 : 5;
    let end = from;
    while (m[end] !== 0 && end < m.length) end += 1;
    return new TextDecoder().decode(m.subarray(from, end));
  };

  /** The statements sent while `fn` runs. */
  const statements = async (fn: () => Promise<unknown>) => {
    const seen: string[] = [];
    if (onPostgres)
      proto.submit = function (this: { text: string }, ...args: unknown[]) {
        seen.push(this.text);
        return submit.apply(this, args);
      };
    else if (lite && stream)
      lite.execProtocolStream = function (m: Uint8Array, o?: unknown) {
        if (m[0] === P || m[0] === Q) seen.push(textOf(m));
        return stream.call(this, m, o);
      };
    try {
      await fn();
    } finally {
      proto.submit = submit;
      if (lite && stream) lite.execProtocolStream = stream;
    }
    return seen;
  };

  const taipeiDate = (days: number) =>
    new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
  const promo = (accountId: number, name: string, amount: number) => ({
    accountId,
    form: 'config' as const,
    displayName: name,
    description: name,
    enabled: true,
    settings: {
      all: {
        checked: true,
        general: { totalUsage: null, carryMethod: 'floor', discountType: 'fixed', amount },
        usageRestrctions: { restrictionType: 'none', value: 0 },
        roleRestrictions: { userType: 'none' },
        usageLimits: { limitPerUser: null },
      },
    } as never,
    startDate: taipeiDate(-1),
    endDate: taipeiDate(2),
  });

  /** An eat-in shop with a table, two running promotions and a product whose one option group must be chosen. */
  const promotedShop = async () => {
    const shop = await openShop(t, eaa, { isEatIn: true, isEatInCash: true }, { dailyStock: 50 });
    await t.db.insert(tableQrcodes).values({ accountId: shop.accountId, tableNumber: '5', qrType: 'eatIn' });
    await t.db
      .insert(promotions)
      .values([promo(shop.accountId, '折 5', 5), promo(shop.accountId, '折 3', 3)]);
    const g = await addGroup(
      t,
      eaa.headers,
      shop.accountId,
      shop.productId,
      { names: { zh: '份量' }, kind: 'single', minSelect: 1, maxSelect: 1 },
      [
        { zh: '小', priceDelta: 0 },
        { zh: '大', priceDelta: 10 },
      ],
    );
    const eatIn = (optionIds: number[]) =>
      orderBody(shop.productId, {
        mealType: 'eat_in',
        tableNumber: '5',
        items: [{ productId: shop.productId, quantity: 2, optionIds }],
      });
    return { ...shop, group: g, eatIn };
  };

  // first in the file: no option group yet shares its id with its product, as in a real menu
  it('a missing required choice is refused (the groups come with their product)', async () => {
    const shop = await openShop(t, eaa, { isEatIn: true, isEatInCash: true });
    const other = await openShop(t, eaa, { isEatIn: true, isEatInCash: true });
    const g = await addGroup(
      t,
      eaa.headers,
      other.accountId,
      other.productId,
      { names: { zh: '辣度' }, kind: 'single', minSelect: 1, maxSelect: 1 },
      [{ zh: '小辣', priceDelta: 0 }],
    );
    // the products read once asked whether a product had groups by `g.product_id = "id"`, which is the
    // group's own id: with no group whose id is its product's, no product seemed to have any
    expect(
      await t.db.select().from(optionGroups).where(sql`${optionGroups.productId} = ${optionGroups.id}`),
    ).toEqual([]);
    const body = (optionIds: number[]) =>
      orderBody(other.productId, { items: [{ productId: other.productId, quantity: 1, optionIds }] });
    // spec 001 §3 option groups: a group's min_select choices must be made
    const none = await postOrder(t, other.accountId, body([]));
    expect([none.statusCode, none.json().error?.code]).toEqual([400, 'OPTION_COUNT']);
    const chosen = await postOrder(t, other.accountId, body([g.optionIds[0]!]));
    expect(chosen.statusCode, chosen.body).toBe(201);
    expect(chosen.json().order.items[0].optionIds).toEqual([g.optionIds[0]]);
    // a product without groups is ordered as before
    expect((await postOrder(t, shop.accountId, orderBody(shop.productId))).statusCode).toBe(201);
  });

  it('an eat-in cash order with a required choice and two running promotions sends 6 statements', async () => {
    const shop = await promotedShop();
    // the first order warms the instance's caches; the second is counted
    expect((await postOrder(t, shop.accountId, shop.eatIn([shop.group.optionIds[1]!]))).statusCode).toBe(201);
    let res: Awaited<ReturnType<typeof postOrder>> | undefined;
    const sent = await statements(async () => {
      res = await postOrder(t, shop.accountId, shop.eatIn([shop.group.optionIds[1]!]));
    });
    expect(res!.statusCode, res!.body).toBe(201);
    // begin; the shop, locked; the key, banned and slot read with the products and their option groups; the
    // stock UPDATE with the promotions' locked read; the serial, order, items, uses and feed event; commit
    // (it was 9: the option groups, the promotions and the products were statements of their own)
    expect(sent.length, sent.join('\n---\n')).toBe(6);
    // still priced with the chosen option and both promotions
    const placed = res!.json().order;
    expect(placed.items[0]).toMatchObject({
      unitPrice: 55,
      quantity: 2,
      optionIds: [shop.group.optionIds[1]],
    });
    expect([placed.subtotal, placed.discount, placed.total]).toEqual([110, 8, 102]);
  });

  it('LINE pushes and an integration webhook cost one insert each, with the order as written', async () => {
    const shop = await promotedShop();
    await t.db.insert(lineChannels).values({
      accountId: shop.accountId,
      accountName: 'OA',
      channelSecretSealed: 'x',
      accessTokenSealed: 'x',
    });
    await t.db.insert(lineRecipients).values([
      { accountId: shop.accountId, kind: 'user', lineId: 'Uman', boundAt: new Date() },
      { accountId: shop.accountId, kind: 'group', lineId: 'Cgroup', boundAt: new Date() },
      { accountId: shop.accountId, kind: 'user', lineId: 'Unot', boundAt: null },
    ]);
    await t.db
      .insert(integrations)
      .values({ accountId: shop.accountId, vendorCode: 'ubereats', vendorShopId: 'V1', enabled: true });
    expect((await postOrder(t, shop.accountId, shop.eatIn([shop.group.optionIds[0]!]))).statusCode).toBe(201);
    let res: Awaited<ReturnType<typeof postOrder>> | undefined;
    const sent = await statements(async () => {
      res = await postOrder(t, shop.accountId, shop.eatIn([shop.group.optionIds[1]!]));
    });
    expect(res!.statusCode, res!.body).toBe(201);
    // the 6 above, and one outbox insert per reaction (the recipients and integrations are asked in the
    // order's statement; the webhook takes the order and its items from memory, not read back): it was 13
    expect(sent.length, sent.join('\n---\n')).toBe(8);
    const placed = res!.json().order;
    const jobs = await t.db
      .select({ kind: outboxJobs.kind, payload: outboxJobs.payload })
      .from(outboxJobs)
      .where(and(eq(outboxJobs.accountId, shop.accountId)))
      .orderBy(outboxJobs.id);
    const mine = jobs.filter((j) => (j.payload as { orderId?: number }).orderId === placed.id);
    const pushes = jobs.filter(
      (j) =>
        j.kind === 'line.push' && String((j.payload as { text: string }).text).includes(`#${placed.serial}`),
    );
    expect(pushes.map((j) => (j.payload as { to: string }).to).sort()).toEqual(['Cgroup', 'Uman']);
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, placed.id));
    expect(mine.map((j) => j.kind)).toEqual(['integration.order-webhook']);
    expect(mine[0]!.payload).toMatchObject({
      event: 'order.created',
      vendorCode: 'ubereats',
      vendorShopId: 'V1',
      orderId: placed.id,
      serial: String(placed.serial),
      status: 'accepted',
      mealType: 'eat_in',
      total: placed.total,
      items: [{ name: item!.names.zh, quantity: item!.quantity, price: item!.unitPrice }],
    });
  });
});
