import {
  assignStationPrintersOp,
  createStationOp,
  deleteStationOp,
  getStationSettingsOp,
  listClassProductsOp,
  listNegativeProductsOp,
  listOriginPrintersOp,
  listStationClassesOp,
  listStationPrintersOp,
  listStationsOp,
  saveNegativeProductsOp,
  setOriginPrintersOp,
  setStationClassesOp,
  setStationSettingsOp,
  syncStationPrintersOp,
  updateStationOp,
} from '@shopdesk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client';
import { registerOperation } from '../../../http/operation';
import { requireShop } from '../../../plugins/app/shop-access';
import { assignStationPrinters, listOrigins, setOrigins, syncStationPrinters } from './station-printers';
import { listClassProducts, listNegativeProducts, saveNegativeProducts } from './station-products';
import {
  createStation,
  deleteStation,
  listStationClasses,
  setStationClasses,
  setStationSwitch,
  stationSettings,
  updateStation,
} from './station-service';
import { loadStations, stationPrinters, toStation } from './station-store';

/** The printer-station page's calls (spec 002 §7 "Printer stations"); gaa only (contract STATION_USERS). */
export const printerStationRoutes = async (app: FastifyInstance, { db }: { db: Db }) => {
  /** The caller and a shop it may touch: 404 for an unknown shop. */
  const shop = async (req: FastifyRequest, accountId: number) => {
    const user = req.requireUser();
    await requireShop(db, user, accountId);
    return user;
  };
  registerOperation(app, listStationPrintersOp, async (req) => {
    await shop(req, req.params.accountId);
    return { printers: await stationPrinters(db, req.params.accountId) };
  });
  registerOperation(app, listOriginPrintersOp, async (req) => {
    await shop(req, req.params.accountId);
    return listOrigins(db, req.params.accountId);
  });
  registerOperation(app, listStationsOp, async (req) => {
    await shop(req, req.params.accountId);
    return { stations: (await loadStations(db, req.params.accountId)).map(toStation) };
  });
  registerOperation(app, getStationSettingsOp, async (req) => {
    await shop(req, req.params.accountId);
    return stationSettings(db, req.params.accountId);
  });
  registerOperation(app, setStationSettingsOp, async (req) =>
    setStationSwitch(db, req.requireUser(), req.params.accountId, req.body.isStation),
  );
  registerOperation(app, listStationClassesOp, async (req) => {
    await shop(req, req.params.accountId);
    return listStationClasses(db, req.params.accountId);
  });
  registerOperation(app, createStationOp, async (req) =>
    createStation(db, req.requireUser(), req.params.accountId, req.body.stationData),
  );
  registerOperation(app, updateStationOp, async (req) =>
    updateStation(db, req.requireUser(), req.params.accountId, req.params.id, req.body.stationData),
  );
  registerOperation(app, deleteStationOp, async (req) =>
    deleteStation(db, req.requireUser(), req.params.accountId, req.params.id),
  );
  registerOperation(app, assignStationPrintersOp, async (req) =>
    assignStationPrinters(db, req.requireUser(), req.params.accountId, req.body.data),
  );
  registerOperation(app, syncStationPrintersOp, async (req) =>
    syncStationPrinters(
      { db, box: app.secretBox, service: app.printer, log: req.log },
      req.requireUser(),
      req.params.accountId,
      req.body.shopId,
    ),
  );
  registerOperation(app, setOriginPrintersOp, async (req) =>
    setOrigins(db, req.requireUser(), req.params.accountId, req.body),
  );
  registerOperation(app, setStationClassesOp, async (req) =>
    setStationClasses(db, req.requireUser(), req.params.accountId, req.body),
  );
  registerOperation(app, listClassProductsOp, async (req) =>
    listClassProducts(db, req.requireUser(), req.params.sku, req.query.accountId),
  );
  registerOperation(app, listNegativeProductsOp, async (req) =>
    listNegativeProducts(db, req.requireUser(), req.params.sku, req.query),
  );
  registerOperation(app, saveNegativeProductsOp, async (req) =>
    saveNegativeProducts(db, req.requireUser(), req.body),
  );
};
