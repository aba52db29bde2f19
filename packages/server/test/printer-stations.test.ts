// Printer stations (spec 002 §2.11, §3 "Printer station", §4 station modal and sync, §5 print times, §7
// "Printer stations", §8 同步成功！/同步失敗) and printing that follows the stations.
import { STATION_MESSAGES as M } from '@shopdesk/contract';
import { describe, expect, it } from 'vitest';
import { build, scopedCast } from './helpers';
import { menuUrl } from './menus-fixtures';
import { addPrinter, startPrinterSimulator } from './printer-fixtures';
import { openShop, orderBody, postOrder } from './storefront-fixtures';

const sim = await startPrinterSimulator();
const t = await build({ printer: sim.service });
const cast = await scopedCast(t, { name: '分站小館' });
const { gaa } = cast;
const shop = await openShop(t, cast.eaa);
const id = shop.accountId;
const other = await openShop(t, cast.otherEaa);

type Json = Record<string, unknown>;
const api = (method: string, url: string, payload?: Json, headers: Json = gaa.headers) =>
  t.app.inject({ method: method as 'GET', url: `/console/apis${url}`, headers: headers as never, payload });
const base = (accountId = id) => `/gaa/accounts/${accountId}/printer-station`;

/** A class with products through the menu API (as the menu editor makes them); answers the product ids. */
const addClass = async (accountId: number, sku: string, zh: string, items: string[]) => {
  const headers = accountId === id ? cast.eaa.headers : cast.otherEaa.headers;
  const c = await t.app.inject({
    method: 'POST',
    url: menuUrl('eaa', accountId, '/classes'),
    headers,
    payload: { sku, names: { zh } },
  });
  expect(c.statusCode, c.body).toBe(201);
  const ids: number[] = [];
  for (const name of items) {
    const p = await t.app.inject({
      method: 'POST',
      url: menuUrl('eaa', accountId, '/products'),
      headers,
      payload: { classId: c.json().class.id, names: { zh: name }, price: 50, mealTypes: ['to_go'] },
    });
    expect(p.statusCode, p.body).toBe(201);
    ids.push(p.json().product.id);
  }
  return ids;
};
const [tea, blackTea] = await addClass(id, 'DRINK', '飲料', ['珍珠奶茶', '古早味紅茶']);
await addClass(other.accountId, 'DRINK', '飲料', ['豆漿']);
const mainSku = (await api('GET', `/gaa/accounts/${id}/classes`)).json().classes[0].sku as string;
const kitchenPrinter = await addPrinter(t, id, { name: '廚房機', sn: 'KITCHEN01' });
const barPrinter = await addPrinter(t, id, { name: '吧台機', sn: 'BAR01' });
const counterPrinter = await addPrinter(t, id, { name: '櫃台機', sn: 'COUNTER01', printerType: 'PTE' });
const otherPrinter = await addPrinter(t, other.accountId, { name: '別家', sn: 'OTHER01' });

describe('who may (spec 002 §6: gaa only)', () => {
  const calls: [string, string, Json?][] = [
    ['GET', `${base()}/printers`],
    ['GET', `${base()}/origin-printers`],
    ['GET', `${base()}/stations`],
    ['GET', `${base()}/station/settings`],
    ['PATCH', `${base()}/station/settings`, { isStation: true }],
    ['GET', `/gaa/accounts/${id}/classes`],
    ['POST', `${base()}/station`, { stationData: {} }],
    ['PATCH', `${base()}/stations/1`, { stationData: { name: 'x', times: 1 } }],
    ['DELETE', `${base()}/stations/1`],
    ['POST', `${base()}/printers`, { data: [] }],
    ['PATCH', `${base()}/printers`, { shopId: id }],
    ['POST', `${base()}/origin-printers`, { originPrinterDidArr: [], shopId: id }],
    ['POST', `/gaa/accounts/${id}/classes`, { stationId: 1, stationHasClass: [] }],
    ['GET', `/gaa/class-sku/DRINK/products?accountId=${id}`],
    ['GET', `/gaa/class-sku/DRINK/negative-products?accountId=${id}&stationId=1`],
    [
      'POST',
      '/gaa/negative-products',
      { accountId: id, stationId: 1, negativeCartProducts: [], resetNegativeCartProductsClasses: [] },
    ],
  ];
  it('401 without a session, 403 for si, eaa and line on every call', async () => {
    for (const [method, url, body] of calls) {
      expect((await api(method, url, body, {})).statusCode, `${method} ${url}`).toBe(401);
      for (const who of [cast.si, cast.eaa, cast.line])
        expect((await api(method, url, body, who.headers)).statusCode, `${method} ${url}`).toBe(403);
    }
  });
  it('404 for a shop that does not exist; 400 for an id that is not one', async () => {
    expect((await api('GET', `${base(999_999)}/stations`)).statusCode).toBe(404);
    expect((await api('POST', `${base(999_999)}/station`, { stationData: {} })).statusCode).toBe(404);
    expect((await api('GET', `/gaa/class-sku/DRINK/products?accountId=999999`)).statusCode).toBe(404);
    expect((await api('GET', `${base('abc' as never)}/stations`)).statusCode).toBe(400);
    expect((await api('GET', `${base(2 ** 40)}/stations`)).statusCode).toBe(400);
  });
});

