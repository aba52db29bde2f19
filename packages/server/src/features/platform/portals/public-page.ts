import { createHash } from 'node:crypto';
import { PORTAL_COLOR, PORTAL_KEY, PORTAL_KEY_MAX } from '@shopdesk/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../../../adapters/mail/render-mail';
import type { Db } from '../../../db/client';
import { portals } from '../../../db/schema';
import { publicShops } from './portal-store';

type Shop = Awaited<ReturnType<typeof publicShops>>[number];
const color = (c: string, fallback: string) => (PORTAL_COLOR.test(c) ? c : fallback);

/** The page itself: plain HTML and inline CSS, no script, so it opens fast on any phone. */
export const renderPortalPage = (p: typeof portals.$inferSelect, shops: Shop[]) => {
  const primary = color(p.primaryColor, '#1677ff');
  const accent = color(p.accentColor, '#fa8c16');
  const cards = shops
    .map(
      (s) =>
        `<li><a class="shop" href="/shop/${s.shopId}"><span class="name">${escapeHtml(s.label || s.name)}</span>` +
        `<span class="go">點餐 Order →</span></a></li>`,
    )
    .join('');
  return `<!doctype html>
<html lang="zh-Hant-TW"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(p.name)}</title>
<meta name="description" content="${escapeHtml(p.description.slice(0, 160))}">
<style>
body{margin:0;font-family:system-ui,-apple-system,"Noto Sans TC","PingFang TC",sans-serif;background:#f5f6f8;color:#1f1f1f}
header{background:${primary};color:#fff;padding:32px 20px 28px;text-align:center}
header img{max-height:72px;max-width:200px;border-radius:12px;background:#fff;padding:6px;margin-bottom:12px}
h1{margin:0 0 8px;font-size:26px}
header p{margin:0 auto;max-width:640px;line-height:1.6;opacity:.92;white-space:pre-line}
main{max-width:720px;margin:0 auto;padding:20px 16px 40px}
ul{list-style:none;margin:0;padding:0;display:grid;gap:12px}
a.shop{display:flex;justify-content:space-between;align-items:center;gap:12px;padding:18px 20px;background:#fff;border-radius:12px;text-decoration:none;color:inherit;box-shadow:0 1px 3px rgba(0,0,0,.08);border-left:6px solid ${accent}}
a.shop:hover{box-shadow:0 3px 10px rgba(0,0,0,.12)}
.name{font-size:18px;font-weight:600}
.go{color:${accent};font-weight:600;white-space:nowrap}
.empty{text-align:center;color:#888;padding:40px 0}
footer{text-align:center;color:#999;font-size:12px;padding-bottom:24px}
</style></head>
<body><header>${p.logoUrl ? `<img src="${escapeHtml(p.logoUrl)}" alt="">` : ''}<h1>${escapeHtml(p.name)}</h1>${
    p.description ? `<p>${escapeHtml(p.description)}</p>` : ''
  }</header>
<main>${shops.length ? `<ul>${cards}</ul>` : '<p class="empty">目前沒有商店 No shops yet</p>'}</main>
<footer>Shopdesk</footer></body></html>`;
};

/**
 * GET /p/{portalKey}: the published entrance page. Rendered per request from two small queries
 * and answered with a strong ETag of its content and `Cache-Control: public, no-cache`: browsers and
 * proxies keep it and revalidate every visit (a 304 without a body when nothing changed), so an edit in the
 * console shows at the next visit. A raw route, as it answers HTML, not JSON (docs/decisions/platform.md).
 */
export const portalPageRoutes = async (app: FastifyInstance, opts: { db: Db }) => {
  const { db } = opts;
  app.get<{ Params: { portalKey: string } }>(
    '/p/:portalKey',
    { config: { allow: 'public' } },
    async (req, reply) => {
      const key = req.params.portalKey;
      const [p] =
        key.length <= PORTAL_KEY_MAX && PORTAL_KEY.test(key)
          ? await db.select().from(portals).where(eq(portals.key, key))
          : [];
      if (!p?.published)
        return reply
          .code(404)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(
            '<!doctype html><meta charset="utf-8"><title>404</title><p>找不到此頁面 The page could not be found.</p>',
          );
      const html = renderPortalPage(p, await publicShops(db, p.id));
      const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
      reply.header('etag', etag).header('cache-control', 'public, no-cache').type('text/html; charset=utf-8');
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();
      return html;
    },
  );
};
