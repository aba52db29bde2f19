// Printer tab and /printers/list (spec 001 §2.5, §3 "Printer", §5 Printer, §7, §8, §9; 000 §2 /printers/list)
// and the cloud-printer adapter: signed requests, ESC/POS tickets in Big5, the simulator's queue.
import { randomUUID } from 'node:crypto';
import { PRINTER_MESSAGES as M } from '@shopdesk/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { decodeEscPos, renderEscPos } from '../src/adapters/printer';
import { createPrinterClient } from '../src/adapters/printer/client';
import { signedHeaders } from '../src/adapters/printer/signing';
import { auditRecords, printers } from '../src/db/schema';
import { build, scopedCast } from './helpers';
import { startPrinterSimulator } from './printer-fixtures';
import { addGroup, openShop, orderBody, postOrder } from './storefront-fixtures';

const sim = await startPrinterSimulator();
const logs: string[] = [];
const t = await build({
  printer: sim.service,
  logger: { level: 'debug', stream: { write: (line: string) => void logs.push(line) } },
});
const cast = await scopedCast(t, { name: '阿嬤牛肉麵' });
const { gaa, id } = cast;
const other = await t.createShop({ name: '老王便當' });

const api = (method: string, url: string, headers: Record<string, string> = gaa.headers, payload?: object) =>
  t.app.inject({ method: method as 'GET', url: `/console/apis${url}`, headers, payload });
const SECRET = 'Pr1nterSecret-0042';
const create = (body: object, shopId = id, headers = gaa.headers) =>
  api('POST', `/console/${shopId}/printers`, headers, body);

