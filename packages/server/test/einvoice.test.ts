// EInvoice tab (spec 001 §2.7, §3 "Invoice application" / "Invoice setting", §5 E-invoice application, §7, §8,
// §9) and the e-invoice platform adapter: numbers from the shop's tracks on acceptance, voided on cancel.
import { randomUUID } from 'node:crypto';
import { isValidTaxId, EINVOICE_MESSAGES as M } from '@shopdesk/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEInvoiceClient } from '../src/adapters/einvoice/client';
import { createEInvoiceSimulator } from '../src/adapters/einvoice/simulator';
import { signedHeaders } from '../src/adapters/printer/signing';
import { listenSimulator } from '../src/adapters/simulator-host';
import { invoiceSettings, invoices, invoiceTracks } from '../src/db/schema';
import { transitionOrder } from '../src/features/orders/order-flow/transition';
import { takeNextNumber } from '../src/features/payments/einvoice/numbering';
import { createRandom, taxId } from '../src/seed/random';
import { build, scopedCast } from './helpers';
import { openShop, orderBody, postOrder } from './storefront-fixtures';

const sim = createEInvoiceSimulator();
const host = await listenSimulator(sim.app, 0);
const platform = createEInvoiceClient({ baseUrl: host.url });
const logs: string[] = [];
const t = await build({
  einvoice: platform,
  logger: { level: 'debug', stream: { write: (line: string) => void logs.push(line) } },
});
const cast = await scopedCast(t, { name: '阿嬤牛肉麵' });
const { gaa, id } = cast;
const r = createRandom(7);
const TAX = taxId(r);
const PASSWORD = 'platform-password-5566';

const api = (method: string, url: string, headers: Record<string, string> = gaa.headers, payload?: object) =>
  t.app.inject({ method: method as 'GET', url: `/console/apis${url}`, headers, payload });
const application = (extra: Record<string, unknown> = {}) => ({
  appointedStoreName: '阿嬤牛肉麵 本店',
  title: '阿嬤牛肉麵',
  address: '台北市中正區重慶南路一段 1 號',
  sellerId: 'AB1234',
  deviceId: 'DEV-01',
  edcId: 'EDC-01',
  number: TAX,
  user: `u-${randomUUID().slice(0, 8)}`,
  password: PASSWORD,
  printer: { name: '發票機', sn: '123456789', did: randomUUID() },
  ...extra,
});

