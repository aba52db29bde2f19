import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { imageSize } from './image-size';

/**
 * A LINE Messaging API simulator: a Fastify app answering the calls the product makes (rich menus, bot info,
 * push / reply, group summary and member profile, user profile, webhook endpoint test) with LINE's request
 * checks and error bodies `{ message, details: [{ message, property }] }`: 401 without a valid channel
 * access token, 400 for a bad rich menu or image, 404 for an unknown rich menu, 409 for a push retry key
 * already accepted, 429 on demand. It serves both api.line.me and api-data.line.me paths. Each channel
 * access token is a channel of its own (created on first use; `revokeToken` makes one invalid).
 *
 * Test hooks on `sim.hooks`: failNext, rateLimitNext, offline, revokeToken, addGroup, registerChannel,
 * and the records pushes / replies. Tests in another process use HTTP: GET /__sim/pushes, POST /__sim/groups,
 * POST /__sim/revoked-tokens.
 */

export const RICH_MENU_SIZES = [
  { width: 2500, height: 1686 },
  { width: 2500, height: 843 },
] as const;
export const MAX_IMAGE_BYTES = 1024 * 1024;
export const MAX_AREAS = 20;

type RichMenu = {
  richMenuId: string;
  size: { width: number; height: number };
  selected: boolean;
  name: string;
  chatBarText: string;
  areas: {
    bounds: { x: number; y: number; width: number; height: number };
    action: Record<string, unknown>;
  }[];
  image?: { bytes: number; contentType: string };
};

type Channel = {
  token: string;
  channelSecret?: string;
  botUserId: string;
  basicId: string;
  displayName: string;
  richMenus: Map<string, RichMenu>;
  defaultRichMenuId: string | null;
  userLinks: Map<string, string>;
  webhookEndpoint: string | null;
};

export type SimPush = {
  token: string;
  to: string;
  messages: { type: string; text?: string }[];
  retryKey?: string;
};
export type SimReply = { token: string; replyToken: string; messages: { type: string; text?: string }[] };
type Failure = { status: number; message: string; retryAfterSec?: number; path?: RegExp };

const lineError = (reply: FastifyReply, status: number, message: string, details?: unknown[]) =>
  reply.code(status).send(details ? { message, details } : { message });

const detail = (property: string, message: string) => ({ property, message });

/** LINE's rich-menu object checks (size, name, chat bar text, at most 20 areas inside the image). */
const richMenuProblems = (body: Partial<RichMenu> | undefined) => {
  const out: { property: string; message: string }[] = [];
  if (!body || typeof body !== 'object') return [detail('', 'must be a JSON object')];
  const size = body.size;
  if (!size || !RICH_MENU_SIZES.some((s) => s.width === size.width && s.height === size.height))
    out.push(detail('size', 'must be 2500x1686 or 2500x843'));
  if (typeof body.selected !== 'boolean') out.push(detail('selected', 'must be specified'));
  if (typeof body.name !== 'string' || body.name.length === 0 || body.name.length > 300)
    out.push(detail('name', 'size must be between 1 and 300'));
  if (typeof body.chatBarText !== 'string' || body.chatBarText.length === 0 || body.chatBarText.length > 14)
    out.push(detail('chatBarText', 'size must be between 1 and 14'));
  if (!Array.isArray(body.areas)) out.push(detail('areas', 'must be specified'));
  else {
    if (body.areas.length > MAX_AREAS) out.push(detail('areas', `size must be between 0 and ${MAX_AREAS}`));
    body.areas.forEach((a, i) => {
      const b = a?.bounds;
      if (!b || ![b.x, b.y, b.width, b.height].every((n) => Number.isInteger(n) && n >= 0)) {
        out.push(detail(`areas[${i}].bounds`, 'must be specified'));
        return;
      }
      if (size && (b.x + b.width > size.width || b.y + b.height > size.height))
        out.push(detail(`areas[${i}].bounds`, 'must be inside the rich menu image'));
      const action = a.action as { type?: string; uri?: string } | undefined;
      if (!action?.type) out.push(detail(`areas[${i}].action`, 'must be specified'));
      else if (action.type === 'uri' && !/^(https?|line|tel):/.test(action.uri ?? ''))
        out.push(detail(`areas[${i}].action.uri`, 'invalid uri scheme'));
    });
  }
  return out;
};

