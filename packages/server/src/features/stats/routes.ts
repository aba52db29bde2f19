import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';

/** Issue 7 (stats): routes land here. */
export const statsRoutes = async (_app: FastifyInstance, _opts: { db: Db }) => {};