describe('the application (spec 001 §5)', () => {
  it('the Taiwan tax-ID checksum (contract)', () => {
    expect(isValidTaxId('04595257')).toBe(true);
    expect(isValidTaxId('04595258')).toBe(false);
    expect(isValidTaxId(TAX)).toBe(true);
    expect(isValidTaxId('1234567')).toBe(false);
  });

  it('before an application the setting is null (the page opens the popup)', async () => {
    const res = await api('GET', `/console/${id}/invoice`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().setting).toBeNull();
  });

  it('refuses each bad field with the spec’s text, nothing saved', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '一二三四五六七八九' }, M.titleTooLong.zh],
      [{ title: '' }, M.required.zh],
      [{ address: '   ' }, M.required.zh],
      [{ sellerId: 'AB123' }, M.sellerIdFormat.zh],
      [{ sellerId: 'AB-123' }, M.sellerIdFormat.zh],
      [{ number: '1234567' }, M.taxIdFormat.zh],
      [{ number: `${TAX.slice(0, 7)}${(Number(TAX[7]) + 1) % 10}` }, M.taxIdChecksum.zh],
      [{ printer: { sn: '12345678', did: randomUUID() } }, M.printerSnFormat.zh],
      [{ printer: { sn: '123456789', did: 'not-a-uuid' } }, M.uuidFormat.zh],
      [{ user: undefined }, M.required.zh],
    ];
    for (const [extra, message] of cases) {
      const res = await api('POST', `/console/${id}/invoice`, gaa.headers, application(extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect(await t.db.select().from(invoiceSettings)).toEqual([]);
  });

  it('who may: 401 without a session, 403 for other tenants and line users', async () => {
    expect((await api('GET', `/console/${id}/invoice`, {})).statusCode).toBe(401);
    for (const who of [cast.otherSi, cast.otherEaa, cast.line])
      expect((await api('POST', `/console/${id}/invoice`, who.headers, application())).statusCode).toBe(403);
    expect(
      (await api('POST', `/console/${id}/invoice-switch`, cast.otherEaa.headers, { switchValue: true }))
        .statusCode,
    ).toBe(403);
    expect(await t.db.select().from(invoiceSettings)).toEqual([]);
  });

  it('activates (開通): the platform registers the seller, 30 ticket sets fetched; the password is sealed', async () => {
    const res = await api('POST', `/console/${id}/invoice`, cast.eaa.headers, application());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().setting).toMatchObject({
      id: 'AB1234',
      shortName: '阿嬤牛肉麵',
      sellerTaxId: TAX,
      count: 30,
      remainingNumbers: 1500,
      isInvoiceEnable: true,
      is_qc_invoice: false,
      is_co_invoice: false,
    });
    expect(res.body).not.toContain(PASSWORD);
    const [row] = await t.db.select().from(invoiceSettings);
    expect(row!.passwordSealed).not.toContain(PASSWORD);
    const again = await api('POST', `/console/${id}/invoice`, gaa.headers, application());
    expect(again.statusCode).toBe(409);
  });

  it('fetches 10 more sets by hand; the switch and the title change and are audited', async () => {
    const fetched = await api('POST', `/console/${id}/fetch-invoices`, gaa.headers, {
      sellerId: 'AB1234',
      count: 10,
    });
    expect(fetched.statusCode, fetched.body).toBe(200);
    expect(fetched.json().setting.count).toBe(40);
    const off = await api('POST', `/console/${id}/invoice-switch`, gaa.headers, { switchValue: false });
    expect(off.json().setting.isInvoiceEnable).toBe(false);
    const title = await api('PUT', `/console/${id}/invoice`, gaa.headers, {
      key: 'shortName',
      value: '阿嬤麵',
    });
    expect(title.json().setting.shortName).toBe('阿嬤麵');
    const tooLong = await api('PUT', `/console/${id}/invoice`, gaa.headers, {
      key: 'shortName',
      value: '一二三四五六七八九',
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toBe(M.titleTooLong.zh);
    // iDoo's switch (is_co_invoice) is shown disabled: the API does not take it
    expect(
      (await api('PUT', `/console/${id}/invoice`, gaa.headers, { key: 'is_co_invoice', value: true }))
        .statusCode,
    ).toBe(400);
    const printer = await api('PUT', `/console/${id}/invoice-printer`, gaa.headers, {
      printerSn: '987654321',
      printerDeviceId: randomUUID(),
    });
    expect(printer.json().setting.printerSn).toBe('987654321');
    expect(
      (
        await api('PUT', `/console/${id}/invoice-printer`, gaa.headers, {
          printerSn: '98',
          printerDeviceId: randomUUID(),
        })
      ).statusCode,
    ).toBe(400);
    const record = (await api('GET', `/console/${id}/record?resourceCode=einvoice`)).json();
    expect(record.records.length).toBeGreaterThanOrEqual(4);
    expect(JSON.stringify(record)).not.toContain(PASSWORD);
  });
});

