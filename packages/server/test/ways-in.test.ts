// ways in 1 and 2: links in mail never take their origin from a Host header the sender chose, and
// production never sends payments to a simulator. Our rules (docs/decisions/foundation.md "Links in mail", "QR payment").
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { startEInvoicePlatform } from '../src/adapters/einvoice';
import { startPaymentGateway } from '../src/adapters/payment';
import { PrinterError, startPrinterService } from '../src/adapters/printer';
import { ConfigError, loadConfig } from '../src/config';
import { mailOutbox } from '../src/db/schema';
import { build, scopedCast } from './helpers';

let caller = 0;
const resetLink = async (
  t: Awaited<ReturnType<typeof build>>,
  email: string,
  headers: Record<string, string>,
) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/console/apis/line/password/forgot',
    headers,
    // one address each: the call is throttled per address (5 a minute)
    remoteAddress: `10.9.0.${++caller}`,
    payload: { email },
  });
  expect(res.statusCode, res.body).toBe(200);
  await t.app.outbox.drain();
  const [mail] = await t.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const link = mail?.text.match(/https?:\/\/\S+setPassword=\S+/)?.[0];
  if (!link) throw new Error(`no set-password link mailed to ${email}`);
  return link;
};

// built once each at the top (a build migrates a fresh database: too slow inside a test's 30 s on a busy machine)
const dev = await build({ config: { listenOrigin: 'http://localhost:8123' } });
const devCast = await scopedCast(dev, { name: '安全測試店' });
const pub = await build({ config: { publicUrl: 'https://console.example.com' } });
const pubCast = await scopedCast(pub, { name: '安全測試店' });
const prod = await build({ config: { nodeEnv: 'production', publicUrl: 'https://console.example.com' } });
const prodCast = await scopedCast(prod, { name: '安全測試店' });

describe('way in 1: a forged Host header does not reach a password-reset mail', () => {
  it('without PUBLIC_URL (development) a foreign Host gets the server’s own listen origin', async () => {
    const t = dev;
    const { line } = devCast;
    for (const headers of <Record<string, string>[]>[
      { host: 'attacker.example' },
      { host: 'attacker.example:8080' },
      { host: 'localhost.attacker.example' },
      { host: '127.0.0.1.attacker.example' },
      { host: 'attacker.example', 'x-forwarded-host': 'localhost:8080' },
    ]) {
      const link = await resetLink(t, line.user.email, headers);
      expect(link, JSON.stringify(headers)).toMatch(
        /^http:\/\/localhost:8123\/console\/line-login\?setPassword=/,
      );
      expect(link).not.toContain('attacker');
    }
    // X-Forwarded-Host from a proxy that is not trusted is not read
    expect(
      await resetLink(t, line.user.email, { host: 'localhost:8080', 'x-forwarded-host': 'attacker.example' }),
    ).toMatch(/^http:\/\/localhost:8080\/console\/line-login\?setPassword=/);
    // a loopback Host is the developer's own machine: its links open where the developer is
    expect(await resetLink(t, line.user.email, { host: '127.0.0.1:5173' })).toMatch(
      /^http:\/\/127\.0\.0\.1:5173\//,
    );
  });

  it('with PUBLIC_URL every link is built on it, whatever the Host', async () => {
    const t = pub;
    const { line } = pubCast;
    for (const host of ['attacker.example', 'localhost:8080']) {
      const link = await resetLink(t, line.user.email, { host });
      expect(link).toMatch(/^https:\/\/console\.example\.com\/console\/line-login\?setPassword=/);
    }
  });

  it('production refuses to start without PUBLIC_URL, in one line', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sd-ways-'));
    const run = () => loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production' });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(/^Configuration error: PUBLIC_URL is required in production/);
    const ok = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', PUBLIC_URL: 'https://x.example/' });
    expect(ok.publicUrl).toBe('https://x.example');
    expect(loadConfig({ DATA_DIR: dataDir, PORT: '9000' }).listenOrigin).toBe('http://localhost:9000');
  });
});