describe('stations (spec 002 §2.11, §4 station modal, §5 print times)', () => {
  let kitchen = 0;
  let bar = 0;
  it('the switch starts off; a station added without a name is new station N (N = count + 1), times 1', async () => {
    expect((await api('GET', `${base()}/station/settings`)).json()).toEqual({
      accountId: id,
      shopName: expect.any(String),
      isStation: false,
      stationCount: 0,
    });
    const a = await api('POST', `${base()}/station`, { stationData: {} });
    expect(a.statusCode, a.body).toBe(201);
    expect(a.json().station).toMatchObject({ name: 'new station 1', times: 1, stationHasClass: [] });
    const b = await api('POST', `${base()}/station`, { stationData: {} });
    expect(b.json().station.name).toBe('new station 2');
    kitchen = a.json().station.stationId;
    bar = b.json().station.stationId;
    expect((await api('GET', `${base()}/station/settings`)).json().stationCount).toBe(2);
  });

  it('the modal saves name and times (≥ 0); bad input is a 400 naming the rule; names are unique', async () => {
    const k = await api('PATCH', `${base()}/stations/${kitchen}`, {
      stationData: { name: '廚房', times: 1 },
    });
    expect(k.statusCode, k.body).toBe(200);
    const b = await api('PATCH', `${base()}/stations/${bar}`, { stationData: { name: ' 吧台 ', times: 2 } });
    expect(b.json().station).toMatchObject({ name: '吧台', times: 2 });
    for (const times of [-1, 1.5, 11, '2']) {
      const res = await api('PATCH', `${base()}/stations/${bar}`, { stationData: { name: '吧台', times } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(M.timesRule.zh);
    }
    const long = await api('PATCH', `${base()}/stations/${bar}`, {
      stationData: { name: 'x'.repeat(31), times: 1 },
    });
    expect(long.statusCode).toBe(400);
    const dup = await api('PATCH', `${base()}/stations/${bar}`, { stationData: { name: '廚房', times: 1 } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe(M.nameTaken.zh);
    expect((await api('POST', `${base()}/station`, { stationData: { name: '廚房' } })).statusCode).toBe(409);
    // another shop's station is not found through this shop
    expect(
      (
        await api('PATCH', `${base(other.accountId)}/stations/${bar}`, {
          stationData: { name: 'y', times: 1 },
        })
      ).statusCode,
    ).toBe(404);
    const list = (await api('GET', `${base()}/stations`)).json().stations;
    expect(list.map((s: Json) => [s.name, s.times])).toEqual([
      ['廚房', 1],
      ['吧台', 2],
    ]);
  });

  it('classes: the shop’s classes with their stations; a station takes classes by sku', async () => {
    const k = await api('POST', `/gaa/accounts/${id}/classes`, {
      stationId: kitchen,
      stationHasClass: [mainSku],
    });
    expect(k.statusCode, k.body).toBe(200);
    expect(k.json().station.stationHasClass).toEqual([mainSku]);
    await api('POST', `/gaa/accounts/${id}/classes`, { stationId: bar, stationHasClass: ['DRINK'] });
    const classes = (await api('GET', `/gaa/accounts/${id}/classes`)).json().classes;
    expect(classes).toEqual([
      { sku: mainSku, names: { zh: '主食', en: 'Mains' }, stationIds: [kitchen] },
      { sku: 'DRINK', names: { zh: '飲料', en: '' }, stationIds: [bar] },
    ]);
    const unknown = await api('POST', `/gaa/accounts/${id}/classes`, {
      stationId: bar,
      stationHasClass: ['NOPE'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toContain(M.classNotFound.zh);
    const bad = await api('POST', `/gaa/accounts/${id}/classes`, {
      stationId: bar,
      stationHasClass: ['a b'],
    });
    expect(bad.statusCode).toBe(400);
    const foreign = await api('POST', `/gaa/accounts/${other.accountId}/classes`, {
      stationId: bar,
      stationHasClass: [],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toBe(M.stationNotFound.zh);
  });

  it('products of a class; unchecked ones are stored as the station’s negative products', async () => {
    const products = (await api('GET', `/gaa/class-sku/DRINK/products?accountId=${id}`)).json().products;
    expect(products.map((p: Json) => p.names)).toEqual([
      { zh: '珍珠奶茶', en: '' },
      { zh: '古早味紅茶', en: '' },
    ]);
    expect((await api('GET', `/gaa/class-sku/NOPE/products?accountId=${id}`)).statusCode).toBe(404);
    const saved = await api('POST', '/gaa/negative-products', {
      accountId: id,
      stationId: bar,
      negativeCartProducts: [{ productId: blackTea, classSku: 'DRINK' }],
      resetNegativeCartProductsClasses: ['DRINK'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().negativeCartProducts).toEqual([{ productId: blackTea, classSku: 'DRINK' }]);
    const read = await api('GET', `/gaa/class-sku/DRINK/negative-products?accountId=${id}&stationId=${bar}`);
    expect(read.json().negativeCartProducts).toEqual([{ productId: blackTea, classSku: 'DRINK' }]);
    // the kitchen has none; a product named under another class, or of another shop, is refused
    const none = await api(
      'GET',
      `/gaa/class-sku/DRINK/negative-products?accountId=${id}&stationId=${kitchen}`,
    );
    expect(none.json().negativeCartProducts).toEqual([]);
    for (const n of [
      { productId: tea, classSku: mainSku },
      { productId: shop.productId, classSku: 'DRINK' },
    ]) {
      const res = await api('POST', '/gaa/negative-products', {
        accountId: id,
        stationId: bar,
        negativeCartProducts: [n],
        resetNegativeCartProductsClasses: [],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain(M.productNotInClass.zh);
    }
    expect(
      (await api('GET', `/gaa/class-sku/DRINK/negative-products?accountId=${id}&stationId=999999`))
        .statusCode,
    ).toBe(404);
    expect((await api('GET', `/gaa/class-sku/DRINK/negative-products?accountId=${id}`)).statusCode).toBe(400);
  });

  it('printers: each printer’s stations, the origin printers, and sync (同步成功！ / 同步失敗)', async () => {
    const assigned = await api('POST', `${base()}/printers`, {
      data: [
        { did: kitchenPrinter.row.did, stationIds: [kitchen] },
        { did: barPrinter.row.did, stationIds: [bar] },
      ],
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const printers = (await api('GET', `${base()}/printers`)).json().printers;
    expect(printers.map((p: Json) => [p.printerName, p.type, p.stations])).toEqual([
      ['廚房機', 'receipt', [{ stationId: kitchen, stationName: '廚房' }]],
      ['吧台機', 'receipt', [{ stationId: bar, stationName: '吧台' }]],
      ['櫃台機', 'receipt', []],
    ]);
    const foreign = await api('POST', `${base()}/printers`, {
      data: [{ did: otherPrinter.row.did, stationIds: [] }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toContain(M.printerNotFound.zh);
    expect(
      (await api('POST', `${base()}/printers`, { data: [{ did: 'nope', stationIds: [] }] })).statusCode,
    ).toBe(400);

    const origins = await api('POST', `${base()}/origin-printers`, {
      originPrinterDidArr: [counterPrinter.row.did],
      shopId: id,
    });
    expect(origins.json()).toEqual({ originPrinterDidArr: [counterPrinter.row.did] });
    expect((await api('GET', `${base()}/origin-printers`)).json()).toEqual({
      originPrinterDidArr: [counterPrinter.row.did],
    });
    const mismatch = await api('POST', `${base()}/origin-printers`, {
      originPrinterDidArr: [],
      shopId: other.accountId,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.message).toBe(M.shopMismatch.zh);

    const synced = await api('PATCH', `${base()}/printers`, { shopId: id });
    expect(synced.statusCode, synced.body).toBe(200);
    expect(synced.json().printers.every((p: Json) => p.state === 'online')).toBe(true);
    sim.control.failNext(1, 503);
    const failed = await api('PATCH', `${base()}/printers`, { shopId: id });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error.message).toMatch(new RegExp(`^${M.syncFailed.zh}`));
    expect((await api('PATCH', `${base()}/printers`, { shopId: id })).statusCode).toBe(200);
  });

  it('printing follows the stations when branch-station printing is on', async () => {
    const on = await api('PATCH', `${base()}/station/settings`, { isStation: true });
    expect(on.json().isStation).toBe(true);
    const before = {
      kitchen: sim.control.printed('KITCHEN01').length,
      bar: sim.control.printed('BAR01').length,
      counter: sim.control.printed('COUNTER01').length,
    };
    const res = await postOrder(
      t,
      id,
      orderBody(shop.productId, {
        items: [
          { productId: shop.productId, quantity: 1, optionIds: [] },
          { productId: tea, quantity: 2, optionIds: [] },
          { productId: blackTea, quantity: 1, optionIds: [] },
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order.status).toBe('accepted');
    const kitchenTickets = sim.control.printed('KITCHEN01').slice(before.kitchen);
    const barTickets = sim.control.printed('BAR01').slice(before.bar);
    const counterTickets = sim.control.printed('COUNTER01').slice(before.counter);
    // the kitchen: only its class's item, once
    expect(kitchenTickets).toHaveLength(1);
    expect(kitchenTickets[0]!.join('\n')).toContain('【廚房】');
    expect(kitchenTickets[0]!.join('\n')).toContain('滷肉飯 x1');
    expect(kitchenTickets[0]!.join('\n')).not.toContain('奶茶');
    // the bar: its print times (2), without the unchecked (negative) product
    expect(barTickets).toHaveLength(2);
    for (const ticket of barTickets) {
      const text = ticket.join('\n');
      expect(text).toContain('【吧台】');
      expect(text).toContain('珍珠奶茶 x2');
      expect(text).not.toContain('古早味紅茶');
      expect(text).not.toContain('滷肉飯');
    }
    // the origin printer: the whole order once, with its total
    expect(counterTickets).toHaveLength(1);
    const whole = counterTickets[0]!.join('\n');
    for (const name of ['滷肉飯', '珍珠奶茶', '古早味紅茶', '合計']) expect(whole).toContain(name);
  });

  it('with it off, every printer prints the whole order once, as before', async () => {
    await api('PATCH', `${base()}/station/settings`, { isStation: false });
    const before = sim.control.printed('BAR01').length;
    const res = await postOrder(
      t,
      id,
      orderBody(shop.productId, { items: [{ productId: shop.productId, quantity: 1, optionIds: [] }] }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const bar = sim.control.printed('BAR01').slice(before);
    expect(bar).toHaveLength(1);
    expect(bar[0]!.join('\n')).toContain('滷肉飯 x1');
    expect(bar[0]!.join('\n')).toContain('合計');
  });

  it('deleting a station takes its classes, printers and negatives with it', async () => {
    expect((await api('DELETE', `${base()}/stations/${bar}`)).json()).toEqual({ stationId: bar });
    expect((await api('DELETE', `${base()}/stations/${bar}`)).statusCode).toBe(404);
    const printers = (await api('GET', `${base()}/printers`)).json().printers;
    expect(printers.find((p: Json) => p.printerName === '吧台機').stations).toEqual([]);
    const classes = (await api('GET', `/gaa/accounts/${id}/classes`)).json().classes;
    expect(classes.find((c: Json) => c.sku === 'DRINK').stationIds).toEqual([]);
    // the name of the next one counts the stations left
    const next = await api('POST', `${base()}/station`, { stationData: {} });
    expect(next.json().station.name).toBe('new station 2');
  });
});
