// "every shop setting changes what the app shows or accepts", the time, limit, invoice and payment
// settings: each test flips a setting through the console API (the Time tab, the Advance and Store tabs) and
// looks at the customer app on a phone; where the app hides a choice, intake is asked too.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { hasChromium, poll, shot } from './browser';
import { shopApp, shopKit, taipeiDate } from './shop-app-kit';

// A demo shop no other browser test touches (past the portals' 13–22 and the report's 21–23).
const SHOP = 27;
const kit = shopKit(SHOP);
const MINUTE = 60_000;

const app = shopApp(kit, ({ admin }) => kit.toGoCashNow(admin));
const { menu, save: saveBusiness } = app;
/** The options a tap on "add" chooses: the first of each required group. */
const optionIds = () =>
  app.product.optionGroups.filter((g) => g.min > 0).map((g) => g.options.find((o) => !o.soldOut)!.id);
/** The checkout with one product in the cart, its time picker filled from the bookable times. */
const checkout = async (name: string) => {
  await menu();
  if ((await app.phone.getByRole('button', { name: /購物車/ }).count()) === 0)
    await kit.addToCart(app.phone, app.product.name);
  await kit.openCheckout(app.phone, name);
  // the picker is there (盡快 at least; kit.pickerTimes waits for the slots themselves)
  await poll(() => app.phone.getByRole('combobox').locator('option').count()).toBeGreaterThan(0);
};
/** What order intake would answer now (the availability check the checkout runs, with the cart). */
const intake = async (body: Record<string, unknown>) => {
  const res = await app.phone.request.post(kit.storefront('/availability'), {
    data: {
      mealType: 'to_go',
      at: null,
      paymentMethod: 'cash',
      items: [{ productId: app.product.id, quantity: 1, optionIds: optionIds() }],
      ...body,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { ok: boolean; blocking: { code: string } | null };
};

// each test starts from a shop open all day, without days off or order limits (a failed one may leave them)
beforeEach(async () => {
  if (app.opened) await kit.openAllDay(app.admin);
});

afterAll(async () => {
  if (app.opened) await kit.openAllDay(app.admin).catch(() => undefined);
});

describe.skipIf(!hasChromium)('time, limit, invoice and payment settings seen in the customer app', () => {
  it('a day off closes that date: today off → closed now, no time today; both days off → nothing bookable', async () => {
    const today = taipeiDate(0);
    const tomorrow = taipeiDate(1);
    const onDay = (times: string[], day: string) =>
      times.filter((t) => t && taipeiDate(0, new Date(t).getTime()) === day);
    // open: as soon as possible, and tomorrow's times at least
    await checkout('公休客');
    expect((await kit.pickerTimes(app.phone))[0]).toBe('');
    expect(onDay(await kit.pickerTimes(app.phone), tomorrow).length).toBeGreaterThan(0);

    const todayOff = await kit.addDayOff(app.admin, today);
    await menu();
    await poll(() => app.phone.getByText('目前非營業時間，可預約', { exact: true }).count()).toBe(1);
    await checkout('公休客');
    const times = await kit.pickerTimes(app.phone);
    expect(times).not.toContain('');
    expect(onDay(times, today)).toEqual([]);
    expect(onDay(times, tomorrow).length).toBeGreaterThan(0);
    // intake agrees: an hour from now (today) is refused as a day off
    const later = new Date(Date.now() + 60 * MINUTE).toISOString();
    if (taipeiDate(0, Date.parse(later)) === today)
      expect((await intake({ at: later })).blocking?.code).toBe('DAY_OFF');
    expect((await intake({ at: null })).blocking?.code).toBe('DAY_OFF');

    const tomorrowOff = await kit.addDayOff(app.admin, tomorrow);
    // nothing bookable: the menu does not invite a booking (docs/decisions/customer-app.md "Days off")
    await menu();
    await poll(() =>
      app.phone.getByText('目前非營業時間，目前沒有可預約的時間', { exact: true }).count(),
    ).toBe(1);
    expect(await app.phone.getByText('目前非營業時間，可預約', { exact: true }).count()).toBe(0);
    await checkout('公休客');
    await poll(() => app.phone.getByText('目前沒有可預約的時間', { exact: true }).count()).toBe(1);
    expect((await kit.pickerTimes(app.phone)).filter(Boolean)).toEqual([]);
    await app.phone.screenshot({ path: shot('shop-flips-days-off.png'), fullPage: true });

    await kit.removeDayOff(app.admin, todayOff);
    await kit.removeDayOff(app.admin, tomorrowOff);
    await menu();
    await poll(() => app.phone.getByText('營業中', { exact: true }).count()).toBe(1);
  });

  it('preparation minutes move the earliest bookable time; intake refuses an earlier one', async () => {
    const earliest = async () => {
      await checkout('備餐客');
      const times = (await kit.pickerTimes(app.phone)).filter(Boolean);
      expect(times.length).toBeGreaterThan(0);
      return Date.parse(times[0]!);
    };
    await kit.saveTiming(app.admin, { to_go_waiting_time: 0 });
    let now = Date.now();
    const quick = await earliest();
    expect(quick).toBeGreaterThanOrEqual(now - MINUTE);
    expect(quick).toBeLessThanOrEqual(now + 31 * MINUTE);

    await kit.saveTiming(app.admin, { to_go_waiting_time: 120 });
    now = Date.now();
    const slow = await earliest();
    expect(slow).toBeGreaterThanOrEqual(now + 119 * MINUTE);
    expect(slow).toBeLessThanOrEqual(now + 151 * MINUTE);
    // an hour from now is before the food can be ready
    const hour = new Date(Math.ceil((now + 60 * MINUTE) / (30 * MINUTE)) * 30 * MINUTE).toISOString();
    expect((await intake({ at: hour })).blocking?.code).toBe('TOO_EARLY');
    expect((await intake({ at: new Date(slow).toISOString() })).ok).toBe(true);
    await kit.saveTiming(app.admin, { to_go_waiting_time: 0 });
  });

  // up to three minutes of waiting out the end of an hour come before the test's own work: a longer limit
  it('an order limit: a full slot leaves the picker, and a second order for the full hour is refused', {
    timeout: 300_000,
  }, async () => {
    // wait out the last minutes of an hour: the two "as soon as possible" orders below share one hour
    await expect
      .poll(() => new Date(Date.now() + 8 * 3_600_000).getUTCMinutes(), { timeout: 200_000, interval: 1_000 })
      .toBeLessThan(57);
    const limit = await kit.addOrderLimit(app.admin, {
      meal_type: 'to_go',
      period_session: [0, 1, 2, 3, 4, 5, 6],
      time_session: { start: '00:00', end: '23:59' },
      session_time: 60,
      max_num_of_order: 1,
    });
    try {
      // a time on the hour, later than the next hour, with the half past after it
      await checkout('限量客');
      const times = (await kit.pickerTimes(app.phone)).filter(Boolean);
      const pick = times.find(
        (t, i) =>
          i > 2 &&
          new Date(t).getUTCMinutes() === 0 &&
          times.includes(new Date(Date.parse(t) + 30 * MINUTE).toISOString()) &&
          times.includes(new Date(Date.parse(t) + 60 * MINUTE).toISOString()),
      );
      expect(pick, times.join(' ')).toBeDefined();
      await app.phone.getByRole('combobox').selectOption(pick!);
      await kit.sendButton(app.phone).click();
      await app.phone.waitForURL(/\/orders\//);

      await checkout('限量客');
      const after = await kit.pickerTimes(app.phone);
      expect(after).not.toContain(pick);
      expect(after).not.toContain(new Date(Date.parse(pick!) + 30 * MINUTE).toISOString());
      expect(after).toContain(new Date(Date.parse(pick!) + 60 * MINUTE).toISOString());
      expect((await intake({ at: pick })).blocking?.code).toBe('ORDER_LIMIT_REACHED');

      // as soon as possible: the first order takes this hour's one place, the second is refused in the page
      await app.phone.getByRole('combobox').selectOption('');
      await kit.sendButton(app.phone).click();
      await app.phone.waitForURL(/\/orders\//);
      await checkout('限量客');
      await poll(() => app.phone.getByRole('alert').textContent()).toContain(
        '此時段訂單已滿，請選擇其他時間',
      );
      // nor is a later time of this hour offered (the order placed earlier in it counts)
      const hourOf = (ms: number) => Math.floor((ms + 8 * 3_600_000) / 3_600_000);
      const thisHour = (await kit.pickerTimes(app.phone)).filter(
        (t) => t && hourOf(Date.parse(t)) === hourOf(Date.now()),
      );
      expect(thisHour).toEqual([]);
      await kit.sendButton(app.phone).click();
      await poll(() => app.phone.getByRole('alert').textContent()).toContain('請選擇其他時間');
      expect(app.phone.url()).not.toMatch(/\/orders\//);
      await app.phone.screenshot({ path: shot('shop-flips-order-limit.png'), fullPage: true });
    } finally {
      await kit.removeOrderLimit(app.admin, limit);
    }
    await checkout('限量客');
    await poll(() => app.phone.getByRole('alert').count()).toBe(0);
  });

  it('is_carrier shows the mobile-carrier field (with or without the tax-id field)', async () => {
    const carrierField = () => app.phone.getByLabel(/手機條碼載具/);
    const taxField = () => app.phone.getByLabel(/統一編號/);
    await saveBusiness('is_invoice', true);
    await saveBusiness('is_carrier', true);
    await checkout('載具客');
    await poll(() => carrierField().count()).toBe(1);
    expect(await taxField().count()).toBe(1);
    await carrierField().fill('/abc1234');
    await app.phone.screenshot({ path: shot('shop-flips-carrier.png'), fullPage: true });
    await kit.sendButton(app.phone).click();
    await app.phone.waitForURL(/\/orders\//);

    await saveBusiness('is_carrier', false);
    await checkout('載具客');
    await poll(() => taxField().count()).toBe(1);
    expect(await carrierField().count()).toBe(0);

    // the carrier is a field of its own (spec 001 §2.2): without the tax-id field it still shows
    await saveBusiness('is_invoice', false);
    await saveBusiness('is_carrier', true);
    await checkout('載具客');
    await poll(() => carrierField().count()).toBe(1);
    expect(await taxField().count()).toBe(0);
    await saveBusiness('is_carrier', false);
    await checkout('載具客');
    expect(await carrierField().count()).toBe(0);
  });

  it('the cash and online switches of the meal type decide the payment choices; intake agrees', async () => {
    const choices = () =>
      app.phone.getByRole('radio').evaluateAll((rs) => rs.map((r) => r.parentElement?.textContent));
    await saveBusiness('is_to_go_cash', true);
    await saveBusiness('is_to_go_pay', false);
    await checkout('付款客');
    await poll(choices).toEqual(['現金（取餐時付款）']);

    // the online switch alone offers nothing: no enabled service of this shop would charge it
    // (online pay with a service: shop-app-order-settings.test.ts)
    await saveBusiness('is_to_go_pay', true);
    await checkout('付款客');
    await poll(choices).toEqual(['現金（取餐時付款）']);

    await saveBusiness('is_to_go_cash', false);
    await checkout('付款客');
    await poll(choices).toEqual([]);
    await poll(() => app.phone.getByRole('alert').textContent()).toContain('尚未啟用線上支付');
    expect((await intake({ paymentMethod: 'cash' })).blocking?.code).toBe('PAYMENT_METHOD_OFF');
    expect((await intake({ paymentMethod: 'online' })).blocking?.code).toBe('ONLINE_PAYMENT_UNAVAILABLE');

    // no payment left for an offered meal type: the settings refuse it (spec 001 §5), so the app never meets it
    const none = await app.admin.request.put(kit.api(`/console/${SHOP}/business`), {
      data: { table: 'business', key: 'is_to_go_pay', value: false, label: 'is_to_go_pay' },
    });
    expect(none.status()).toBe(400);
    await checkout('付款客');
    await poll(choices).toEqual([]);
    await saveBusiness('is_to_go_cash', true);
  });
});
