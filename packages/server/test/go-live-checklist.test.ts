// The go-live checklist of the shop info page (docs/decisions/shops.md "Go-live checklist"):
// each item is ticked from the data the console pages write, so it follows that data both ways.
import type { TGoLiveItem } from '@shopdesk/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { businesses, products } from '../src/db/schema';
import { ensureDefaultItem } from '../src/features/chat/line/wizard-service';
import { build, scopedCast } from './helpers';
import { seedSmallMenu } from './menus-fixtures';

const t = await build();
const cast = await scopedCast(t, { name: '新開小館', isInitialized: false, isEatInCash: false });
const { gaa, id } = cast;
// a shop made as the wizard makes it: no owner, not live
const bare = (await t.createShop({ name: '空白小店', isInitialized: false })).account.id;

const api = (method: string, url: string, headers: Record<string, string> = gaa.headers, payload?: unknown) =>
  t.app.inject({ method: method as 'GET', url: `/console/apis${url}`, headers, payload: payload as object });
const checklist = async (shop = id, type = 'gaa', headers = gaa.headers) => {
  const res = await api('GET', `/${type}/shops/${shop}/go-live-checklist`, headers);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { live: boolean; items: { key: TGoLiveItem; done: boolean }[] };
  return Object.fromEntries(body.items.map((i) => [i.key, i.done])) as Record<TGoLiveItem, boolean>;
};

describe('go-live checklist: GET /{type}/shops/{id}/go-live-checklist', () => {
  it('lists the seven items in order, a bare shop with none done but its default cash payment', async () => {
    const res = await api('GET', `/gaa/shops/${bare}/go-live-checklist`);
    expect(res.json().items.map((i: { key: string }) => i.key)).toEqual([
      'owner',
      'hours',
      'menu',
      'tableQr',
      'printer',
      'payment',
      'live',
    ]);
    expect(await checklist(bare)).toEqual({
      owner: false,
      hours: false,
      menu: false,
      tableQr: false,
      printer: false,
      payment: true, // the wizard's default: eat-in, cash (contract line/wizard.ts)
      live: false,
    });
  });

  it('owner: ticked once an eaa account owns the shop, unticked when it is released', async () => {
    expect((await checklist(bare)).owner).toBe(false);
    const owner = await t.createUser({ type: 'eaa', email: 'checklist-owner@test.local' });
    const put = (shopIds: number[]) =>
      api('PUT', `/gaa/admin/eaa-users/${owner.id}/shops`, gaa.headers, { shopIds });
    expect((await put([bare])).statusCode).toBe(200);
    expect((await checklist(bare)).owner).toBe(true);
    expect((await put([])).statusCode).toBe(200);
    expect((await checklist(bare)).owner).toBe(false);
  });

  it('hours: ticked once service periods are saved', async () => {
    expect((await checklist()).hours).toBe(false);
    const now = (await api('GET', `/gaa/shops/${id}/opening-hours`)).json();
    const res = await api('PUT', `/gaa/shops/${id}/opening-hours`, gaa.headers, {
      general: now.general,
      togo: [],
      delivery: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await checklist()).hours).toBe(true);
  });

  it('menu: ticked by a product on sale, not by a sold-out one', async () => {
    expect((await checklist()).menu).toBe(false);
    const { product } = await seedSmallMenu(t, 'gaa', gaa.headers, id, { soldOut: true });
    expect((await checklist()).menu).toBe(false);
    const res = await api('PATCH', `/gaa/shops/${id}/menu/products/${product.id}`, gaa.headers, {
      soldOut: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await checklist()).menu).toBe(true);
  });

  it('menu: the wizard’s example product does not count until it is edited', async () => {
    await ensureDefaultItem(t.db, bare);
    expect((await checklist(bare)).menu).toBe(false);
    const [sample] = await t.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.accountId, bare));
    const res = await api('PATCH', `/gaa/shops/${bare}/menu/products/${sample!.id}`, gaa.headers, {
      names: { zh: '牛肉燴飯', en: 'Beef rice' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await checklist(bare)).menu).toBe(true);
  });

  it('tableQr: ticked by the first table QR code, unticked when it is deleted', async () => {
    expect((await checklist()).tableQr).toBe(false);
    const res = await api('POST', `/gaa/shops/${id}/qrcode`, gaa.headers, [{ tableNumber: 'A1' }]);
    expect(res.statusCode, res.body).toBe(201);
    expect((await checklist()).tableQr).toBe(true);
    const qrId = res.json().results[0].insertQrcodeRes.insertId as number;
    expect((await api('DELETE', `/gaa/qrcode/${qrId}`)).statusCode).toBeLessThan(300);
    expect((await checklist()).tableQr).toBe(false);
  });

  it('printer: ticked by a cloud printer of the shop', async () => {
    expect((await checklist()).printer).toBe(false);
    const res = await api('POST', `/console/${id}/printers`, gaa.headers, {
      name: '廚房',
      sn: 'PT0001',
      secret: 'Pr1nterSecret-0042',
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect((await checklist()).printer).toBe(true);
  });

  it('payment: a dining mode offered with cash ticks it; no cash and no online service does not', async () => {
    expect((await checklist()).payment).toBe(false); // eat-in without cash, no online payment
    await t.db.update(businesses).set({ isEatInCash: true }).where(eq(businesses.id, id));
    expect((await checklist()).payment).toBe(true);
    // cash for a mode the shop does not offer is no way to pay
    await t.db.update(businesses).set({ isEatIn: false }).where(eq(businesses.id, id));
    expect((await checklist()).payment).toBe(false);
    await t.db.update(businesses).set({ isEatIn: true }).where(eq(businesses.id, id));
  });

  it('live: follows the go-live switch (spec 002 §4)', async () => {
    expect((await checklist()).live).toBe(false);
    await api('POST', `/gaa/shops/${id}/initail-status`, gaa.headers, { data: { isInitialized: true } });
    const res = await api('GET', `/gaa/shops/${id}/go-live-checklist`);
    expect(res.json().live).toBe(true);
    expect((await checklist()).live).toBe(true);
  });

  it('answers the shop’s si and owner; refuses another si, another owner, a wrong type and no session', async () => {
    expect((await checklist(id, 'si', cast.si.headers)).owner).toBe(true);
    expect((await checklist(id, 'eaa', cast.eaa.headers)).owner).toBe(true);
    const url = `/shops/${id}/go-live-checklist`;
    expect((await api('GET', `/si${url}`, cast.otherSi.headers)).statusCode).toBe(403);
    expect((await api('GET', `/eaa${url}`, cast.otherEaa.headers)).statusCode).toBe(403);
    expect((await api('GET', `/gaa${url}`, cast.eaa.headers)).statusCode).toBe(403);
    expect((await api('GET', `/gaa${url}`, {})).statusCode).toBe(401);
    expect((await api('GET', '/gaa/shops/999999/go-live-checklist')).statusCode).toBe(404);
    expect((await api('GET', '/gaa/shops/abc/go-live-checklist')).statusCode).toBe(400);
  });
});
