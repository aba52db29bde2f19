import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import { API_BASE, COMMON_MESSAGES, ERROR_CODES, msg } from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../../http/errors';

const UNSUPPORTED = msg('只接受 JSON 或 multipart 格式的資料', 'Only JSON or multipart bodies are accepted');
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Cookies, security headers and the JSON-only rule for state-changing calls. */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { sessionSecret: string }) => {
  await app.register(cookie, { secret: opts.sessionSecret });
  await app.register(helmet, {
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
  // A cross-site HTML form can only send urlencoded, multipart or text/plain: refusing text/plain and
  // urlencoded (no parser) and requiring JSON or multipart keeps such forms out (CSRF), on top of SameSite.
  app.removeContentTypeParser('text/plain');
  app.addHook('onRequest', async (req) => {
    if (!STATE_CHANGING.has(req.method) || !req.url.startsWith(API_BASE)) return;
    const type = req.headers['content-type'];
    if (!type) return;
    if (!/^(application\/json|multipart\/form-data)\b/i.test(type)) {
      throw new ApiError(415, ERROR_CODES.unsupportedMediaType, UNSUPPORTED);
    }
  });
  void COMMON_MESSAGES;
});