describe('auto-issue on acceptance, void on cancel (spec 001 §2.7)', () => {
  const pos = { kind: 'pos' as const, username: 'counter-1' };
  it('an accepted order gets the next number (with the buyer’s tax id); a canceled one is voided at the platform', async () => {
    await api('POST', `/console/${id}/invoice-switch`, gaa.headers, { switchValue: true });
    // off: no invoice
    // the order form asks for the tax id and the carrier (is_invoice, is_carrier)
    const shop = await openShop(t, cast.eaa, { isInvoice: true, isCarrier: true }, {}, { manual: true });
    const before = (await postOrder(t, shop.accountId, orderBody(shop.productId))).json().order;
    await transitionOrder(t.db, {
      orderId: before.id,
      accountId: shop.accountId,
      action: 'accept',
      actor: pos,
    });
    expect(await t.db.select().from(invoices).where(eq(invoices.orderId, before.id))).toEqual([]);
    // this shop: setting on, QC auto-issue on
    const s2 = await t.db.select().from(invoiceSettings).where(eq(invoiceSettings.accountId, id));
    await t.db.insert(invoiceSettings).values({ ...s2[0]!, accountId: shop.accountId, isQcInvoice: true });
    await t.db.insert(invoiceTracks).values({
      accountId: shop.accountId,
      track: 'ZZ',
      startNo: 99_000_000,
      endNo: 99_000_049,
      nextNo: 99_000_000,
    });
    const buyer = taxId(r);
    const res = await postOrder(
      t,
      shop.accountId,
      orderBody(shop.productId, { invoice: { buyerTaxId: buyer } }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().order;
    await transitionOrder(t.db, {
      orderId: order.id,
      accountId: shop.accountId,
      action: 'accept',
      actor: pos,
    });
    const [inv] = await t.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(inv).toMatchObject({
      number: 'ZZ99000000',
      status: 'issued',
      platform: 'pending',
      buyerTaxId: buyer,
    });
    // the platform does not know ZZ (not its track): the job fails for good, visible as failed
    await t.app.outbox.drain();
    expect((await t.db.select().from(invoices).where(eq(invoices.orderId, order.id)))[0]!.platform).toBe(
      'failed',
    );
  });

  it('issues at the platform through the outbox; cancel voids; a bad carrier is refused at intake', async () => {
    await api('PUT', `/console/${id}/invoice`, gaa.headers, { key: 'is_qc_invoice', value: true });
    await t.createShop({ name: 'x' }); // unrelated shop
    const menu = await openShop(t, cast.eaa, { isInvoice: true, isCarrier: true }, {}, { manual: true });
    // move this shop's setting and tracks onto the menu shop: the platform knows those tracks
    await t.db
      .update(invoiceSettings)
      .set({ accountId: menu.accountId })
      .where(eq(invoiceSettings.accountId, id));
    await t.db
      .update(invoiceTracks)
      .set({ accountId: menu.accountId })
      .where(eq(invoiceTracks.accountId, id));
    const bad = await postOrder(
      t,
      menu.accountId,
      orderBody(menu.productId, { invoice: { carrier: 'ABC' } }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(M.carrierFormat.zh);
    const res = await postOrder(
      t,
      menu.accountId,
      orderBody(menu.productId, { invoice: { carrier: '/ABC+123' } }),
    );
    const order = res.json().order;
    await transitionOrder(t.db, {
      orderId: order.id,
      accountId: menu.accountId,
      action: 'accept',
      actor: pos,
    });
    await t.app.outbox.drain();
    const [inv] = await t.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(inv).toMatchObject({ status: 'issued', platform: 'done', carrier: '/ABC+123' });
    expect(inv!.number).toMatch(/^[A-Z]{2}\d{8}$/);
    expect(sim.control.invoice(inv!.number!)).toMatchObject({
      orderId: order.id,
      carrier: '/ABC+123',
      status: 'issued',
    });
    await transitionOrder(t.db, {
      orderId: order.id,
      accountId: menu.accountId,
      action: 'cancel',
      reason: '客人取消',
      actor: pos,
    });
    await t.app.outbox.drain();
    const [voided] = await t.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(voided).toMatchObject({ status: 'voided', platform: 'done' });
    expect(sim.control.invoice(inv!.number!)?.status).toBe('voided');
  });

  it('numbers are never reused nor skipped with many acceptances at once', async () => {
    const [setting] = await t.db.select().from(invoiceSettings).where(eq(invoiceSettings.isQcInvoice, true));
    const accountId = setting!.accountId;
    const [shopRow] = await t.db
      .select()
      .from(invoiceTracks)
      .where(eq(invoiceTracks.accountId, accountId))
      .limit(1);
    expect(shopRow).toBeDefined();
    const { products } = await import('../src/db/schema');
    const [product] = await t.db.select().from(products).where(eq(products.accountId, accountId)).limit(1);
    const placed = [];
    for (let i = 0; i < 12; i += 1)
      placed.push((await postOrder(t, accountId, orderBody(product!.id))).json().order);
    const before = await t.db.select().from(invoices).where(eq(invoices.accountId, accountId));
    // accept all at once (each its own transaction, racing for the track row)
    await Promise.all(
      placed.map((o) => transitionOrder(t.db, { orderId: o.id, accountId, action: 'accept', actor: pos })),
    );
    const after = await t.db.select().from(invoices).where(eq(invoices.accountId, accountId));
    const fresh = after.filter((a) => !before.some((b) => b.id === a.id)).map((a) => a.number!);
    expect(fresh).toHaveLength(12);
    expect(new Set(fresh).size).toBe(12);
    const ns = fresh.map((n) => Number(n.slice(2))).sort((a, b) => a - b);
    const prefix = new Set(fresh.map((n) => n.slice(0, 2)));
    if (prefix.size === 1) expect(ns.at(-1)! - ns[0]!).toBe(11); // consecutive: nothing skipped
    const all = after.filter((a) => a.number).map((a) => a.number);
    expect(new Set(all).size).toBe(all.length);
  });
});

describe('number assignment under concurrency (row lock; run on PostgreSQL by the api-postgres project)', () => {
  it('parallel transactions, some rolled back: the committed ones hold consecutive numbers, none twice', async () => {
    const shop = await t.createShop({ name: '併發測試' });
    const accountId = shop.account.id;
    await t.db.insert(invoiceTracks).values([
      { accountId, track: 'QA', startNo: 20_000_000, endNo: 20_000_009, nextNo: 20_000_000 },
      { accountId, track: 'QB', startNo: 30_000_000, endNo: 30_000_049, nextNo: 30_000_000 },
    ]);
    const results = await Promise.allSettled(
      Array.from({ length: 24 }, (_, i) =>
        t.db.transaction(async (tx) => {
          const n = await takeNextNumber(tx as unknown as typeof t.db, accountId);
          // a fixed time on purpose: each transaction stays open a moment so the 24 overlap
          await new Promise((res) => setTimeout(res, 5));
          if (i % 4 === 3) throw new Error('rolled back');
          return n!;
        }),
      ),
    );
    const taken = results.flatMap((x) => (x.status === 'fulfilled' ? [x.value] : []));
    expect(taken).toHaveLength(18);
    expect(new Set(taken).size).toBe(18);
    // the first track's ten numbers, then the second track's first eight: nothing skipped
    const expected = [
      ...Array.from({ length: 10 }, (_, i) => `QA${20_000_000 + i}`),
      ...Array.from({ length: 8 }, (_, i) => `QB${30_000_000 + i}`),
    ];
    expect([...taken].sort()).toEqual(expected.sort());
  });
});

describe('the platform’s signatures (simulator)', () => {
  const seller = { sellerTaxId: taxId(r), sellerId: 'CD5678', user: 'sig-user', password: 'sig-password-1' };
  it('good signature works; wrong password, replay and unsigned are refused', async () => {
    await platform.register(seller);
    const tracks = await platform.fetchTracks(seller, 1);
    expect(tracks[0]!.end - tracks[0]!.start).toBe(49);
    await expect(platform.fetchTracks({ ...seller, password: 'wrong' }, 1)).rejects.toThrow('BAD_SIGNATURE');
    const body = JSON.stringify({ sellerTaxId: seller.sellerTaxId, count: 1 });
    const h = signedHeaders(seller.user, seller.password, 'POST', '/v1/tracks', body);
    const headers = { ...h, 'x-einvoice-user': seller.user, 'content-type': 'application/json' };
    expect((await fetch(`${host.url}/v1/tracks`, { method: 'POST', headers, body })).status).toBe(200);
    const replay = await fetch(`${host.url}/v1/tracks`, { method: 'POST', headers, body });
    expect(replay.status).toBe(401);
    expect(((await replay.json()) as { error: { code: string } }).error.code).toBe('REPLAYED');
    expect(
      (
        await fetch(`${host.url}/v1/tracks`, {
          method: 'POST',
          body,
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(401);
    // a number of another seller's track is refused
    await expect(platform.issue(seller, { number: 'ZZ99000001', orderId: 1, amount: 10 })).rejects.toThrow(
      'NUMBER_NOT_ASSIGNED',
    );
  });

  it('secrets never reach the log', () => {
    expect(logs.join('\n')).not.toContain(PASSWORD);
  });
});
