import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';

/** Issue 7 (sales): routes land here. */
export const salesRoutes = async (_app: FastifyInstance, _opts: { db: Db }) => {};
