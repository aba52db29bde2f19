// Shared steps of the customer-app browser tests: the console API calls that set a shop up and the
// phone's steps through the menu and the checkout.
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { DEMO_PASSWORD, hasChromium, launchBrowser, newContext, poll, signIn, url } from './browser';

export type TProduct = {
  id: number;
  name: string;
  soldOut: boolean;
  calories: number | null;
  optionGroups: { min: number; max: number; options: { id: number; soldOut: boolean }[] }[];
};

export const ok = async (
  res: Promise<{ status: () => number; text: () => Promise<string> }>,
  status = 200,
) => {
  const r = await res;
  expect(r.status(), await r.text()).toBe(status);
};

/** A phone's browser profile: a 390 px touch screen asking for zh-TW. */
export const PHONE_PROFILE = {
  locale: 'zh-TW',
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
};

/** A page in a new phone profile (no cookies, no storage) of the browser. */
export const newPhone = async (browser: Browser) => (await browser.newContext(PHONE_PROFILE)).newPage();

/**
 * The usual start of a customer-app file: one browser, the console's demo gaa in it (the run's shared session,
 * browser.ts signIn) for the API set-up, and a phone.
 */
export const adminAndPhone = async () => {
  const browser = await launchBrowser();
  const admin = await (await newContext(browser)).newPage();
  await signIn(admin, 'gaa');
  return { browser, admin, phone: await newPhone(browser) };
};

