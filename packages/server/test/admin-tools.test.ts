// Admin tools: printer templates (spec 002 §2 screen 12, §3, §4, §7 Admin tools) rendering the
// shop's kitchen tickets, the tag-manager setter (§5, §7 PUT /gaa/business/bulk/gtm, §8) carried by the
// storefront, and a rejected or canceled order giving its promotion use back.
import {
  DEFAULT_TEMPLATE_MASTER,
  DEFAULT_TEMPLATE_OPTIONS,
  GTM_MESSAGES,
  PRINTER_TEMPLATE_MESSAGES,
} from '@shopdesk/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRecords, businesses, promotions, shopTagManagers } from '../src/db/schema';
import { build, scopedCast } from './helpers';
import { startPrinterSimulator } from './printer-fixtures';
import { openShop, orderBody, postOrder, storefrontUrl } from './storefront-fixtures';

const sim = await startPrinterSimulator();
const t = await build({ printer: sim.service });
const cast = await scopedCast(t, { name: '阿嬤牛肉麵' });
const { gaa } = cast;

const api = (method: string, url: string, headers: Record<string, string> | undefined, payload?: object) =>
  t.app.inject({ method: method as 'GET', url: `/console/apis${url}`, headers, payload });

describe('printer templates (spec 002 §7 Admin tools)', () => {
  let id = 0;
  it('creates the default template, reads it back, saves an edit with a new updated time', async () => {
    const res = await api('POST', '/gaa/printer-template', gaa.headers, {});
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    id = created.id;
    expect(created).toMatchObject({ master: DEFAULT_TEMPLATE_MASTER, options: DEFAULT_TEMPLATE_OPTIONS });
    const got = await api('GET', `/gaa/printer-template/${id}`, gaa.headers);
    expect(got.json()).toEqual(created);
    const master = `${DEFAULT_TEMPLATE_MASTER}\n[center]謝謝光臨`;
    const saved = await api('PATCH', `/gaa/printer-template/${id}`, gaa.headers, {
      master,
      options: DEFAULT_TEMPLATE_OPTIONS,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().master).toBe(master);
    expect(Date.parse(saved.json().updated_at)).toBeGreaterThan(Date.parse(created.updated_at));
    const audit = await t.db
      .select()
      .from(auditRecords)
      .where(eq(auditRecords.targetTable, 'printer_templates'));
    expect(audit.map((a) => a.displayLog)).toEqual([`新增出單範本 ${id}`, `更新出單範本 ${id}`]);
  });

  it('gaa only: other user types 403, no session 401', async () => {
    for (const u of [cast.si, cast.eaa, cast.line]) {
      expect((await api('GET', `/gaa/printer-template/${id}`, u.headers)).statusCode).toBe(403);
      expect((await api('POST', '/gaa/printer-template', u.headers, {})).statusCode).toBe(403);
      expect(
        (await api('PATCH', `/gaa/printer-template/${id}`, u.headers, { master: 'x', options: '' }))
          .statusCode,
      ).toBe(403);
    }
    expect((await api('GET', `/gaa/printer-template/${id}`, undefined)).statusCode).toBe(401);
  });

  it('bad input is 4xx and saves nothing', async () => {
    const before = (await api('GET', `/gaa/printer-template/${id}`, gaa.headers)).json();
    const bad = await api('PATCH', `/gaa/printer-template/${id}`, gaa.headers, {
      master: '{{shop}}\n{{price}}',
      options: '{',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(
      `${PRINTER_TEMPLATE_MESSAGES.unknownField('price', 2).zh}\n${PRINTER_TEMPLATE_MESSAGES.badJson.zh}`,
    );
    expect((await api('PATCH', `/gaa/printer-template/${id}`, gaa.headers, { master: 'x' })).statusCode).toBe(
      400,
    );
    expect(
      (
        await api('PATCH', `/gaa/printer-template/${id}`, gaa.headers, {
          master: 'x'.repeat(5000),
          options: '',
        })
      ).statusCode,
    ).toBe(400);
    expect((await api('GET', '/gaa/printer-template/abc', gaa.headers)).statusCode).toBe(400);
    const missing = await api('GET', '/gaa/printer-template/999999', gaa.headers);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(PRINTER_TEMPLATE_MESSAGES.notFound.zh);
    expect(
      (await api('PATCH', '/gaa/printer-template/999999', gaa.headers, { master: 'x', options: '' }))
        .statusCode,
    ).toBe(404);
    expect((await api('GET', `/gaa/printer-template/${id}`, gaa.headers)).json()).toEqual(before);
  });
});

describe('the printer adapter renders tickets with the shop’s template', () => {
  const printerFor = async (accountId: number, sn: string) => {
    const res = await api('POST', `/console/${accountId}/printers`, gaa.headers, {
      name: '廚房',
      sn,
      secret: 'Pr1nterSecret-0042',
    });
    expect(res.statusCode, res.body).toBe(201);
  };

  it('a shop with a custom to-go template prints with it; a shop without one prints the usual ticket', async () => {
    const tpl = await api('POST', '/gaa/printer-template', gaa.headers, {
      master:
        '[center,big]外帶單 {{serial}}\n---\n{{items}}\n---\n應付 >> {{total}} 元\n((備註：{{comment}}))',
      options: JSON.stringify({ itemLine: '{{quantity}} 份 {{name}}', optionLine: '  * {{name}}' }),
    });
    expect(tpl.statusCode, tpl.body).toBe(201);
    const custom = await openShop(t, cast.eaa);
    await t.db
      .update(businesses)
      .set({ isPrinterTemplate: true, printerTemplates: { here: null, togo: tpl.json().id, deliver: null } })
      .where(eq(businesses.accountId, custom.accountId));
    await printerFor(custom.accountId, 'TPL001');
    const res = await postOrder(t, custom.accountId, orderBody(custom.productId, { comment: '少冰' }));
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().order;
    const lines = sim.control.printed('TPL001').at(-1)!;
    expect(lines[0]).toBe(`外帶單 ${order.serial}`);
    expect(lines).toContain('1 份 滷肉飯');
    expect(lines.join('\n')).toMatch(new RegExp(`應付 +${order.total} 元`));
    expect(lines).toContain('備註：少冰');
    expect(lines.join('\n')).not.toContain('合計');

    // the same shop's delivery orders have no template id: the default template
    const plain = await openShop(t, cast.eaa);
    await printerFor(plain.accountId, 'TPL002');
    const r2 = await postOrder(t, plain.accountId, orderBody(plain.productId));
    const o2 = r2.json().order;
    const l2 = sim.control.printed('TPL002').at(-1)!;
    expect(l2[1]).toBe(`#${o2.serial} 外帶`);
    expect(l2.join('\n')).toMatch(/滷肉飯 x1 +\d+/);
    expect(l2.at(-1)).toMatch(new RegExp(`現金 合計 +NT\\$${o2.total}$`));
  });

  it('a template switched off in the shop (isPrinterTemplate false) is not used', async () => {
    const tpl = await api('POST', '/gaa/printer-template', gaa.headers, { master: '只印這行', options: '' });
    const s = await openShop(t, cast.eaa);
    await t.db
      .update(businesses)
      .set({ isPrinterTemplate: false, printerTemplates: { here: null, togo: tpl.json().id, deliver: null } })
      .where(eq(businesses.accountId, s.accountId));
    await printerFor(s.accountId, 'TPL003');
    await postOrder(t, s.accountId, orderBody(s.productId));
    expect(sim.control.printed('TPL003').at(-1)).not.toContain('只印這行');
  });
});

describe('tag-manager setter (spec 002 §5, §7, §8)', () => {
  const put = (payload: object, headers: Record<string, string> | undefined = gaa.headers) =>
    api('PUT', '/gaa/business/bulk/gtm', headers, payload);

  it('sets the GTM id of every listed shop (ids split, deduplicated), audited; the storefront carries it', async () => {
    const a = await openShop(t, cast.eaa);
    const b = await openShop(t, cast.eaa);
    const res = await put({
      accountIds: [`${a.accountId}, ${b.accountId}`, String(a.accountId)],
      gtm: 'gtm-ab12cd',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      accountIds: [a.accountId, b.accountId],
      gtm: 'GTM-AB12CD',
      message: GTM_MESSAGES.updated.zh,
    });
    const profile = await t.app.inject({ method: 'GET', url: storefrontUrl(a.accountId, '/profile') });
    expect(profile.json().gtmId).toBe('GTM-AB12CD');
    const again = await put({ accountIds: [a.accountId], gtm: 'GTM-ZZ99' });
    expect(again.statusCode).toBe(200);
    const rows = await t.db.select().from(shopTagManagers).where(eq(shopTagManagers.accountId, a.accountId));
    expect(rows.map((r) => r.gtmId)).toEqual(['GTM-ZZ99']);
    const audit = await t.db
      .select()
      .from(auditRecords)
      .where(eq(auditRecords.targetTable, 'shop_tag_managers'));
    expect(audit.filter((x) => x.accountId === a.accountId).map((x) => x.displayLog)).toEqual([
      'GTM：（無） → GTM-AB12CD',
      'GTM：GTM-AB12CD → GTM-ZZ99',
    ]);
    const none = await openShop(t, cast.eaa);
    const p2 = await t.app.inject({ method: 'GET', url: storefrontUrl(none.accountId, '/profile') });
    expect(p2.json().gtmId).toBeNull();
  });

  it('answers the spec’s messages for bad input (400) and refuses unknown shops (404), saving nothing', async () => {
    const s = await openShop(t, cast.eaa);
    const cases: [object, string][] = [
      [{ accountIds: [String(s.accountId)], gtm: ' ' }, '請填入GTM'],
      [{ accountIds: [], gtm: 'GTM-ABCD' }, '請輸入商店ID'],
      [{ accountIds: [' , '], gtm: 'GTM-ABCD' }, '請輸入商店ID'],
      [{ accountIds: ['12a'], gtm: 'GTM-ABCD' }, '請輸入數字'],
      [{ accountIds: [-4], gtm: 'GTM-ABCD' }, '請輸入數字'],
      [{ accountIds: [s.accountId], gtm: 'GTM-<script>' }, GTM_MESSAGES.badGtm.zh],
    ];
    for (const [body, message] of cases) {
      const res = await put(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect((await put({ gtm: 'GTM-ABCD' })).statusCode).toBe(400);
    const unknown = await put({ accountIds: [s.accountId, 987654], gtm: 'GTM-ABCD' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(GTM_MESSAGES.unknownShops([987654]).zh);
    expect(
      await t.db.select().from(shopTagManagers).where(eq(shopTagManagers.accountId, s.accountId)),
    ).toEqual([]);
  });

  it('gaa only', async () => {
    for (const u of [cast.si, cast.eaa, cast.line])
      expect((await put({ accountIds: [cast.id], gtm: 'GTM-ABCD' }, u.headers)).statusCode).toBe(403);
    expect((await put({ accountIds: [cast.id], gtm: 'GTM-ABCD' }, {})).statusCode).toBe(401);
  });
});

const taipeiDate = (days: number) =>
  new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

describe('a rejected or canceled order gives its promotion use back', () => {
  it('the next customer takes the use; the per-customer limit counts it back too', async () => {
    const s = await openShop(t, cast.eaa, {}, {}, { manual: true });
    const created = await api('POST', `/gaa/shops/${s.accountId}/promotions`, gaa.headers, {
      businessId: s.accountId,
      promotion: {
        form: 'config',
        duration: { start: taipeiDate(0), end: taipeiDate(3) },
        settings: {
          all: {
            checked: true,
            general: { discountType: 'fixed', amount: 20, totalUsage: 1 },
            usageRestrctions: { restrictionType: 'none', value: 0 },
            usageLimits: { limitPerUser: 1 },
          },
        },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const promoId = created.json().insertId as number;
    await t.db.update(promotions).set({ enabled: true }).where(eq(promotions.id, promoId));
    const as = (phone: string) => ({ ...orderBody(s.productId), customer: { name: '客', phone } });
    const used = async () =>
      (await t.db.select().from(promotions).where(eq(promotions.id, promoId)))[0]!.usedCount;
    const act = (orderId: number, action: string) =>
      api('POST', `/gaa/summary/orders/${orderId}/${action}`, gaa.headers, { reason: '客人取消' });

    const first = (await postOrder(t, s.accountId, as('0933000001'))).json().order;
    expect(first.discount).toBe(20);
    expect(await used()).toBe(1);
    expect((await postOrder(t, s.accountId, as('0933000002'))).json().order.discount).toBe(0); // used up

    const rejected = await act(first.id, 'reject');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await used()).toBe(0);
    // the same customer may take it again: the rejected order no longer counts for limitPerUser
    const second = (await postOrder(t, s.accountId, as('0933000001'))).json().order;
    expect(second.discount).toBe(20);
    expect(await used()).toBe(1);

    // accepted then canceled: released once; a second cancel is refused and releases nothing
    expect((await act(second.id, 'accept')).statusCode).toBe(200);
    expect((await act(second.id, 'cancel')).statusCode).toBe(200);
    expect(await used()).toBe(0);
    expect((await act(second.id, 'cancel')).statusCode).toBe(409);
    expect(await used()).toBe(0);
    const third = (await postOrder(t, s.accountId, as('0933000003'))).json().order;
    expect(third.discount).toBe(20);
    expect(await used()).toBe(1);
  });
});
