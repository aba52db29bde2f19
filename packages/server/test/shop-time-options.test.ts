// the interval options (5/10/15/20/30/60 minutes) and the reservable days (edit form 0 to 7, spec 000
// §9; Time tab 0 to 30, spec 001 §9) are choices the contract enforces on the server, not only in the browser.
import { fieldMessages, SHOP_PROFILE_MESSAGES as M } from '@shopdesk/contract';
import { describe, expect, it } from 'vitest';
import { build } from './helpers';
import { openShop } from './storefront-fixtures';

const t = await build();
const gaa = await t.signedIn('gaa');
const eaa = await t.signedIn('eaa');
const shop = await openShop(t, eaa, { email: 'shop@test.local', phone: '0223456789', address: '台北市' });
const API = '/console/apis/gaa/shops';

const editSave = async (over: object) => {
  const got = await t.app.inject({ method: 'GET', url: `${API}/${shop.accountId}`, headers: gaa.headers });
  return t.app.inject({
    method: 'PUT',
    url: `${API}/${shop.accountId}`,
    headers: gaa.headers,
    payload: { businessData: { ...got.json().businessData, ...over } },
  });
};
const timingSave = (over: object) =>
  t.app.inject({
    method: 'PUT',
    url: `${API}/${shop.accountId}/timing`,
    headers: gaa.headers,
    payload: {
      eat_in_waiting_time: 10,
      to_go_waiting_time: 15,
      delivery_waiting_time: 40,
      time_sector_days: 2,
      time_sector_length: 15,
      ...over,
    },
  });

describe('interval options and reservable days (spec 000 §9, 001 §9)', () => {
  it('shop edit: 7 minutes answers 400 with the options; each offered interval saves', async () => {
    const res = await editSave({ timeSectorLength: 7, timeSectorDays: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ message: M.intervalOption.zh, field: 'timeSectorLength' });
    expect(res.json().error.messageEn).toBe(M.intervalOption.en);
    for (const n of [5, 10, 15, 20, 30, 60])
      expect((await editSave({ timeSectorLength: n, timeSectorDays: 1 })).statusCode).toBe(200);
  });

  it('shop edit: 30 days (or 8) answers 400; 0 to 7 save', async () => {
    for (const days of [8, 30]) {
      const res = await editSave({ timeSectorLength: 15, timeSectorDays: days });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        message: fieldMessages.daysRange(7).zh,
        field: 'timeSectorDays',
      });
    }
    for (const days of [0, 1, 7]) expect((await editSave({ timeSectorDays: days })).statusCode).toBe(200);
  });

  it('Time tab: 7 minutes answers 400; its days go to 30 (spec 001 §9), 31 is refused', async () => {
    const res = await timingSave({ time_sector_length: 7 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ message: M.intervalOption.zh, field: 'time_sector_length' });
    expect((await timingSave({ time_sector_days: 30, time_sector_length: 60 })).statusCode).toBe(200);
    expect((await timingSave({ time_sector_days: 31 })).statusCode).toBe(400);
  });
});
