import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';

/** Issue 7 (order-summary): routes land here. */
export const orderSummaryRoutes = async (_app: FastifyInstance, _opts: { db: Db }) => {};
