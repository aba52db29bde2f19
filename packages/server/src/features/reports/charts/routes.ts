import { getPlatformChartsOp } from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { registerOperation } from '../../../http/operation';
import { platformCharts } from './charts-repo';

/** /charts: gaa only, by the operation's `allow`. */
/** `reads`: the report queries' pool (DATABASE_READ_URL, docs/scale.md "Read replica"). */
export const chartRoutes = async (app: FastifyInstance, opts: { db: Db; reads?: Db }) => {
  registerOperation(app, getPlatformChartsOp, async (req) =>
    platformCharts(opts.reads ?? opts.db, req.query.kind ?? 'catering', req.query.days),
  );
};
