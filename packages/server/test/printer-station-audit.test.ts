// Station writes in the shop's Record tab (spec 001 §2.8 Record tab, §3 "Audit record";
// docs/decisions/platform.md "Portal logo, shop order and station audit"): create, rename, print times, class
// assignment, printers, origin printers, negative products, the switch, sync and delete each leave one record
// of category printer-stations, read through the Record tab's own calls.
import { describe, expect, it } from 'vitest';
import { build, scopedCast } from './helpers';
import { menuUrl } from './menus-fixtures';
import { addPrinter, startPrinterSimulator } from './printer-fixtures';
import { openShop } from './storefront-fixtures';

const sim = await startPrinterSimulator();
const t = await build({ printer: sim.service });
const cast = await scopedCast(t, { name: '稽核小館' });
const { gaa } = cast;
const shop = await openShop(t, cast.eaa);
const id = shop.accountId;

type Json = Record<string, unknown>;
const api = (method: string, url: string, payload?: Json, headers: object = gaa.headers) =>
  t.app.inject({
    method: method as 'GET',
    url: `/console/apis${url}`,
    headers: headers as Record<string, string>,
    payload,
  });
const base = `/gaa/accounts/${id}/printer-station`;
/** The shop's station records, newest first, as the Record tab reads them (its category filter). */
const records = async (headers: object = gaa.headers) => {
  const res = await api(
    'GET',
    `/console/${id}/record-resource?resourceCode=printer-stations`,
    undefined,
    headers,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().records as {
    displayName: string;
    action: string;
    displayLog: string;
    userName: string;
  }[];
};
const latest = async () => (await records())[0]!;

const c = await t.app.inject({
  method: 'POST',
  url: menuUrl('eaa', id, '/classes'),
  headers: cast.eaa.headers,
  payload: { sku: 'DRINK', names: { zh: '飲料' } },
});
expect(c.statusCode, c.body).toBe(201);
const tea = await t.app.inject({
  method: 'POST',
  url: menuUrl('eaa', id, '/products'),
  headers: cast.eaa.headers,
  payload: { classId: c.json().class.id, names: { zh: '冬瓜茶' }, price: 30, mealTypes: ['to_go'] },
});
const teaId = tea.json().product.id as number;
const barPrinter = await addPrinter(t, id, { name: '吧台機', sn: 'AUDITBAR01' });

describe('station writes are audited (Record tab, category 出單工作站)', () => {
  let station = 0;

  it('create, rename and print times, each one record with what changed', async () => {
    const before = (await records()).length;
    const made = await api('POST', `${base}/station`, { stationData: { name: '吧台', times: 1 } });
    expect(made.statusCode, made.body).toBe(201);
    station = made.json().station.stationId;
    expect(await latest()).toMatchObject({
      action: 'create',
      displayName: '工作站 吧台',
      displayLog: '新增工作站 吧台（列印張數 1）',
    });
    const renamed = await api('PATCH', `${base}/stations/${station}`, {
      stationData: { name: '飲料吧', times: 2 },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await latest()).toMatchObject({
      action: 'update',
      displayName: '工作站 飲料吧',
      displayLog: '更新工作站 吧台：名稱：吧台 → 飲料吧、列印張數：1 → 2',
    });
    // saving without a change writes nothing
    await api('PATCH', `${base}/stations/${station}`, { stationData: { name: '飲料吧', times: 2 } });
    expect((await records()).length).toBe(before + 2);
  });

  it('class assignment, printers, origin printers and unchecked products', async () => {
    await api('POST', `/gaa/accounts/${id}/classes`, { stationId: station, stationHasClass: ['DRINK'] });
    expect((await latest()).displayLog).toBe('工作站 飲料吧 列印品項：（無） → 飲料');
    await api('POST', `${base}/printers`, { data: [{ did: barPrinter.row.did, stationIds: [station] }] });
    expect((await latest()).displayLog).toBe('出單機 吧台機 的工作站：（無） → 飲料吧');
    await api('POST', `${base}/origin-printers`, { originPrinterDidArr: [barPrinter.row.did], shopId: id });
    expect((await latest()).displayLog).toBe('原始出單機（整張訂單）：（無） → 吧台機');
    const neg = await api('POST', '/gaa/negative-products', {
      accountId: id,
      stationId: station,
      negativeCartProducts: [{ productId: teaId, classSku: 'DRINK' }],
      resetNegativeCartProductsClasses: ['DRINK'],
    });
    expect(neg.statusCode, neg.body).toBe(200);
    expect((await latest()).displayLog).toBe('工作站 飲料吧 不列印的品項：冬瓜茶');
  });

  it('the branch-station switch and sync (success and failure)', async () => {
    await api('PATCH', `${base}/station/settings`, { isStation: true });
    expect(await latest()).toMatchObject({ displayName: '分站列印', displayLog: '分站列印：關閉 → 開啟' });
    expect((await api('PATCH', `${base}/printers`, { shopId: id })).statusCode).toBe(200);
    expect((await latest()).displayLog).toBe('同步出單機：1 台成功');
    sim.control.failNext(1, 503);
    expect((await api('PATCH', `${base}/printers`, { shopId: id })).statusCode).toBe(502);
    expect((await latest()).displayLog).toBe('同步出單機：0 台成功，失敗 吧台機');
  });

  it('delete; a refused write (bad input, another role) leaves no record; the shop owner reads them too', async () => {
    const count = (await records()).length;
    expect(
      (await api('PATCH', `${base}/stations/${station}`, { stationData: { name: '', times: 1 } })).statusCode,
    ).toBe(400);
    expect((await api('POST', `${base}/station`, { stationData: {} }, cast.eaa.headers)).statusCode).toBe(
      403,
    );
    expect((await records()).length).toBe(count);
    expect((await api('DELETE', `${base}/stations/${station}`)).statusCode).toBe(200);
    const last = await latest();
    expect(last).toMatchObject({
      action: 'delete',
      displayName: '工作站 飲料吧',
      displayLog: '刪除工作站 飲料吧',
    });
    expect(last.userName).toBeTruthy();
    // the shop's owner sees the same records in its Record tab; another owner is refused
    expect((await records(cast.eaa.headers))[0]).toMatchObject({ displayLog: '刪除工作站 飲料吧' });
    const foreign = await api(
      'GET',
      `/console/${id}/record?offset=0&limit=10`,
      undefined,
      cast.otherEaa.headers,
    );
    expect(foreign.statusCode).toBeGreaterThanOrEqual(403);
    const all = (await api('GET', `/console/${id}/record?offset=0&limit=50`)).json();
    expect(all.resourceCodes).toContain('printer-stations');
  });
});