describe('way in 2: no payment simulator in production', () => {
  const log = pino({ level: 'silent' });

  it('unset URLs in production are the services’ live endpoints; easy-wallet without a URL is not offered', async () => {
    const started = await startPaymentGateway({ urls: {}, production: true, log });
    expect(started.gateway.mode).toBe('live');
    expect(started.simulators).toBeUndefined();
    expect(started.gateway.services).toEqual(['tappay', 'linepay']);
    expect(started.urls).toEqual({
      tappay: 'https://prod.tappaysdk.com',
      linepay: 'https://api-pay.line.me',
      easywallet: undefined,
    });
    const answer = await started.gateway.pay(
      { service: 'easywallet', sellerMemberUid: 'u', securityCode: 's', contractNo: 'c', executorId: 'e' },
      { orderRef: 'SD1-1', amount: 100, description: 'x' },
    );
    expect(answer).toMatchObject({ ok: false, code: 'NOT_CONFIGURED' });
    await started.close();
  });

  it('development without URLs uses the simulators, which offer every service', async () => {
    const started = await startPaymentGateway({ urls: {}, production: false, log });
    expect(started.gateway.mode).toBe('simulator');
    expect(started.gateway.services).toEqual(['tappay', 'linepay', 'easywallet']);
    await started.close();
  });

  it('a shop cannot add a payment service the server has not configured', async () => {
    const t = prod;
    const { gaa, id } = prodCast;
    const merchant = await t.app.inject({
      method: 'POST',
      url: '/console/apis/gaa/qrpm/merchants',
      headers: gaa.headers,
      payload: {
        name: '阿嬤牛肉麵',
        email: 'shop@example.com',
        phone: '0223456789',
        address: '台北市中正區重慶南路一段 1 號',
        merchantId: id,
      },
    });
    expect(merchant.statusCode, merchant.body).toBe(201);
    const res = await t.app.inject({
      method: 'POST',
      url: `/console/apis/gaa/qrpm/merchants/${id}/payment-services`,
      headers: gaa.headers,
      payload: {
        service: 'easywallet',
        merchantId: id,
        name: '悠遊付',
        sellerMemberUid: 'SM0001',
        securityCode: 'ew-code-1',
        contractNo: 'C-2026-01',
        executorId: 'EX01',
      },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('QRPAY_SERVICE_UNAVAILABLE');
  });
});

// The same rule for the other outside services (found while writing ARCHITECTURE.md): production without their
// URL prints nothing and issues nothing, and says so, instead of starting the local simulator.
describe('no printer or e-invoice simulator in production', () => {
  const log = pino({ level: 'silent' });
  const target = { server: 'cloud', sn: '123456789', secret: 'x' } as never;

  it('printing fails visibly and waits in its queue', async () => {
    const started = await startPrinterService({ production: true, log });
    expect(started.service.mode).toBe('unconfigured');
    expect(started.simulator).toBeUndefined();
    await expect(started.service.print(target, new Uint8Array([1]))).rejects.toThrow(PrinterError);
    await expect(started.service.print(target, new Uint8Array([1]))).rejects.toThrow(/PRINTER_SERVICE_URL/);
    const dev = await startPrinterService({ production: false, log });
    expect(dev.service.mode).toBe('simulator');
    await dev.close();
  });

  it('no e-invoice is issued, permanently refused with its reason', async () => {
    const started = await startEInvoicePlatform({ production: true, log });
    expect(started.platform.mode).toBe('unconfigured');
    await expect(started.platform.issue({} as never, {} as never)).rejects.toMatchObject({
      code: 'NOT_CONFIGURED',
      retry: false,
    });
    expect(prod.app.printer.mode).toBe('unconfigured');
  });

  it('production without SMTP_URL sends no mail and says so, instead of capturing it as sent', async () => {
    expect(prod.app.mailer.mode).toBe('unconfigured');
    await expect(
      prod.app.mailer.send({ to: 'a@b.test', subject: 's', text: 't', html: 'h' }),
    ).rejects.toThrow(/SMTP_URL/);
    expect(dev.app.mailer.mode).toBe('capture');
  });
});
