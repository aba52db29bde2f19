// "LINE, for real": the LINE API simulator enforces LINE's own request checks, over HTTP as the
// product's client (@line/bot-sdk) meets them: a channel access token in the Authorization header, a rich
// menu of 2500x1686 or 2500x843 with at most 20 areas inside the image, an image of ≤ 1 MB of the menu's
// size. Refusals carry LINE's error body `{ message, details?: [{ property, message }] }` (LINE sends
// details for a bad request body, a bare message for a bad token or a too large image).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { imageSize } from '../src/adapters/line/image-size';
import { createLineSimulator, MAX_AREAS, MAX_IMAGE_BYTES } from '../src/adapters/line/simulator';
import { listenSimulator } from '../src/adapters/simulator-host';

const sim = createLineSimulator();
const host = await listenSimulator(sim);
afterAll(() => host.close());

const TOKEN = 'sim-test-channel-token';
const ASSETS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../assets/richmenus');
/** The product's own rich-menu images: 2500x843 (basic) and 2500x1686 (marketing). */
const WIDE = readFileSync(path.join(ASSETS, 'jessica_catering-basic.png'));
const TALL = readFileSync(path.join(ASSETS, 'jessica_catering-reviewPlusFB.png'));

const call = async (
  method: string,
  p: string,
  body?: unknown,
  opts: { token?: string | null; type?: string } = {},
) => {
  const token = opts.token === undefined ? TOKEN : opts.token;
  const raw = Buffer.isBuffer(body) ? body : body === undefined ? undefined : JSON.stringify(body);
  const res = await fetch(`${host.url}${p}`, {
    method,
    headers: {
      ...(token !== null ? { authorization: `Bearer ${token}` } : {}),
      ...(raw !== undefined ? { 'content-type': opts.type ?? 'application/json' } : {}),
    },
    body: raw,
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
};

type Area = { bounds: { x: number; y: number; width: number; height: number }; action: object };
const area = (x: number, y: number, width: number, height: number): Area => ({
  bounds: { x, y, width, height },
  action: { type: 'uri', label: 'menu', uri: 'https://example.com/menu' },
});
const menu = (size: { width: number; height: number }, areas: Area[] = [area(0, 0, 2500, size.height)]) => ({
  size,
  selected: true,
  name: 'sim test menu',
  chatBarText: '開始點餐',
  areas,
});
const WIDE_SIZE = { width: 2500, height: 843 };
const TALL_SIZE = { width: 2500, height: 1686 };

/** LINE's 400 for a bad rich-menu object: a message and one detail naming the property. */
const refusedBody = (property: string) => ({
  message: expect.stringMatching(/^The request body has \d+ error\(s\)$/),
  details: [{ property, message: expect.any(String) }],
});

const createMenu = async (body: unknown) => {
  const res = await call('POST', '/v2/bot/richmenu', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.richMenuId as string;
};

describe('the channel access token', () => {
  it('no Authorization header: 401 with LINE message', async () => {
    const res = await call('GET', '/v2/bot/richmenu/list', undefined, { token: null });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      message:
        "Authorization header required. Must follow the scheme, 'Authorization: Bearer <ACCESS TOKEN>'",
    });
  });

  it('a bearer without a token, another scheme: 401 Authorization header required', async () => {
    for (const authorization of ['Bearer', 'Basic c2ltOnRlc3Q=']) {
      const res = await fetch(`${host.url}/v2/bot/info`, { headers: { authorization } });
      expect(res.status).toBe(401);
      expect(((await res.json()) as { message: string }).message).toMatch(/^Authorization header required/);
    }
  });

  it('a revoked token: 401 Authentication failed, and nothing is created', async () => {
    sim.hooks.revokeToken('revoked-token');
    const res = await call('POST', '/v2/bot/richmenu', menu(WIDE_SIZE), { token: 'revoked-token' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      message: 'Authentication failed. Confirm that the access token in the authorization header is valid.',
    });
    expect(sim.hooks.channel('revoked-token')).toBeUndefined();
  });

  it('a token revoked over HTTP (POST /__sim/revoked-tokens, for a server in another process) is refused too', async () => {
    const hook = await call('POST', '/__sim/revoked-tokens', { token: 'revoked-over-http' }, { token: null });
    expect(hook.status).toBe(200);
    expect((await call('GET', '/v2/bot/info', undefined, { token: 'revoked-over-http' })).status).toBe(401);
    expect((await call('GET', '/v2/bot/info')).status).toBe(200);
  });
});

describe('the rich-menu object (validate and create check the same)', () => {
  it('a size other than 2500x1686 or 2500x843: 400 with a size detail', async () => {
    for (const size of [
      { width: 2500, height: 1000 },
      { width: 1200, height: 810 },
    ])
      for (const p of ['/v2/bot/richmenu/validate', '/v2/bot/richmenu']) {
        const res = await call('POST', p, menu(size, []));
        expect(res.status).toBe(400);
        expect(res.body).toEqual(refusedBody('size'));
      }
  });

  it('an area reaching outside the image: 400 naming the area', async () => {
    for (const bad of [area(0, 0, 2501, 843), area(1250, 400, 1250, 444), area(2000, 0, 600, 100)]) {
      const res = await call('POST', '/v2/bot/richmenu', menu(WIDE_SIZE, [area(0, 0, 100, 100), bad]));
      expect(res.status).toBe(400);
      expect(res.body).toEqual(refusedBody('areas[1].bounds'));
    }
    // an area ending exactly on the edge is inside
    await createMenu(menu(WIDE_SIZE, [area(1250, 0, 1250, 843)]));
  });

  it(`more than ${MAX_AREAS} areas: 400; exactly ${MAX_AREAS} pass`, async () => {
    const areas = (n: number) =>
      Array.from({ length: n }, (_, i) => area((i % 10) * 250, i < 10 ? 0 : 843, 250, 843));
    const res = await call('POST', '/v2/bot/richmenu/validate', menu(TALL_SIZE, areas(MAX_AREAS + 1)));
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refusedBody('areas'));
    expect((await call('POST', '/v2/bot/richmenu/validate', menu(TALL_SIZE, areas(MAX_AREAS)))).status).toBe(
      200,
    );
  });
});

