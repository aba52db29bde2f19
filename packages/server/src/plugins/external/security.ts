import type { IncomingMessage, ServerResponse } from 'node:http';
import cookie from '@fastify/cookie';
import { API_BASE, COMMON_MESSAGES, ERROR_CODES, msg } from '@shopdesk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { ApiError } from '../../http/errors';

const UNSUPPORTED = msg('只接受 JSON 或 multipart 格式的資料', 'Only JSON or multipart bodies are accepted');
const CROSS_ORIGIN = msg(
  '不接受來自其他網站的請求，請在本系統的頁面上操作',
  'Requests from another site are refused; please use this console’s own pages',
);
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The cookies that carry a session: the console's and the POS board's. */
const SESSION_COOKIES = /(?:^|;\s*)(?:sd_session|sd_pos)=/;

type SecurityOptions = {
  sessionSecret: string;
  publicUrl?: string;
  allowedOrigins: string[];
  /** TapPay's card-form script (adapters/payment cardForm): the shop pages may load exactly it. */
  tappaySdkUrl?: string;
};

/**
 * May this state-changing request, which carries a session cookie, come from where it says it comes from?
 * (docs/decisions/foundation.md "Proxy, CSRF, throttling".) Browsers send Sec-Fetch-Site (all current ones) and Origin
 * on every POST/PUT/PATCH/DELETE; a request with neither is not from a browser page, so no cookie rides
 * along unasked. "same-site" is refused too: another port or subdomain of the host is another origin.
 */
export const crossOriginRefused = (
  req: FastifyRequest,
  trusted: { own: Set<string>; allowed: Set<string> },
): boolean => {
  const site = req.headers['sec-fetch-site'];
  if (site === 'same-origin' || site === 'none') return false; // the browser itself says so
  const origin = req.headers.origin;
  if (origin === undefined) return site !== undefined; // cross-site / same-site without Origin: refuse
  return !originTrusted(req, origin, trusted);
};

const originTrusted = (
  req: FastifyRequest,
  origin: string,
  t: { own: Set<string>; allowed: Set<string> },
) => {
  if (t.own.has(origin) || t.allowed.has(origin)) return true;
  // Browsers without Sec-Fetch-Site: the Origin's host and port must be the Host this request was sent to
  // (a page can choose neither). The scheme is not compared: a TLS-terminating proxy makes ours http.
  try {
    const host = new URL(origin).host;
    return host !== '' && (host === req.headers.host || host === req.host);
  } catch {
    return false; // "null" (sandboxed frames, file:) and garbage
  }
};

/**
 * The path the router runs for this request: a matched route's own pattern, else the URL's path decoded and
 * normalised (percent-escapes, repeated slashes, dot segments) as a router or proxy might read it. Every
 * path rule (the cross-site check's scope, the JSON-only rule, no-store) decides on this, never on the raw
 * URL: `/%63onsole/apis/…` reaches the same handler as `/console/apis/…`.
 */
export const routedPath = (req: FastifyRequest): string => req.routeOptions?.url ?? normalisePath(req.url);