export const shopKit = (shop: number) => {
  const api = (path: string) => url(`/console/apis${path}`);
  const storefront = (path: string) => api(`/storefront/v1/shops/${shop}${path}`);
  const kit = {
    api,
    storefront,
    /** Products a tap on "add" orders as they are: every required group is a single choice. */
    simpleProducts: async (req: APIRequestContext, mealType: string): Promise<TProduct[]> => {
      const res = await req.get(storefront(`/menu?mealType=${mealType}`));
      expect(res.status(), await res.text()).toBe(200);
      const menu = (await res.json()) as { classes: { products: TProduct[] }[] };
      return menu.classes
        .flatMap((c) => c.products)
        .filter(
          (p) => !p.soldOut && p.optionGroups.every((g) => g.min === 0 || (g.min === 1 && g.max === 1)),
        );
    },
    /** The first product a tap on "add" orders as it is (simpleProducts); the shop must sell one. */
    firstSimpleProduct: async (req: APIRequestContext, mealType = 'to_go'): Promise<TProduct> => {
      const [product] = await kit.simpleProducts(req, mealType);
      expect(product, `demo shop ${shop} sells a simple ${mealType} product`).toBeDefined();
      return product!;
    },
    /** The phone on the shop's menu, once its products show. */
    menu: async (phone: Page, query = 'mealType=to_go'): Promise<void> => {
      await phone.goto(url(`/shop/${shop}/menu?${query}`));
      await poll(() => phone.getByTestId('products').count()).toBeGreaterThan(0);
    },
    /** One switch or number of the settings page (spec 001 §3), as its tabs save it. */
    saveBusiness: (admin: Page, key: string, value: unknown, table = 'business') =>
      ok(
        // the save path of the table (spec 001 §7 SAVE_PATHS)
        admin.request.put(api(`/console/${shop}/${table === 'large_order' ? 'large-order' : table}`), {
          data: { table, key, value, label: key },
        }),
      ),
    /** Settings page switches turned on, then others off, one save each as the tabs save them. */
    switches: async (admin: Page, on: readonly string[], off: readonly string[] = []): Promise<void> => {
      for (const key of on) await kit.saveBusiness(admin, key, true);
      for (const key of off) await kit.saveBusiness(admin, key, false);
    },
    /** Orders wait for the board's acceptance (on) or are accepted without a person (off). */
    manualAccept: (admin: Page, on: boolean) =>
      ok(admin.request.post(api(`/gaa/qcpos/shops/${shop}/manual-accept/${on ? 'on' : 'off'}`))),
    /** Fields of the shop edit form (spec 000 §3), saved as the form saves the whole shop. */
    saveShopForm: async (admin: Page, patch: Record<string, unknown>) => {
      const res = await admin.request.get(api(`/gaa/shops/${shop}`));
      expect(res.status(), await res.text()).toBe(200);
      const { businessData } = await res.json();
      await ok(
        admin.request.put(api(`/gaa/shops/${shop}`), {
          data: { businessData: { ...businessData, ...patch } },
        }),
      );
    },
    /** One of `product` into the phone's cart, with a note when given (the note box must be there). */
    addToCart: async (phone: Page, product: string, note?: string) => {
      await phone
        .getByRole('button', { name: new RegExp(product) })
        .first()
        .click();
      if (note !== undefined) await phone.getByTestId('item-note-input').fill(note);
      await phone
        .getByRole('dialog')
        .getByRole('button', { name: /加入購物車/ })
        .click();
      await poll(() => phone.getByRole('dialog').count()).toBe(0);
    },
    /** The checkout with a name and, unless null, a phone ('' clears what the device remembered). */
    openCheckout: async (phone: Page, name: string, phoneNo: string | null = '0912345678') => {
      await phone.getByRole('button', { name: /購物車/ }).click();
      await phone.getByLabel(/姓名/).fill(name);
      if (phoneNo !== null) await phone.getByLabel(/手機號碼/).fill(phoneNo);
    },
    sendButton: (phone: Page) => phone.getByRole('button', { name: /送出訂單/ }),
    /** The Time tab's fields (spec 001 §2.3: preparation minutes, reservation days, interval), saved as it saves them. */
    saveTiming: async (admin: Page, patch: Record<string, unknown>) => {
      const res = await admin.request.get(api(`/gaa/shops/${shop}/timing`));
      expect(res.status(), await res.text()).toBe(200);
      const { waiting_time: _, ...timing } = await res.json();
      await ok(admin.request.put(api(`/gaa/shops/${shop}/timing`), { data: { ...timing, ...patch } }));
    },
    /** Open every day all day (the service-period table), no days off, no order limits. */
    openAllDay: async (admin: Page) => {
      const general = Array.from({ length: 7 }, (_, d) => ({
        openDay: d,
        closeDay: (d + 1) % 7,
        openTime: '0000',
        closeTime: '0000',
      }));
      await ok(
        admin.request.put(api(`/gaa/shops/${shop}/opening-hours`), {
          data: { general, togo: [], delivery: [] },
        }),
      );
      const special = await (await admin.request.get(api(`/gaa/shops/${shop}/opening-special`))).json();
      for (const d of special.specialDays ?? [])
        await ok(admin.request.delete(api(`/gaa/shops/${shop}/opening-special/${d.id}`)));
      const limits = await (await admin.request.get(api(`/gaa/accounts/${shop}/order-limits`))).json();
      for (const l of limits.orderLimits ?? [])
        await ok(admin.request.delete(api(`/gaa/accounts/${shop}/order-limits/${l.id}`)));
    },
    /** A day off (YYYY-MM-DD) as the Time tab's days-off area adds it; answers its id. */
    addDayOff: async (admin: Page, date: string): Promise<number> => {
      const res = await admin.request.post(api(`/gaa/shops/${shop}/opening-special`), { data: { date } });
      expect(res.status(), await res.text()).toBeLessThan(300);
      return (await res.json()).specialDay.id;
    },
    removeDayOff: (admin: Page, id: number) =>
      ok(admin.request.delete(api(`/gaa/shops/${shop}/opening-special/${id}`))),
    /** An order limit (spec 001 §3) as the Time tab's table creates it; answers its id. */
    addOrderLimit: async (admin: Page, data: Record<string, unknown>): Promise<number> => {
      const res = await admin.request.post(api(`/gaa/accounts/${shop}/order-limit`), {
        data: { ...data, account_id: shop },
      });
      expect(res.status(), await res.text()).toBe(201);
      return (await res.json()).insertId;
    },
    removeOrderLimit: (admin: Page, id: number) =>
      ok(admin.request.delete(api(`/gaa/accounts/${shop}/order-limits/${id}`))),
    /**
     * The bookable times the checkout's time picker offers (ISO instants; '' = as soon as possible), once the
     * shop's slots are in: Checkout.tsx shows 盡快 (open now) before its slots request answers, so a read at
     * once may see that option alone. It waits for a bookable time or the no-slots note (t('noSlots')); a shop
     * open now with no slot at all shows neither (no test here asks for that).
     */
    pickerTimes: async (phone: Page): Promise<string[]> => {
      const options = phone.getByRole('combobox').locator('option');
      await poll(
        async () =>
          (await options.and(phone.locator('option:not([value=""])')).count()) +
          (await phone.getByText('目前沒有可預約的時間').count()),
      ).toBeGreaterThan(0);
      return options.evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    },
    /** No preparation time for any meal type and 30-minute slots today and tomorrow (the Time tab's fields). */
    quickSlots: (admin: Page): Promise<void> =>
      kit.saveTiming(admin, {
        eat_in_waiting_time: 0,
        to_go_waiting_time: 0,
        delivery_waiting_time: 0,
        time_sector_days: 2,
        time_sector_length: 30,
      }),
    /**
     * The shop takes to-go orders paid in cash now (quickSlots), accepted without a person, the phone number
     * asked; online pay, invoices and carriers off (is_mobile_payment on: it lets a file turn online pay on).
     */
    toGoCashNow: async (admin: Page): Promise<void> => {
      await kit.quickSlots(admin);
      await kit.switches(
        admin,
        ['is_enabled', 'is_mobile_payment', 'is_to_go', 'is_to_go_cash'],
        ['is_to_go_pay', 'is_invoice', 'is_carrier'],
      );
      await kit.saveShopForm(admin, { isPhoneRequired: true, isNotPhone: false });
      await kit.manualAccept(admin, false);
    },
    /**
     * The shop's order board (/qcpos/pos) in a new browser profile, signed in as a new order machine of the
     * shop, once its live feed runs (orders placed from then on ring on it).
     */
    board: async (browser: Browser, admin: Page, viewport = { width: 1366, height: 900 }): Promise<Page> => {
      const username = `shop${shop}-${randomUUID().slice(0, 6)}`;
      await ok(
        admin.request.post(api('/qcpos/signup'), {
          data: { username, password: DEMO_PASSWORD, shopId: shop },
        }),
        201,
      );
      const board = await (await newContext(browser)).newPage();
      await board.setViewportSize(viewport);
      await board.goto(url('/console/qcpos/login'));
      await board.getByLabel('使用者名稱').fill(username);
      await board.getByLabel('密碼').fill(DEMO_PASSWORD);
      await board.getByRole('button', { name: /登\s*入/ }).click();
      await board.waitForURL(/\/console\/qcpos\/pos$/);
      await board.waitForSelector('[data-testid=feed-state][data-state=live]', { timeout: 30_000 });
      return board;
    },
  };
  return kit;
};

