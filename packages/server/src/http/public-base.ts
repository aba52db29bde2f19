import type { FastifyRequest } from 'fastify';

/** The base of links the server writes: PUBLIC_URL when set, else the request's own origin. */
export const publicBase = (req: FastifyRequest): string =>
  req.server.appConfig.publicUrl ?? `${req.protocol}://${req.host}`;
