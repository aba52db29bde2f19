// E-invoice auto-issue switches and the proof (spec 001 §2.7 "three auto-issue switches (QC, QP, iDoo)", §3
// "Account flags", "printer serial and device id"): QC decides cash orders, QP online ones; off = the invoice
// waits for 開立; an issued invoice without a carrier prints its 電子發票證明聯 on the e-invoice printer, read
// back here from the bytes the printer simulator received (Big5 text, CODE39, two QR codes).
import { randomUUID } from 'node:crypto';
import { invoicePeriod, EINVOICE_MESSAGES as M, proofBarcode, rocDate } from '@shopdesk/contract';
import { and, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { decodeEscPosParts } from '../src/adapters/printer/escpos';
import { invoiceSettings, invoices, invoiceTracks, orders, outboxJobs } from '../src/db/schema';
import { transitionOrder } from '../src/features/orders/order-flow/transition';
import { QR_LAYOUT, qrScale, qrVerification } from '../src/features/payments/einvoice/proof-print';
import { createRandom, taxId } from '../src/seed/random';
import { build, scopedCast } from './helpers';
import { addPrinter, startPrinterSimulator } from './printer-fixtures';
import { openShop, orderBody, postOrder } from './storefront-fixtures';

const printerSim = await startPrinterSimulator();
const t = await build({ printer: printerSim.service });
const cast = await scopedCast(t, { name: '發票小館' });
const { gaa } = cast;
const SELLER = taxId(createRandom(11));
const PASSWORD = 'proof-password-2026';
let serials = 246_813_570;
const pos = { kind: 'pos' as const, username: 'counter-1' };

const api = (method: string, url: string, payload?: object, headers: Record<string, string> = gaa.headers) =>
  t.app.inject({ method: method as 'GET', url: `/console/apis${url}`, headers, payload });

/** A shop with e-invoices on (setting written as the application would, its own track) and its printer. */
const invoiceShop = async (flags: { qc: boolean; qp: boolean }, track: string) => {
  const shop = await openShop(
    t,
    cast.eaa,
    { isInvoice: true, isCarrier: true },
    { price: 150 },
    { manual: true },
  );
  const did = randomUUID();
  const secret = 'InvoicePrinter-01';
  serials += 1;
  const sn = String(serials);
  await addPrinter(t, shop.accountId, { sn, did, secret });
  printerSim.control.provision(sn, secret);
  await t.db.insert(invoiceSettings).values({
    accountId: shop.accountId,
    sellerId: 'AB1234',
    name: '發票小館 本店',
    shortName: '發票小館',
    address: '台北市大安區忠孝東路四段 1 號',
    sellerTaxId: SELLER,
    deviceId: 'DEV-01',
    edcId: 'EDC-01',
    platformUser: 'proof-user',
    passwordSealed: t.app.secretBox.seal(PASSWORD),
    printerSn: sn,
    printerDid: did,
    isEnabled: true,
    isQcInvoice: flags.qc,
    isQpInvoice: flags.qp,
  });
  await t.db
    .insert(invoiceTracks)
    .values({ accountId: shop.accountId, track, startNo: 10_000_000, endNo: 10_000_049, nextNo: 10_000_000 });
  return { ...shop, sn };
};

const acceptedOrder = async (
  shop: { accountId: number; productId: number },
  extra: Record<string, unknown> = {},
  paidOnline = false,
) => {
  const res = await postOrder(t, shop.accountId, orderBody(shop.productId, extra));
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json().order;
  // an order paid through a payment service (the Qrpay tab's online payment), written as intake would
  if (paidOnline)
    await t.db
      .update(orders)
      .set({ paymentMethod: 'online', paymentStatus: 'paid' })
      .where(eq(orders.id, order.id));
  await transitionOrder(t.db, { orderId: order.id, accountId: shop.accountId, action: 'accept', actor: pos });
  return order as { id: number; total: number };
};
const invoiceOf = async (orderId: number) =>
  (await t.db.select().from(invoices).where(eq(invoices.orderId, orderId)))[0];

describe('QC and QP decide: on = issued at acceptance, off = waiting for 開立', () => {
  it('QC on, QP off: a cash order is issued, an online one waits; 開立 issues it; twice is 409', async () => {
    const shop = await invoiceShop({ qc: true, qp: false }, 'QA');
    const cash = await acceptedOrder(shop);
    expect(await invoiceOf(cash.id)).toMatchObject({ status: 'issued', number: 'QA10000000' });
    expect((await invoiceOf(cash.id))!.randomCode).toMatch(/^\d{4}$/);
    const online = await acceptedOrder(shop, {}, true);
    expect(await invoiceOf(online.id)).toMatchObject({ status: 'waiting', number: null });
    const list = (await api('GET', `/console/${shop.accountId}/invoice`)).json();
    expect(list.recent.find((r: { orderId: number }) => r.orderId === online.id)).toMatchObject({
      status: 'waiting',
      number: null,
    });
    // only for the shop's own people: another owner cannot issue it
    const other = await api(
      'POST',
      `/console/${shop.accountId}/invoice/issue`,
      { orderId: online.id },
      cast.otherEaa.headers,
    );
    expect(other.statusCode).toBe(403);
    const issued = await api('POST', `/console/${shop.accountId}/invoice/issue`, { orderId: online.id });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json().number).toBe('QA10000001');
    expect(await invoiceOf(online.id)).toMatchObject({ status: 'issued', number: 'QA10000001' });
    const again = await api('POST', `/console/${shop.accountId}/invoice/issue`, { orderId: online.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(M.notWaiting.zh);
  });

  it('QC off, QP on: the other way round; a waiting invoice of a canceled order is dropped', async () => {
    const shop = await invoiceShop({ qc: false, qp: true }, 'QB');
    const online = await acceptedOrder(shop, {}, true);
    expect(await invoiceOf(online.id)).toMatchObject({ status: 'issued', number: 'QB10000000' });
    const cash = await acceptedOrder(shop);
    expect(await invoiceOf(cash.id)).toMatchObject({ status: 'waiting' });
    await transitionOrder(t.db, {
      orderId: cash.id,
      accountId: shop.accountId,
      action: 'cancel',
      reason: '客人取消',
      actor: pos,
    });
    expect(await invoiceOf(cash.id)).toBeUndefined();
  });

  it('no number left: 開立 answers 409 and the invoice keeps waiting; e-invoice off: 409', async () => {
    const shop = await invoiceShop({ qc: false, qp: false }, 'QC');
    const order = await acceptedOrder(shop);
    await t.db
      .update(invoiceTracks)
      .set({ nextNo: 10_000_050 })
      .where(eq(invoiceTracks.accountId, shop.accountId));
    const none = await api('POST', `/console/${shop.accountId}/invoice/issue`, { orderId: order.id });
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toBe(M.noNumberLeft.zh);
    expect(await invoiceOf(order.id)).toMatchObject({ status: 'waiting', number: null });
    await api('POST', `/console/${shop.accountId}/invoice-switch`, { switchValue: false });
    const off = await api('POST', `/console/${shop.accountId}/invoice/issue`, { orderId: order.id });
    expect(off.statusCode).toBe(409);
    expect(off.json().error.message).toBe(M.disabled.zh);
  });
});

describe('the proof (電子發票證明聯) on the e-invoice printer', () => {
  it('prints the MoF layout in Big5, the CODE39 barcode and two QR codes holding the invoice', async () => {
    const shop = await invoiceShop({ qc: true, qp: false }, 'QD');
    const buyer = taxId(createRandom(12));
    const order = await acceptedOrder(shop, { invoice: { buyerTaxId: buyer } });
    await t.app.outbox.drain();
    const inv = (await invoiceOf(order.id))!;
    expect(inv.proofPrintedAt).not.toBeNull();
    const jobs = printerSim.control.printedBytes(shop.sn);
    const proof = decodeEscPosParts(jobs.at(-1)!);
    const period = invoicePeriod(inv.issuedAt);
    // spec 001 §2.7 printer: the proof's text, top to bottom (MoF layout)
    expect(proof.lines).toEqual(
      expect.arrayContaining([
        '發票小館',
        '電子發票證明聯',
        period.label,
        `QD-${inv.number!.slice(2)}`,
        `隨機碼:${inv.randomCode}   總計:${order.total}`,
        `賣方:${SELLER}   買方:${buyer}`,
        '格式:25',
      ]),
    );
    expect(period.label).toMatch(/^1\d\d年\d\d-\d\d月$/);
    // the barcode: period (ROC year + even month) + number + random code, 19 characters
    expect(proof.barcodes).toEqual([proofBarcode(inv.issuedAt, inv.number!, inv.randomCode!)]);
    expect(proof.barcodes[0]).toHaveLength(19);
    // the QR codes: the raster holds exactly the codes of the MoF texts, built here from the invoice
    const sales = Math.round(order.total / 1.05);
    const hex = (n: number) => n.toString(16).padStart(8, '0');
    const left =
      `${inv.number}${rocDate(inv.issuedAt)}${inv.randomCode}${hex(sales)}${hex(order.total)}${buyer}${SELLER}` +
      `${qrVerification(PASSWORD, inv.number!, inv.randomCode!)}:**********:1:1:1:滷肉飯:1:150`;
    expect(proof.rasters).toHaveLength(1);
    const raster = proof.rasters[0]!;
    const codes = [left, '**'].map((text) => QRCode.create(text, { errorCorrectionLevel: 'L' }).modules);
    const scale = qrScale(
      codes.map((m) => m.size),
      384,
    );
    const dot = (x: number, y: number) =>
      (raster.bits[y * (raster.width / 8) + (x >> 3)]! & (0x80 >> (x & 7))) !== 0;
    let x0 = 0;
    for (const m of codes) {
      for (let r = 0; r < m.size; r += 1)
        for (let c = 0; c < m.size; c += 1) {
          const x = x0 + (c + QR_LAYOUT.quiet) * scale + 1;
          const y = (r + QR_LAYOUT.quiet) * scale + 1;
          expect(dot(x, y), `module ${r},${c}`).toBe(Boolean(m.get(r, c)));
        }
      x0 += (m.size + QR_LAYOUT.quiet * 2) * scale + QR_LAYOUT.gap;
    }
    expect(raster.width).toBeLessThanOrEqual(384);
  });

  it('a carrier invoice prints no proof; a printer that is not the shop’s leaves a dead job with the reason', async () => {
    const shop = await invoiceShop({ qc: true, qp: false }, 'QE');
    const before = printerSim.control.printedBytes(shop.sn).length;
    const carried = await acceptedOrder(shop, { invoice: { carrier: '/ABC+123' } });
    await t.app.outbox.drain();
    expect(await invoiceOf(carried.id)).toMatchObject({ status: 'issued', proofPrintedAt: null });
    // the kitchen ticket printed on the same printer; the proof did not
    expect(
      printerSim.control
        .printedBytes(shop.sn)
        .slice(before)
        .some((b) => decodeEscPosParts(b).lines.includes('電子發票證明聯')),
    ).toBe(false);
    await t.db
      .update(invoiceSettings)
      .set({ printerDid: randomUUID() })
      .where(eq(invoiceSettings.accountId, shop.accountId));
    const plain = await acceptedOrder(shop);
    await t.app.outbox.drain();
    expect((await invoiceOf(plain.id))!.proofPrintedAt).toBeNull();
    const [job] = await t.db
      .select()
      .from(outboxJobs)
      .where(and(eq(outboxJobs.kind, 'einvoice.print'), eq(outboxJobs.accountId, shop.accountId)));
    expect(job).toMatchObject({ status: 'dead' });
    expect(job!.lastError).toContain(`電子發票印表機 ${shop.sn} 不是此商店的印表機`);
  });
});
