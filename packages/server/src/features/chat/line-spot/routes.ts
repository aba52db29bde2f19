import {
  deleteLineSpotOp,
  findAddressOp,
  getDirectoryEntryOp,
  lookupLineSpotOp,
  searchDirectoryShopsOp,
  uploadLineSpotOp,
} from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { registerOperation } from '../../../http/operation';
import {
  directoryEntry,
  findAddress,
  type LineSpotDeps,
  lookupSpot,
  removeSpot,
  uploadSpot,
} from './line-spot-service';
import { searchEntries } from './line-spot-store';

/** The store directory tool (spec 000 §2, §7 Directory and tools): gaa only, LINE SPOT through app.lineSpot. */
export const lineSpotRoutes = async (app: FastifyInstance, opts: { db: Db }) => {
  const { db } = opts;
  const deps = (log: LineSpotDeps['log']): LineSpotDeps => ({
    db,
    directory: app.lineSpot,
    geocoder: app.geocoder,
    log,
  });

  registerOperation(app, findAddressOp, async (req) => ({
    data: await findAddress(deps(req.log), req.query.address),
  }));
  registerOperation(app, getDirectoryEntryOp, async (req) => ({
    data: await directoryEntry(db, req.params.id),
  }));
  registerOperation(app, searchDirectoryShopsOp, async (req) => ({
    data: await searchEntries(db, req.query.keyword),
  }));
  registerOperation(app, lookupLineSpotOp, async (req) => ({
    data: await lookupSpot(deps(req.log), req.params.siName, req.params.id),
  }));
  registerOperation(app, uploadLineSpotOp, async (req) => ({
    data: await uploadSpot(deps(req.log), req.requireUser(), req.body.data),
  }));
  registerOperation(app, deleteLineSpotOp, async (req) => ({
    data: await removeSpot(deps(req.log), req.params.si, req.params.id),
  }));
};