export const normalisePath = (url: string): string => {
  let p = url.split(/[?#]/, 1)[0] ?? '';
  try {
    p = decodeURIComponent(p);
  } catch {
    // a malformed escape: the router refuses it as well; judge the raw text
  }
  const out: string[] = [];
  for (const seg of p.replace(/\\/g, '/').split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') out.pop();
    else out.push(seg);
  }
  return `/${out.join('/')}`;
};

/**
 * What LINE's LIFF SDK (@line/liff, web shop/liff.ts) reaches inside LINE's in-app browser: its extension
 * scripts on LINE's CDN, its API and analytics hosts, and the sub-window / mini-app frames. Read from the
 * SDK's own code (@liff/consts, @liff/extensions, @liff/server-api); nothing wider.
 */
const LIFF_SCRIPT_HOSTS = 'https://static.line-scdn.net';
const LIFF_CONNECT_HOSTS =
  'https://api.line.me https://liffsdk.line-scdn.net https://liff.line.me https://uts-front.line-apps.com';
const LIFF_FRAME_HOSTS = 'https://liff.line.me https://liff-subwindow.line.me https://miniapp.line.me';

/** Where a Google Tag Manager container loads from and reports to. */
const TAG_MANAGER_HOSTS =
  'https://www.googletagmanager.com https://*.googletagmanager.com https://*.google-analytics.com';

/** The CSP sources TapPay's card form needs: its script by its full URL, and the script's host. */
export const tappayCsp = (sdkUrl: string | undefined) => {
  if (!sdkUrl) return { script: '', host: '' };
  const u = new URL(sdkUrl);
  return { script: ` ${u.origin}${u.pathname}`, host: ` ${u.origin}` };
};

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/** What a header middleware sets and removes, run once on a stand-in request; null if it does anything else. */
export const recordHeaders = (
  middleware: Middleware,
): { set: [string, string | string[]][]; removed: string[] } | null => {
  const set: [string, string | string[]][] = [];
  const removed: string[] = [];
  let done = false;
  let failed = false;
  const res = {
    setHeader: (name: string, value: string | string[]) => {
      set.push([name, value]);
      return res;
    },
    removeHeader: (name: string) => {
      removed.push(name);
    },
  };
  try {
    middleware(
      { headers: {}, method: 'GET', url: '/' } as IncomingMessage,
      res as unknown as ServerResponse,
      (err) => {
        done = true;
        failed = Boolean(err);
      },
    );
  } catch {
    return null;
  }
  return done && !failed ? { set, removed } : null;
};

/** Cookies, security headers, the JSON-only rule and the same-origin rule for state-changing calls. */
export const securityPlugin = fp(async (app: FastifyInstance, opts: SecurityOptions) => {
  const trusted = {
    own: new Set(opts.publicUrl ? [new URL(opts.publicUrl).origin] : []),
    allowed: new Set(opts.allowedOrigins),
  };
  await app.register(cookie, { secret: opts.sessionSecret });
  // The security headers of every answer. helmet's middleware is built once here: @fastify/helmet built it
  // again on every request (its configuration parsed each time, docs/decisions/shops.md "Shop list (gaa, /gaa/shops/query)").
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        // Ant Design writes its CSS-in-JS into <style> elements.
        'style-src': ["'self'", "'unsafe-inline'"],
        // https: images too: a shop's channel image lives on the chat service's CDN (spec 000 §2 info page).
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'frame-ancestors': ["'self'"],
        'form-action': ["'self'"],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Its headers are the same on every answer (no nonces, no per-request directives): they are recorded once
  // from the middleware and set as they are on each answer (docs/decisions/shops.md "Shop list speed: Fixed
  // cost per request"). Should the middleware ever not finish at once, it runs on every request as before.
  const recorded = recordHeaders(securityHeaders);
  app.addHook('onRequest', (req, reply, next) => {
    if (!recorded) {
      securityHeaders(req.raw, reply.raw, (err?: unknown) => (err ? next(err as Error) : next()));
      return;
    }
    const res = reply.raw;
    for (const name of recorded.removed) res.removeHeader(name);
    for (const [name, value] of recorded.set) res.setHeader(name, value);
    next();
  });
  // A cross-site HTML form can only send urlencoded, multipart or text/plain: refusing text/plain and
  // urlencoded (no parser) and requiring JSON or multipart keeps such forms out (CSRF), on top of SameSite.
  app.removeContentTypeParser('text/plain');
  app.addHook('onRequest', (req, _reply, done) => {
    if (!STATE_CHANGING.has(req.method)) return done();
    // CSRF: checked before the body matters, so an empty POST is covered as much as a JSON one, and on
    // every path, however it is spelled: a session cookie must not change anything from another site.
    // Calls without a session cookie (storefront, sign-in, bearer-token devices, webhooks) carry no
    // ambient authority.
    if (SESSION_COOKIES.test(req.headers.cookie ?? '') && crossOriginRefused(req, trusted))
      return done(new ApiError(403, ERROR_CODES.crossOrigin, CROSS_ORIGIN));
    if (!routedPath(req).startsWith(API_BASE)) return done();
    const type = req.headers['content-type'];
    if (type && !/^(application\/json|multipart\/form-data)\b/i.test(type))
      return done(new ApiError(415, ERROR_CODES.unsupportedMediaType, UNSUPPORTED));
    done();
  });
  // The customer app loads a shop's Google Tag Manager container (web shop/gtm.ts), inside LINE the LIFF SDK,
  // and TapPay's card form (web shop/tappay.ts): its pages (only they) let those scripts and what they talk to
  // through. TapPay: exactly its SDK script; its card fields are frames of the script's host, and (simulator)
  // the script asks that host for the prime.
  const tappay = tappayCsp(opts.tappaySdkUrl);
  app.addHook('onSend', (req, reply, payload, done) => {
    const csp = req.url.startsWith('/shop/') ? reply.getHeader('content-security-policy') : undefined;
    if (typeof csp === 'string')
      reply.header(
        'content-security-policy',
        csp
          .replace(
            /script-src 'self'/,
            `script-src 'self' ${TAG_MANAGER_HOSTS} ${LIFF_SCRIPT_HOSTS}${tappay.script}`,
          )
          .replace(
            /connect-src 'self'/,
            `connect-src 'self' ${TAG_MANAGER_HOSTS} ${LIFF_CONNECT_HOSTS}${tappay.host}`,
          )
          .concat(`;frame-src 'self' ${LIFF_FRAME_HOSTS}${tappay.host}`),
      );
    done(null, payload);
  });
  // Answers of the API carry accounts' and customers' data: no browser or proxy cache keeps them, unless a
  // route chose its own policy (immutable menu images, the event stream).
  app.addHook('onSend', (req, reply, payload, done) => {
    if (!reply.hasHeader('cache-control') && routedPath(req).startsWith(API_BASE))
      reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  void COMMON_MESSAGES;
});
