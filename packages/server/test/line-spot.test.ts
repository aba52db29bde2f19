// The store directory tool (spec 000 §2 "Store directory upload tool", §3 Store directory entry, §4, §7
// "Directory and tools", §8) and the LINE SPOT adapter: its simulator's auth check and error shape.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  createLineSpotClient,
  LineSpotError,
  SIMULATOR_LINE_SPOT_TOKEN,
  startLineSpot,
} from '../src/adapters/line-spot';
import { lineSpotEntries } from '../src/db/schema';
import { lookupSpot, removeSpot } from '../src/features/chat/line-spot/line-spot-service';
import { build, scopedCast } from './helpers';

const t = await build();
const cast = await scopedCast(t, { name: '阿嬤牛肉麵' });
const { gaa, id } = cast;
const other = await t.createShop({ name: '老王便當' });
const sim = t.app.lineSpot!.simulator!;

const api = (method: string, url: string, headers: Record<string, string> = gaa.headers, payload?: object) =>
  t.app.inject({ method: method as 'GET', url: `/console/apis${url}`, headers, payload });
const upload = (data: object, headers = gaa.headers) => api('POST', '/line-spot', headers, { data });
const GOOD = {
  id,
  si: 'quickclick',
  name: '阿嬤牛肉麵',
  phone: '02-2345-6789',
  address: '台北市信義區信義路五段7號1樓',
  useConvertedAddress: false,
};

describe('who may use the tool (spec 000 §6: QC only; ours: gaa, enforced)', () => {
  const calls: [string, string, object?][] = [
    ['GET', '/find-address?address=台北市信義區市府路1號'],
    ['GET', `/business/${id}`],
    ['GET', '/line-spot/shops?keyword=牛肉'],
    ['GET', `/line-spot/si/quickclick/accounts/${id}`],
    ['POST', '/line-spot', { data: GOOD }],
    ['DELETE', `/line-spot/si/quickclick/accounts/${id}`],
  ];
  it('no session: 401 on every call', async () => {
    for (const [m, u, body] of calls) expect((await api(m, u, {}, body)).statusCode, u).toBe(401);
  });
  it('si, eaa and line: 403 on every call, nothing reaches LINE SPOT', async () => {
    const before = sim.calls.length;
    for (const who of [cast.si, cast.eaa, cast.line])
      for (const [m, u, body] of calls) expect((await api(m, u, who.headers, body)).statusCode, u).toBe(403);
    expect(sim.calls.length).toBe(before);
  });
});

describe('GET /find-address (spec 000 §2 "convert the address through a maps service")', () => {
  it('answers the maps service form of the address and its point', async () => {
    const res = await api('GET', `/find-address?address=${encodeURIComponent('臺北市信義區市府路1號')}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      address: '110台灣台北市信義區市府路1號',
      lat: 25.037531,
      lng: 121.563694,
    });
  });
  it('an address the service does not know: 422 找不到此地址; empty or too long: 400', async () => {
    const res = await api('GET', `/find-address?address=${encodeURIComponent('火星市奧林帕斯山1號')}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'ADDRESS_NOT_FOUND',
      message: '找不到此地址，請確認地址後再轉換',
    });
    expect((await api('GET', '/find-address?address=')).statusCode).toBe(400);
    expect((await api('GET', `/find-address?address=${'台'.repeat(101)}`)).statusCode).toBe(400);
  });
});

