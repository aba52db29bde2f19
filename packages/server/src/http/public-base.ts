import type { FastifyInstance, FastifyRequest } from 'fastify';

/** A Host that names the machine the request is read on: a loopback name or address, any port. */
const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d{1,5})?$/i;

/**
 * The base of links the server writes when no request is at hand (jobs, pushes): PUBLIC_URL (required in
 * production, config.ts), else the server's own listen origin (development, tests).
 */
export const serverBase = (app: FastifyInstance): string =>
  app.appConfig.publicUrl ?? app.appConfig.listenOrigin ?? `http://localhost:${process.env.PORT ?? 8080}`;

/**
 * The base of links the server writes for a request (mails, QR codes, LINE menus): configured origins only,
 * never a Host header a sender chose (a forged Host put the attacker's site in password-reset mails).
 * Without PUBLIC_URL (development, tests) a loopback Host is taken as it is, so a developer on
 * 127.0.0.1:5173 gets links that open there; any other Host gets the listen origin.
 */
export const publicBase = (req: FastifyRequest): string => {
  const c = req.server.appConfig;
  if (c.publicUrl) return c.publicUrl;
  if (LOOPBACK_HOST.test(req.host)) return `${req.protocol}://${req.host}`;
  return serverBase(req.server);
};
