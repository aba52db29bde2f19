import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_BASE, COMMON_MESSAGES, ERROR_CODES } from '@shopdesk/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The customer app's page for a request, from its shop.html, with the hash of its inline script if it has one
 * (added to the page's CSP); null: the file as it is.
 */
export type ShopPageRender = (
  req: FastifyRequest,
  template: string,
) => Promise<{ html: string; scriptHash: string | null } | null>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Filled by the storefront (features/orders/storefront/shop-page.ts): the shop's data and first screen. */
    shopPage: { render: ShopPageRender | null };
  }
}

/**
 * shop.html with its stylesheet inlined: the first paint waits for no second request (the file is a few kB
 * compressed). Read again when the build changes.
 */
const shopTemplate = (distDir: string) => {
  let cached: { mtimeMs: number; html: string } | null = null;
  return async () => {
    const file = path.join(distDir, 'shop', 'shop.html');
    const { mtimeMs } = await stat(file);
    if (cached?.mtimeMs === mtimeMs) return cached.html;
    let html = await readFile(file, 'utf8');
    for (const tag of html.match(/<link rel="stylesheet"[^>]*>/g) ?? []) {
      const href = /href="\/console\/shop\/(assets\/[\w.-]+\.css)"/.exec(tag)?.[1];
      if (!href) continue;
      const css = await readFile(path.join(distDir, 'shop', href), 'utf8');
      html = html.replace(tag, () => `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`);
    }
    cached = { mtimeMs, html };
    return html;
  };
};

/**
 * Serves the built web app under /console/ (assets, hashed: cached for a year, pre-compressed .br/.gz)
 * and answers any other GET under /console/ or /retail/ with index.html (history fallback); /shop/{id}/…
 * opens the customer app (dist/shop/shop.html).
 */
export const webStaticPlugin = fp(async (app: FastifyInstance, opts: { distDir: string }) => {
  app.decorate('shopPage', { render: null });
  const hasBuild = existsSync(path.join(opts.distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: opts.distDir,
      prefix: '/console/',
      // Files are looked up per request (not a route per file at start), so a rebuild is served at once.
      wildcard: true,
      index: false,
      preCompressed: true,
      setHeaders: (res, file) => {
        const hashed = file.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn(`web build not found in ${opts.distDir}: run "npm run build" (npm start does it for you)`);
  }

  app.get('/', (_req, reply) => reply.redirect('/console/'));
  if (hasBuild) {
    // The wildcard route would treat /console/ as a directory: the app's entry is index.html.
    app.get('/console/', (_req, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  }
  app.get('/retail', (_req, reply) => reply.redirect('/retail/'));

  // the customer's ordering app (its own Vite entry, built into dist/shop) at /shop/{id}/…;
  // the app itself tells an unknown shop or a bad order link apart (it asks the storefront API).
  const hasShopApp = hasBuild && existsSync(path.join(opts.distDir, 'shop', 'shop.html'));
  if (hasShopApp) {
    const template = shopTemplate(opts.distDir);
    const shopPage = async (req: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'no-cache');
      const render = app.shopPage.render;
      if (render) {
        try {
          const page = await render(req, await template());
          if (page) {
            const csp = reply.getHeader('content-security-policy');
            if (page.scriptHash && typeof csp === 'string')
              reply.header(
                'content-security-policy',
                csp.replace("script-src 'self'", `script-src 'self' ${page.scriptHash}`),
              );
            return reply.type('text/html; charset=utf-8').send(page.html);
          }
        } catch (err) {
          // the page without its data still works: the app reads the API
          req.log.error({ err }, 'shop page: rendered without its data');
        }
      }
      return reply.sendFile('shop/shop.html');
    };
    app.get('/shop/:id', shopPage);
    app.get('/shop/:id/*', shopPage);
  }

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0]!;
    const isPage =
      (url.startsWith('/console/') || url === '/console' || url.startsWith('/retail/')) &&
      !url.startsWith(API_BASE);
    if (req.method === 'GET' && isPage && hasBuild && !/\/assets\//.test(url)) {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    }
    return reply.code(404).send({
      error: {
        code: ERROR_CODES.notFound,
        message: COMMON_MESSAGES.notFound.zh,
        messageEn: COMMON_MESSAGES.notFound.en,
      },
    });
  });
});