describe('the rich-menu image', () => {
  it('the product images are LINE sizes and under 1 MB', () => {
    expect(imageSize(WIDE)).toEqual(WIDE_SIZE);
    expect(imageSize(TALL)).toEqual(TALL_SIZE);
    expect(WIDE.length).toBeLessThanOrEqual(MAX_IMAGE_BYTES);
  });

  it('over 1 MB: 413 with LINE message, and no image is kept', async () => {
    const id = await createMenu(menu(WIDE_SIZE));
    const big = Buffer.concat([WIDE, Buffer.alloc(MAX_IMAGE_BYTES + 1 - WIDE.length)]);
    const res = await call('POST', `/v2/bot/richmenu/${id}/content`, big, { type: 'image/png' });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: expect.stringContaining('1 MB') });
    expect((await call('GET', `/v2/bot/richmenu/${id}/content`)).status).toBe(404);
  });

  it('an image of another size than its menu: 400 with a size detail', async () => {
    const id = await createMenu(menu(TALL_SIZE));
    const res = await call('POST', `/v2/bot/richmenu/${id}/content`, WIDE, { type: 'image/png' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Image size does not match the rich menu size',
      details: [{ property: 'size', message: 'image is 2500x843, rich menu is 2500x1686' }],
    });
  });

  it('a menu without its image cannot become the default', async () => {
    const id = await createMenu(menu(WIDE_SIZE));
    const res = await call('POST', `/v2/bot/user/all/richmenu/${id}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('must upload richmenu image before applying it to user');
  });
});

describe('a good request passes every check', () => {
  it('2500x1686 with six areas inside, its 2500x1686 image, set as default: LINE answers the menu as the default', async () => {
    const six = [0, 1, 2, 3, 4, 5].map((i) =>
      area((i % 3) * 833, i < 3 ? 0 : 843, i % 3 === 2 ? 834 : 833, 843),
    );
    expect((await call('POST', '/v2/bot/richmenu/validate', menu(TALL_SIZE, six))).status).toBe(200);
    const id = await createMenu(menu(TALL_SIZE, six));
    expect((await call('POST', `/v2/bot/richmenu/${id}/content`, TALL, { type: 'image/png' })).status).toBe(
      200,
    );
    expect((await call('POST', `/v2/bot/user/all/richmenu/${id}`)).status).toBe(200);
    expect(await call('GET', '/v2/bot/user/all/richmenu')).toEqual({ status: 200, body: { richMenuId: id } });
    const got = await call('GET', `/v2/bot/richmenu/${id}`);
    expect(got.body).toMatchObject({ richMenuId: id, size: TALL_SIZE, areas: six });
  });

  it('2500x843 passes too', async () => {
    const id = await createMenu(menu(WIDE_SIZE));
    expect((await call('POST', `/v2/bot/richmenu/${id}/content`, WIDE, { type: 'image/png' })).status).toBe(
      200,
    );
  });
});
