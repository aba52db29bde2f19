import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_BASE, COMMON_MESSAGES, ERROR_CODES } from '@shopdesk/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built web app under /console/ (assets, hashed: cached for a year, pre-compressed .br/.gz)
 * and answers any other GET under /console/ or /retail/ with index.html (history fallback); /shop/{id}/…
 * opens the customer app (dist/shop/shop.html).
 */
export const webStaticPlugin = fp(async (app: FastifyInstance, opts: { distDir: string }) => {
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
    const shopPage = (_req: unknown, reply: FastifyReply) =>
      reply.header('cache-control', 'no-cache').sendFile('shop/shop.html');
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