describe('the store directory entry (spec 000 §3: id, name, phone, address, isUploaded)', () => {
  it('GET /business/{id}: the shop, 未上傳 before any upload; unknown shop 404; bad id 400', async () => {
    const res = await api('GET', `/business/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id, name: '阿嬤牛肉麵', isUploaded: false, uploadedSis: [] });
    expect((await api('GET', '/business/999999')).statusCode).toBe(404);
    expect((await api('GET', '/business/abc')).statusCode).toBe(400);
  });
  it('search: by name part or id; the id first', async () => {
    const byName = (await api('GET', `/line-spot/shops?keyword=${encodeURIComponent('牛肉')}`)).json().data;
    expect(byName.map((e: { id: number }) => e.id)).toEqual([id]);
    const byId = (await api('GET', `/line-spot/shops?keyword=${other.account.id}`)).json().data;
    expect(byId[0].id).toBe(other.account.id);
  });
});

describe('upload, look-up, delete (spec 000 §7 Directory and tools, §4 已上傳 / 未上傳)', () => {
  it('bad input is 400 and reaches nothing: missing name, bad phone, unknown SI, too long address', async () => {
    const before = sim.calls.length;
    for (const bad of [
      { ...GOOD, name: '  ' },
      { ...GOOD, phone: '123' },
      { ...GOOD, si: 'foodhub' },
      { ...GOOD, address: '台'.repeat(101) },
      { ...GOOD, useConvertedAddress: 'yes' },
    ])
      expect((await upload(bad)).statusCode, JSON.stringify(bad)).toBe(400);
    expect((await upload({ ...GOOD, phone: '123' })).json().error.message).toContain('電話格式錯誤');
    expect(sim.calls.length).toBe(before);
  });

  it('look-up before upload: data null (未上傳)', async () => {
    const res = await api('GET', `/line-spot/si/quickclick/accounts/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toBeNull();
  });

  it('upload with the converted address: LINE SPOT stores the converted address and its point', async () => {
    const res = await upload({ ...GOOD, useConvertedAddress: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      id,
      si: 'quickclick',
      address: '110台灣台北市信義區信義路五段7號1樓',
      lat: 25.033964,
      lng: 121.564472,
    });
    const spot = sim.spots.get(`quickclick/${id}`);
    expect(spot).toMatchObject({
      name: '阿嬤牛肉麵',
      location: { latitude: 25.033964, longitude: 121.564472 },
    });
    const entry = (await api('GET', `/business/${id}`)).json().data;
    expect(entry).toMatchObject({ isUploaded: true, uploadedSis: ['quickclick'] });
    const [row] = await t.db.select().from(lineSpotEntries).where(eq(lineSpotEntries.accountId, id));
    expect(row).toMatchObject({ si: 'quickclick', uploadedBy: gaa.user.id });
  });

  it('upload with the original address under lifeplus: as typed, no point; both SIs listed', async () => {
    const res = await upload({ ...GOOD, si: 'lifeplus', phone: '0912-345-678' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ si: 'lifeplus', address: GOOD.address, lat: null, lng: null });
    const look = (await api('GET', `/line-spot/si/lifeplus/accounts/${id}`)).json().data;
    expect(look).toMatchObject({ id, si: 'lifeplus', phone: '0912-345-678', address: GOOD.address });
    const entry = (await api('GET', `/business/${id}`)).json().data;
    expect(entry.uploadedSis).toEqual(['lifeplus', 'quickclick']);
    // the empty search lists the uploaded shops
    const listed = (await api('GET', '/line-spot/shops')).json().data;
    expect(listed.map((e: { id: number }) => e.id)).toEqual([id]);
  });

  it('converting an address the maps service does not know: 422, nothing uploaded', async () => {
    const before = sim.spots.size;
    const res = await upload({
      ...GOOD,
      id: other.account.id,
      address: '火星市奧林帕斯山1號',
      useConvertedAddress: true,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('ADDRESS_NOT_FOUND');
    expect(sim.spots.size).toBe(before);
  });

  it('LINE SPOT refuses a field (its 400 INVALID_PARAMETER): 422 with its reason; nothing recorded', async () => {
    const res = await upload({ ...GOOD, id: other.account.id, address: '信義路五段7號' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'LINE_SPOT_REFUSED',
      message: 'LINE SPOT 拒絕此資料：address: must start with a city or county',
    });
    const rows = await t.db
      .select()
      .from(lineSpotEntries)
      .where(eq(lineSpotEntries.accountId, other.account.id));
    expect(rows).toEqual([]);
  });

  it('LINE SPOT down (500, 429, offline): 502 LINE SPOT 服務暫時無法使用, nothing recorded', async () => {
    for (const fail of [() => sim.failNext(500), () => sim.failNext(429), () => sim.setOffline(true)]) {
      fail();
      const res = await upload({ ...GOOD, id: other.account.id });
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toMatchObject({
        code: 'LINE_SPOT_UNAVAILABLE',
        message: 'LINE SPOT 服務暫時無法使用，請稍後再試',
      });
      sim.setOffline(false);
    }
    expect((await api('GET', `/business/${other.account.id}`)).json().data.isUploaded).toBe(false);
  });

  it('upload of an unknown shop: 404', async () => {
    expect((await upload({ ...GOOD, id: 999999 })).statusCode).toBe(404);
  });

  it('delete: gone from LINE SPOT and from our record; a second delete 404 此商店不在 LINE SPOT 中', async () => {
    const res = await api('DELETE', `/line-spot/si/quickclick/accounts/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ id, si: 'quickclick' });
    expect(sim.spots.has(`quickclick/${id}`)).toBe(false);
    expect((await api('GET', `/line-spot/si/quickclick/accounts/${id}`)).json().data).toBeNull();
    expect((await api('GET', `/business/${id}`)).json().data.uploadedSis).toEqual(['lifeplus']);
    const again = await api('DELETE', `/line-spot/si/quickclick/accounts/${id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe('此商店不在 LINE SPOT 中');
    expect((await api('DELETE', `/line-spot/si/nobody/accounts/${id}`)).statusCode).toBe(400);
  });

  it('a look-up follows LINE SPOT: a spot removed there is 未上傳 here too', async () => {
    sim.spots.delete(`lifeplus/${id}`);
    expect((await api('GET', `/line-spot/si/lifeplus/accounts/${id}`)).json().data).toBeNull();
    expect((await api('GET', `/business/${id}`)).json().data).toMatchObject({
      isUploaded: false,
      uploadedSis: [],
    });
  });
});

describe('the LINE SPOT simulator speaks its own API (adapters/line-spot)', () => {
  const base = `http://127.0.0.1:${(sim.server.address() as { port: number }).port}`;
  it('a wrong token is 401 { errorCode: UNAUTHORIZED, errorMessage }; the client raises LineSpotError', async () => {
    const raw = await fetch(`${base}/v2/spots/quickclick/1`, { headers: { authorization: 'Bearer wrong' } });
    expect(raw.status).toBe(401);
    expect(await raw.json()).toEqual({ errorCode: 'UNAUTHORIZED', errorMessage: 'Authentication failed' });
    const client = createLineSpotClient({ baseUrl: base, token: 'wrong' });
    const err = await client.get('quickclick', '1').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LineSpotError);
    expect(err).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
  });
  it('unknown provider 404 PROVIDER_NOT_FOUND; bad fields 400 INVALID_PARAMETER with details; 429 Retry-After', async () => {
    const client = createLineSpotClient({ baseUrl: base, token: SIMULATOR_LINE_SPOT_TOKEN });
    await expect(client.get('nobody', '1')).rejects.toMatchObject({
      status: 404,
      code: 'PROVIDER_NOT_FOUND',
    });
    const res = await fetch(`${base}/v2/spots/quickclick/1`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${SIMULATOR_LINE_SPOT_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: '',
        phone: 'x',
        address: '台北市',
        location: { latitude: 0, longitude: 0 },
      }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errorCode: string; details: { property: string }[] };
    expect(body.errorCode).toBe('INVALID_PARAMETER');
    expect(body.details.map((d) => d.property)).toEqual(['name', 'phone', 'location']);
    sim.failNext(429);
    await expect(client.get('quickclick', '1')).rejects.toMatchObject({ status: 429, retryAfterMs: 5000 });
    expect(await client.get('quickclick', '1')).toBeNull();
    expect(await client.remove('quickclick', '1')).toBe(false);
  });
  it('no service in production: no directory, and the calls answer 503, never a silent pass', async () => {
    expect(await startLineSpot(t.app, { nodeEnv: 'production' })).toBeNull();
    const deps = { db: t.db, directory: null, geocoder: t.app.geocoder, log: t.app.log };
    await expect(lookupSpot(deps, 'quickclick', id)).rejects.toMatchObject({
      status: 503,
      code: 'LINE_SPOT_NOT_CONFIGURED',
    });
    await expect(removeSpot(deps, 'quickclick', id)).rejects.toMatchObject({ status: 503 });
  });
});
