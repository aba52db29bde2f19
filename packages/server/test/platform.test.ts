// Foundation: health, OpenAPI, security headers, JSON-only writes, error shape.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from './helpers';

const t = await build();

describe('platform', () => {
  it('health reports the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/console/apis/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      database: { reachable: true },
      orderFeed: { listening: true, boards: 0 },
    });
  });

  it('publishes an OpenAPI document generated from the contract, with the spec paths', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/console/apis/openapi.json' });
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/console/apis/{type}/signin', '/console/apis/me']),
    );
    expect(
      doc.paths['/console/apis/{type}/signin'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(expect.arrayContaining(['email', 'password', 'type']));
  });

  it('sends security headers with a Content-Security-Policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/console/apis/health' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('sends exactly the headers helmet sets, recorded once (plugins/external/security.ts)', async () => {
    const { default: helmet } = await import('helmet');
    const { createServer } = await import('node:http');
    const { recordHeaders } = await import('../src/plugins/external/security');
    // helmet itself on a real answer, and its recording, give the same headers
    const mw = helmet({ crossOriginEmbedderPolicy: false });
    const recorded = recordHeaders(mw);
    expect(recorded?.set.length).toBeGreaterThan(10);
    const server = createServer((req, res) => mw(req, res, () => res.end()));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as { port: number };
    const real = await fetch(`http://127.0.0.1:${port}/`);
    server.close();
    for (const [name, value] of recorded!.set) expect(real.headers.get(name)).toBe(String(value));
    // and the app's answers carry every one of them
    const res = await t.app.inject({ method: 'GET', url: '/console/apis/health' });
    for (const [name] of recorded!.set) expect(res.headers[name.toLowerCase()], name).toBeDefined();
  });

  it('refuses state-changing calls with a form or text body (415)', async () => {
    for (const type of ['application/x-www-form-urlencoded', 'text/plain']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/console/apis/signout',
        headers: { 'content-type': type },
        payload: 'a=1',
      });
      expect(res.statusCode).toBe(415);
      expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it('refuses bodies over the size limit with a JSON error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/console/apis/gaa/signin',
      payload: { email: 'a@b.c', password: 'x'.repeat(600 * 1024), type: 'gaa' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers malformed JSON with a 400 JSON error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/console/apis/gaa/signin',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toHaveProperty('code');
  });

  it('unknown API paths are a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/console/apis/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});

describe('the built web app', () => {
  const built = existsSync(path.resolve(__dirname, '../../web/dist/index.html'));
  it.skipIf(!built)(
    'serves index.html for deep links under /console/ and /retail/ (history fallback)',
    async () => {
      for (const url of ['/console/', '/console/gaa/business/12/edit', '/retail/gaa/business']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.headers['cache-control']).toBe('no-cache');
      }
    },
  );
  it.skipIf(!built)('serves hashed assets compressed with a year-long cache', async () => {
    const asset = readdirSync(path.resolve(__dirname, '../../web/dist/assets')).find((f) =>
      f.endsWith('.js'),
    )!;
    const res = await t.app.inject({
      method: 'GET',
      url: `/console/assets/${asset}`,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toContain('immutable');
  });
});
