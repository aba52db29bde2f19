import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';

/** Issue 7 (pos-board): routes land here. */
export const posBoardRoutes = async (_app: FastifyInstance, _opts: { db: Db }) => {};