describe('printer rows (spec 001 §2.5, §5, §9)', () => {
  let did = '';
  it('adds a printer with the §9 defaults; answers its did; the secret is masked, sealed at rest', async () => {
    const res = await create({ name: '廚房', sn: 'PT0001', secret: SECRET });
    expect(res.statusCode, res.body).toBe(201);
    const { did: created, printer } = res.json();
    did = created;
    expect(printer).toMatchObject({
      did,
      name: '廚房',
      sn: 'PT0001',
      printer_type: 'PT4G',
      server: 'qc',
      voice_id: 0,
      volume: 'large',
      secret: '••••0042',
      // bound at the service on creation, which reports it online
      state: 'online',
      is_online: true,
    });
    expect(res.body).not.toContain(SECRET);
    const [row] = await t.db.select().from(printers).where(eq(printers.did, did));
    expect(row!.secretSealed).not.toContain(SECRET);
    expect(t.app.secretBox.open(row!.secretSealed)).toBe(SECRET);
  });

  it('name, sn and secret are required: 缺少必要欄位, nothing saved', async () => {
    for (const body of [
      { sn: 'X1', secret: 's' },
      { name: '吧台', secret: 's' },
      { name: '吧台', sn: 'X1' },
      { name: '  ', sn: 'X1', secret: 's' },
    ]) {
      const res = await create(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(M.required.zh);
    }
    expect((await create({ name: '吧台', sn: 'X1', secret: 's', volume: 'loud' })).statusCode).toBe(400);
    expect((await create({ name: 'x'.repeat(31), sn: 'X1', secret: 's' })).statusCode).toBe(400);
    const rows = await t.db.select().from(printers).where(eq(printers.accountId, id));
    expect(rows.map((r) => r.name)).toEqual(['廚房']);
  });

  it('a duplicate name in the shop is 出單機名稱重複 (another shop may use it)', async () => {
    const dup = await create({ name: '廚房', sn: 'PT0002', secret: SECRET });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe(M.duplicateName.zh);
    expect((await create({ name: '廚房', sn: 'PT0003', secret: SECRET }, other.account.id)).statusCode).toBe(
      201,
    );
  });

  it('lists the shop’s printers; editing keeps the secret when left empty; each change is audited', async () => {
    const res = await api('PUT', `/printers/${did}`, gaa.headers, {
      name: '熱食廚房',
      sn: 'PT0001',
      secret: '',
      printer_type: 'PTE',
      server: 'qc',
      voice_id: 2,
      volume: 'mute',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().printer).toMatchObject({
      name: '熱食廚房',
      printer_type: 'PTE',
      voice_id: 2,
      volume: 'mute',
    });
    const [row] = await t.db.select().from(printers).where(eq(printers.did, did));
    expect(t.app.secretBox.open(row!.secretSealed)).toBe(SECRET);
    const list = (await api('GET', `/console/${id}/printers`)).json().printers;
    expect(list.map((p: { name: string }) => p.name)).toEqual(['熱食廚房']);
    const record = (await api('GET', `/console/${id}/record?resourceCode=printers`)).json();
    const lines = record.records.map((r: { displayLog: string }) => r.displayLog);
    expect(lines.some((l: string) => l.startsWith('新增出單機 廚房'))).toBe(true);
    expect(lines.some((l: string) => l.startsWith('更新出單機 熱食廚房'))).toBe(true);
    expect(JSON.stringify(record)).not.toContain(SECRET);
  });

  it('purges the queue at the printer service (已清除列印佇列) and deletes the printer', async () => {
    const [row] = await t.db.select().from(printers).where(eq(printers.did, did));
    sim.control.setState(row!.sn, 'offline');
    const client = createPrinterClient({ baseUrl: sim.url });
    const target = {
      did,
      sn: row!.sn,
      secret: SECRET,
      server: 'qc' as const,
      printerType: 'PTE' as const,
      voiceId: 0 as const,
      volume: 'large' as const,
    };
    await expect(client.print(target, renderEscPos({ lines: [{ text: '測試' }] }, 48))).rejects.toThrow(
      '出單機離線',
    );
    expect(sim.control.queue(row!.sn)).toHaveLength(1);
    const purged = await api('DELETE', `/printers/${did}/purge-queue`);
    expect(purged.statusCode, purged.body).toBe(200);
    expect(purged.json()).toEqual({ did, purged: 1 });
    expect(sim.control.queue(row!.sn)).toHaveLength(0);
    sim.control.failNext(1, 503);
    const down = await api('DELETE', `/printers/${did}/purge-queue`);
    expect(down.statusCode).toBe(502);
    expect(down.json().error.message).toBe(M.purgeFailed.zh);
    expect((await api('DELETE', `/printers/${did}`)).statusCode).toBe(200);
    expect((await api('GET', `/console/${id}/printers`)).json().printers).toEqual([]);
    expect((await api('DELETE', `/printers/${did}`)).statusCode).toBe(404);
    const actions = await t.db
      .select({ action: auditRecords.action })
      .from(auditRecords)
      .where(and(eq(auditRecords.accountId, id), eq(auditRecords.resourceCode, 'printers')));
    expect(actions.map((a) => a.action).sort()).toEqual(['create', 'delete', 'update', 'update']);
  });

  it('secrets never reach the log', () => {
    expect(logs.join('\n')).not.toContain(SECRET);
  });
});

describe('who may (spec 001 §6: printers are for gaa)', () => {
  it('401 without a session, 403 for si / eaa / line, 404 for an unknown did', async () => {
    const [p] = await t.db.select().from(printers).where(eq(printers.accountId, other.account.id));
    expect((await api('GET', `/console/${id}/printers`, {})).statusCode).toBe(401);
    expect((await api('PUT', `/printers/${p!.did}`, {}, { name: 'x', sn: 'y' })).statusCode).toBe(401);
    for (const who of [cast.si, cast.eaa, cast.line]) {
      expect((await api('GET', `/console/${id}/printers`, who.headers)).statusCode).toBe(403);
      expect((await create({ name: 'a', sn: 'b', secret: 'c' }, id, who.headers)).statusCode).toBe(403);
      expect((await api('DELETE', `/printers/${p!.did}`, who.headers)).statusCode).toBe(403);
      expect((await api('DELETE', `/printers/${p!.did}/purge-queue`, who.headers)).statusCode).toBe(403);
      expect((await api('GET', '/gaa/printers', who.headers)).statusCode).toBe(403);
    }
    expect((await api('DELETE', `/printers/${randomUUID()}`)).statusCode).toBe(404);
    expect((await api('DELETE', '/printers/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('/printers/list (spec 000 §2)', () => {
  it('every shop’s printers with shop name, state and queue; filters by shop and state; refresh asks the service', async () => {
    const b = await create({ name: '吧台', sn: 'PT0100', secret: SECRET, printer_type: 'PL4G' });
    expect(b.statusCode).toBe(201);
    const all = (await api('GET', '/gaa/printers')).json();
    expect(all.total).toBeGreaterThanOrEqual(2);
    expect(all.rows.find((r: { sn: string }) => r.sn === 'PT0100')).toMatchObject({
      shopName: '阿嬤牛肉麵',
      state: 'online',
      queueLength: 0,
    });
    const mine = (await api('GET', `/gaa/printers?accountId=${id}`)).json();
    expect(mine.rows.map((r: { sn: string }) => r.sn)).toEqual(['PT0100']);
    sim.control.setState('PT0100', 'paper_out');
    expect((await api('GET', '/gaa/printers?state=paper_out')).json().total).toBe(0);
    const refreshed = (await api('GET', '/gaa/printers?state=paper_out&refresh=true')).json();
    // the refresh asks about the page of the filter before; a plain refresh then finds it
    const again = (await api('GET', `/gaa/printers?refresh=true&accountId=${id}`)).json();
    expect(again.rows[0]).toMatchObject({ sn: 'PT0100', state: 'paper_out', is_online: false });
    expect(refreshed.total).toBe(0);
    expect((await api('GET', '/gaa/printers?state=paper_out')).json().rows[0].sn).toBe('PT0100');
    expect((await api('GET', '/gaa/printers?state=broken')).statusCode).toBe(400);
    sim.control.setState('PT0100', 'online');
  });
});

describe('the accepted order’s ticket ("done means")', () => {
  it('prints items, options and amounts in Chinese, Big5 ESC/POS at the paper width of the printer', async () => {
    const shop = await openShop(t, cast.eaa);
    const { optionIds } = await addGroup(
      t,
      cast.eaa.headers,
      shop.accountId,
      shop.productId,
      { names: { zh: '加料' }, kind: 'multiple', minSelect: 0, maxSelect: 2 },
      [
        { zh: '小辣', priceDelta: 0 },
        { zh: '加蛋', priceDelta: 10 },
      ],
    );
    const created = await create(
      { name: '出餐口', sn: 'PT0200', secret: SECRET, printer_type: 'PT4G' },
      shop.accountId,
    );
    expect(created.statusCode).toBe(201);
    const res = await postOrder(
      t,
      shop.accountId,
      orderBody(shop.productId, {
        items: [{ productId: shop.productId, quantity: 2, optionIds: [optionIds[1]] }],
        comment: '不要香菜',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().order;
    const lines = sim.control.printed('PT0200').at(-1)!;
    const text = lines.join('\n');
    expect(text).toContain(`#${order.serial} 外帶`);
    expect(text).toMatch(/滷肉飯 x2 +\d+/);
    expect(text).toContain('+ 加蛋');
    // the customer's note, where the kitchen reads it
    expect(text).toContain('備註 不要香菜');
    expect(text).toMatch(new RegExp(`合計 +NT\\$${order.total}`));
    // 58 mm paper: 32 columns (a CJK character counts two)
    const width = (s: string) => [...s].reduce((w, c) => w + (c.charCodeAt(0) > 0x7f ? 2 : 1), 0);
    expect(Math.max(...lines.map(width))).toBeLessThanOrEqual(32);
    const [row] = await t.db.select().from(printers).where(eq(printers.sn, 'PT0200'));
    expect(row!.lastPrintAt).not.toBeNull();
  });
});

describe('the printer service’s signatures (simulator)', () => {
  const target = {
    did: randomUUID(),
    sn: 'SIG001',
    secret: 'signing-secret-1',
    server: 'iiot' as const,
    printerType: 'PT4G' as const,
    voiceId: 1 as const,
    volume: 'small' as const,
  };
  const ticket = renderEscPos({ lines: [{ text: '雞腿便當 x1', right: '120' }] }, 32);

  it('a good signature prints; the decoded ticket reads back', async () => {
    const client = createPrinterClient({ baseUrl: sim.url });
    await client.bind(target);
    const result = await client.print(target, ticket);
    expect(result.state).toBe('online');
    expect(sim.control.printed('SIG001').at(-1)).toEqual(decodeEscPos(ticket));
    expect(decodeEscPos(ticket)[0]).toMatch(/^雞腿便當 x1 +120$/);
  });

  it('a wrong secret is refused (BAD_SIGNATURE), a replayed request (REPLAYED), a stale one too', async () => {
    const client = createPrinterClient({ baseUrl: sim.url });
    await expect(client.print({ ...target, secret: 'wrong' }, ticket)).rejects.toThrow('BAD_SIGNATURE');
    const path = '/iiot/v1/printers/SIG001/status';
    const headers = signedHeaders('SIG001', target.secret, 'GET', path, '');
    const first = await fetch(`${sim.url}${path}`, { headers });
    expect(first.status).toBe(200);
    const replay = await fetch(`${sim.url}${path}`, { headers });
    expect(replay.status).toBe(401);
    expect(((await replay.json()) as { error: { code: string } }).error.code).toBe('REPLAYED');
    const stale = { ...signedHeaders('SIG001', target.secret, 'GET', path, ''), 'x-timestamp': '1000' };
    expect(
      ((await (await fetch(`${sim.url}${path}`, { headers: stale })).json()) as { error: { code: string } })
        .error.code,
    ).toBe('STALE_TIMESTAMP');
    const unsigned = await fetch(`${sim.url}${path}`);
    expect(unsigned.status).toBe(401);
  });
});