/** What shopApp hands a customer-app file: its browser, the console's demo gaa, the phone, the menu's product. */
export type TShopApp = {
  /** Whether the browser was opened (false without Chromium, or when it could not start). */
  readonly opened: boolean;
  readonly browser: Browser;
  readonly admin: Page;
  readonly phone: Page;
  /** The first product a tap on "add" orders as it is (to-go), read after the file's set-up. */
  readonly product: TProduct;
  /** The phone on the shop's menu (to-go unless the query says otherwise), once its products show. */
  menu: (query?: string) => Promise<void>;
  /** One switch or number of the settings page, as its tabs save it (shopKit saveBusiness). */
  save: (key: string, value: unknown) => Promise<void>;
};

/**
 * The usual frame of a customer-app file (as browser.ts signedInPage is of a console one): before its tests one
 * browser with the console's demo gaa (the run's shared session, for the API set-up) and a phone, the shop open
 * every day all day without days off or order limits, then the file's own `setUp`; the browser closes after the
 * tests (the file's own afterAll hooks run first: vitest runs after-hooks in reverse order). Nothing happens
 * without Chromium (the tests are skipped).
 */
export const shopApp = (kit: ReturnType<typeof shopKit>, setUp: (app: TShopApp) => Promise<void>) => {
  let opened: { browser: Browser; admin: Page; phone: Page } | undefined;
  let product: TProduct | undefined;
  const need = () => {
    if (!opened)
      throw new Error('the customer-app frame is not set up (no Chromium, or its beforeAll failed)');
    return opened;
  };
  const app: TShopApp = {
    get opened() {
      return opened !== undefined;
    },
    get browser() {
      return need().browser;
    },
    get admin() {
      return need().admin;
    },
    get phone() {
      return need().phone;
    },
    get product() {
      if (!product) throw new Error('the product is read after the set-up');
      return product;
    },
    menu: (query) => kit.menu(app.phone, query),
    save: (key, value) => kit.saveBusiness(app.admin, key, value),
  };
  beforeAll(async () => {
    if (!hasChromium) return;
    opened = await adminAndPhone();
    await kit.openAllDay(opened.admin);
    await setUp(app);
    product = await kit.firstSimpleProduct(opened.phone.request);
  });
  afterAll(async () => {
    await opened?.browser.close();
  });
  return app;
};

/** The date on the shop's clock (Asia/Taipei, no summer time) `days` from now, YYYY-MM-DD. */
export const taipeiDate = (days = 0, now = Date.now()) =>
  new Date(now + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