export const createLineSimulator = () => {
  const sim = Fastify({ logger: false, bodyLimit: 5 * 1024 * 1024 });
  const channels = new Map<string, Channel>();
  const revoked = new Set<string>();
  const failures: Failure[] = [];
  const acceptedRetryKeys = new Set<string>();
  const groups = new Map<string, { groupName: string; members: Map<string, string> }>();
  const profiles = new Map<string, string>();
  let offline = false;
  const pushes: SimPush[] = [];
  const replies: SimReply[] = [];

  const channelOf = (token: string): Channel => {
    let c = channels.get(token);
    if (!c) {
      const n = channels.size + 1;
      c = {
        token,
        botUserId: `U${randomBytes(16).toString('hex')}`,
        basicId: `@sim${String(n).padStart(4, '0')}`,
        displayName: `Simulated bot ${n}`,
        richMenus: new Map(),
        defaultRichMenuId: null,
        userLinks: new Map(),
        webhookEndpoint: null,
      };
      channels.set(token, c);
    }
    return c;
  };

  // LINE accepts an empty JSON body (the SDK sends one on set-default and link calls)
  sim.removeContentTypeParser('application/json');
  sim.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    if (body === '') return done(null, {});
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error('The request body is not valid JSON'), { statusCode: 400 }));
    }
  });
  sim.addContentTypeParser(['image/png', 'image/jpeg'], { parseAs: 'buffer' }, (_req, body, done) =>
    done(null, body),
  );

  // Offline, forced failures and the channel access token (LINE checks it before anything else).
  sim.addHook('onRequest', async (req, reply) => {
    if (offline) {
      req.raw.socket.destroy();
      return reply;
    }
    const i = failures.findIndex((f) => !f.path || f.path.test(req.url));
    if (i >= 0) {
      const [f] = failures.splice(i, 1);
      if (f!.retryAfterSec) reply.header('retry-after', String(f!.retryAfterSec));
      return lineError(reply, f!.status, f!.message);
    }
    // the test hooks' own routes (what the simulator received) take no channel token
    if (req.url.startsWith('/__sim/')) return undefined;
    const auth = req.headers.authorization;
    if (!auth?.startsWith('Bearer '))
      return lineError(
        reply,
        401,
        "Authorization header required. Must follow the scheme, 'Authorization: Bearer <ACCESS TOKEN>'",
      );
    const token = auth.slice(7).trim();
    if (!token || revoked.has(token))
      return lineError(
        reply,
        401,
        'Authentication failed. Confirm that the access token in the authorization header is valid.',
      );
    return undefined;
  });

  const ch = (req: FastifyRequest) => channelOf(req.headers.authorization!.slice(7).trim());
  type WithId = { Params: { id: string } };
  const menuOf = (req: FastifyRequest<WithId>, reply: FastifyReply) => {
    const m = ch(req).richMenus.get(req.params.id);
    if (!m) lineError(reply, 404, 'Not found');
    return m;
  };

  sim.post('/v2/bot/richmenu/validate', async (req, reply) => {
    const problems = richMenuProblems(req.body as Partial<RichMenu>);
    if (problems.length) return lineError(reply, 400, 'The request body has 1 error(s)', problems);
    return {};
  });

  sim.post('/v2/bot/richmenu', async (req, reply) => {
    const body = req.body as RichMenu;
    const problems = richMenuProblems(body);
    if (problems.length)
      return lineError(reply, 400, `The request body has ${problems.length} error(s)`, problems);
    const c = ch(req);
    if (c.richMenus.size >= 1000)
      return lineError(reply, 400, 'The maximum number of rich menus is exceeded');
    const richMenuId = `richmenu-${randomBytes(16).toString('hex')}`;
    c.richMenus.set(richMenuId, {
      richMenuId,
      size: body.size,
      selected: body.selected,
      name: body.name,
      chatBarText: body.chatBarText,
      areas: body.areas,
    });
    return { richMenuId };
  });

  sim.post<WithId>('/v2/bot/richmenu/:id/content', async (req, reply) => {
    const m = menuOf(req, reply);
    if (!m) return reply;
    const type = String(req.headers['content-type'] ?? '').split(';')[0];
    if (type !== 'image/png' && type !== 'image/jpeg')
      return lineError(reply, 415, 'Unsupported Media Type: use image/png or image/jpeg');
    const body = req.body as Buffer;
    if (body.length > MAX_IMAGE_BYTES)
      return lineError(reply, 413, 'Request Entity Too Large: image over 1 MB');
    if (m.image) return lineError(reply, 400, 'An image has already been uploaded to the richmenu');
    const dims = imageSize(body);
    if (!dims) return lineError(reply, 400, 'Invalid image: not a PNG or JPEG file');
    if (dims.width !== m.size.width || dims.height !== m.size.height)
      return lineError(reply, 400, 'Image size does not match the rich menu size', [
        detail(
          'size',
          `image is ${dims.width}x${dims.height}, rich menu is ${m.size.width}x${m.size.height}`,
        ),
      ]);
    m.image = { bytes: body.length, contentType: type };
    return {};
  });

  sim.get<WithId>('/v2/bot/richmenu/:id/content', async (req, reply) => {
    const m = menuOf(req, reply);
    if (!m) return reply;
    if (!m.image) return lineError(reply, 404, 'Not found');
    return reply.type(m.image.contentType).send(Buffer.alloc(0));
  });

  sim.get('/v2/bot/richmenu/list', async (req) => ({ richmenus: [...ch(req).richMenus.values()] }));

  sim.get<WithId>('/v2/bot/richmenu/:id', async (req, reply) => menuOf(req, reply) ?? reply);

  sim.delete<WithId>('/v2/bot/richmenu/:id', async (req, reply) => {
    const c = ch(req);
    if (!c.richMenus.delete(req.params.id)) return lineError(reply, 404, 'Not found');
    if (c.defaultRichMenuId === req.params.id) c.defaultRichMenuId = null;
    for (const [u, id] of c.userLinks) if (id === req.params.id) c.userLinks.delete(u);
    return {};
  });

  sim.post<WithId>('/v2/bot/user/all/richmenu/:id', async (req, reply) => {
    const m = menuOf(req, reply);
    if (!m) return reply;
    if (!m.image) return lineError(reply, 400, 'must upload richmenu image before applying it to user');
    ch(req).defaultRichMenuId = m.richMenuId;
    return {};
  });

  sim.get('/v2/bot/user/all/richmenu', async (req, reply) => {
    const id = ch(req).defaultRichMenuId;
    return id ? { richMenuId: id } : lineError(reply, 404, 'no default richmenu');
  });

  sim.delete('/v2/bot/user/all/richmenu', async (req) => {
    ch(req).defaultRichMenuId = null;
    return {};
  });

  sim.post<{ Params: { userId: string; id: string } }>(
    '/v2/bot/user/:userId/richmenu/:id',
    async (req, reply) => {
      const c = ch(req);
      const m = c.richMenus.get(req.params.id);
      if (!m) return lineError(reply, 404, 'Not found');
      if (!m.image) return lineError(reply, 400, 'must upload richmenu image before applying it to user');
      c.userLinks.set(req.params.userId, m.richMenuId);
      return {};
    },
  );

  sim.get('/v2/bot/info', async (req) => {
    const c = ch(req);
    return {
      userId: c.botUserId,
      basicId: c.basicId,
      displayName: c.displayName,
      chatMode: 'bot',
      markAsReadMode: 'auto',
    };
  });

  const checkMessages = (messages: unknown) => {
    if (!Array.isArray(messages) || messages.length < 1 || messages.length > 5)
      return [detail('messages', 'Size must be between 1 and 5')];
    return messages.flatMap((m, i) =>
      m?.type === 'text' && (typeof m.text !== 'string' || m.text.length < 1 || m.text.length > 5000)
        ? [detail(`messages[${i}].text`, 'Length must be between 1 and 5000')]
        : [],
    );
  };

  sim.post('/v2/bot/message/push', async (req, reply) => {
    const body = req.body as { to?: string; messages?: SimPush['messages'] };
    const retryKey = req.headers['x-line-retry-key'] as string | undefined;
    if (retryKey && !/^[0-9a-f-]{36}$/i.test(retryKey))
      return lineError(reply, 400, 'The value for the X-Line-Retry-Key header is invalid');
    if (!body?.to)
      return lineError(reply, 400, 'The request body has 1 error(s)', [detail('to', 'must be specified')]);
    const problems = checkMessages(body.messages);
    if (problems.length) return lineError(reply, 400, 'A message in the request body is invalid', problems);
    if (retryKey) {
      if (acceptedRetryKeys.has(retryKey)) {
        reply.header('x-line-accepted-request-id', randomUUID());
        return lineError(reply, 409, 'The retry key is already accepted');
      }
      acceptedRetryKeys.add(retryKey);
    }
    pushes.push({ token: ch(req).token, to: body.to, messages: body.messages!, retryKey });
    return { sentMessages: body.messages!.map(() => ({ id: String(Date.now()), quoteToken: randomUUID() })) };
  });

  // Test hook over HTTP (browser tests run the server in another process): the pushes received, oldest
  // first, optionally only those to one user; channel tokens are not answered.
  sim.get<{ Querystring: { to?: string } }>('/__sim/pushes', async (req) => ({
    pushes: pushes
      .filter((p) => !req.query.to || p.to === req.query.to)
      .map((p) => ({ to: p.to, messages: p.messages })),
  }));

  // Test hooks over HTTP for a server in another process (the browser tests): a LINE group the bot can be
  // invited into (its summary and member profiles), and a channel access token LINE no longer accepts.
  sim.post<{ Body: { groupId?: string; groupName?: string; members?: Record<string, string> } }>(
    '/__sim/groups',
    async (req, reply) => {
      const { groupId, groupName, members } = req.body ?? {};
      if (!groupId || !groupName) return lineError(reply, 400, 'groupId and groupName are required');
      hooks.addGroup(groupId, groupName, members ?? {});
      return {};
    },
  );
  sim.post<{ Body: { token?: string } }>('/__sim/revoked-tokens', async (req, reply) => {
    if (!req.body?.token) return lineError(reply, 400, 'token is required');
    hooks.revokeToken(req.body.token);
    return {};
  });

  sim.post('/v2/bot/message/reply', async (req, reply) => {
    const body = req.body as { replyToken?: string; messages?: SimReply['messages'] };
    if (!body?.replyToken) return lineError(reply, 400, 'Invalid reply token');
    const problems = checkMessages(body.messages);
    if (problems.length) return lineError(reply, 400, 'A message in the request body is invalid', problems);
    replies.push({ token: ch(req).token, replyToken: body.replyToken, messages: body.messages! });
    return { sentMessages: body.messages!.map(() => ({ id: String(Date.now()), quoteToken: randomUUID() })) };
  });

  sim.get<{ Params: { groupId: string } }>('/v2/bot/group/:groupId/summary', async (req, reply) => {
    const g = groups.get(req.params.groupId);
    if (!g) return lineError(reply, 404, 'Not found');
    return { groupId: req.params.groupId, groupName: g.groupName, pictureUrl: '' };
  });

  sim.get<{ Params: { groupId: string; userId: string } }>(
    '/v2/bot/group/:groupId/member/:userId',
    async (req, reply) => {
      const name = groups.get(req.params.groupId)?.members.get(req.params.userId);
      if (!name) return lineError(reply, 404, 'Not found');
      return { displayName: name, userId: req.params.userId, pictureUrl: '' };
    },
  );

  sim.post<{ Params: { groupId: string } }>('/v2/bot/group/:groupId/leave', async (req, reply) => {
    if (!groups.delete(req.params.groupId)) return lineError(reply, 404, 'Not found');
    return {};
  });

  sim.get<{ Params: { userId: string } }>('/v2/bot/profile/:userId', async (req, reply) => {
    const name = profiles.get(req.params.userId);
    if (!name) return lineError(reply, 404, 'Not found');
    return { displayName: name, userId: req.params.userId, language: 'zh-TW' };
  });

  sim.put('/v2/bot/channel/webhook/endpoint', async (req) => {
    ch(req).webhookEndpoint = (req.body as { endpoint?: string })?.endpoint ?? null;
    return {};
  });

  sim.get('/v2/bot/channel/webhook/endpoint', async (req) => ({
    endpoint: ch(req).webhookEndpoint ?? '',
    active: Boolean(ch(req).webhookEndpoint),
  }));

  // LINE posts `{ destination, events: [] }` signed with the channel secret and reports the answer.
  sim.post('/v2/bot/channel/webhook/test', async (req, reply) => {
    const c = ch(req);
    const endpoint = (req.body as { endpoint?: string })?.endpoint ?? c.webhookEndpoint;
    if (!endpoint) return lineError(reply, 400, 'The webhook endpoint is not set');
    const body = JSON.stringify({ destination: c.botUserId, events: [] });
    const timestamp = new Date().toISOString();
    try {
      const res = await fetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(c.channelSecret ? { 'x-line-signature': signBody(body, c.channelSecret) } : {}),
        },
        body,
        signal: AbortSignal.timeout(2_000),
      });
      const ok = res.status >= 200 && res.status < 300;
      return {
        success: ok,
        timestamp,
        statusCode: res.status,
        reason: ok ? 'OK' : 'ERROR_STATUS_CODE',
        detail: '',
      };
    } catch (err) {
      return { success: false, timestamp, statusCode: 0, reason: 'COULD_NOT_CONNECT', detail: String(err) };
    }
  });

  const hooks = {
    /** The next call (or the next whose URL matches `path`) answers this status with LINE's error body. */
    failNext: (status = 500, message = 'An error occurred in the server', path?: RegExp) => {
      failures.push({ status, message, path });
    },
    /** The next call (or the next matching `path`) answers 429 with Retry-After. */
    rateLimitNext: (path?: RegExp, retryAfterSec = 1) => {
      failures.push({ status: 429, message: 'Too Many Requests', retryAfterSec, path });
    },
    /** Offline: every connection is dropped. */
    setOffline: (value: boolean) => {
      offline = value;
    },
    revokeToken: (token: string) => revoked.add(token),
    /** A channel the simulator knows the secret of (the webhook test then signs its request). */
    registerChannel: (token: string, channelSecret: string) => {
      channelOf(token).channelSecret = channelSecret;
    },
    channel: (token: string) => channels.get(token),
    addGroup: (groupId: string, groupName: string, members: Record<string, string> = {}) =>
      groups.set(groupId, { groupName, members: new Map(Object.entries(members)) }),
    addProfile: (userId: string, displayName: string) => profiles.set(userId, displayName),
    pushes,
    replies,
    reset: () => {
      failures.length = 0;
      pushes.length = 0;
      replies.length = 0;
      offline = false;
    },
  };
  return Object.assign(sim, { hooks });
};

export type LineSimulator = ReturnType<typeof createLineSimulator>;

/** X-Line-Signature of a body: base64 HMAC-SHA256 with the channel secret (what LINE sends). */
export const signBody = (body: string | Buffer, channelSecret: string) =>
  createHmac('sha256', channelSecret).update(body).digest('base64');
