import {
  getRegistrationOp,
  listRegistrationsOp,
  moveRegistrationOp,
  REGISTRATION_RATE_LIMIT,
  registrationPlansOp,
  submitRegistrationOp,
} from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { registerOperation } from '../../../http/operation';
import { publicBase } from '../../../http/public-base';
import {
  listRegistrations,
  loadRegistration,
  moveRegistration,
  publicPlans,
  registrationHistory,
  submitRegistration,
} from './registration-store';

/** Store-opening applications: the public form's two calls, gaa's list, detail and status. */
export const registrationRoutes = async (app: FastifyInstance, opts: { db: Db }) => {
  const { db } = opts;
  registerOperation(app, registrationPlansOp, async (req) => publicPlans(db, req.query.si));
  registerOperation(
    app,
    submitRegistrationOp,
    async (req) => submitRegistration(db, req.body, publicBase(req)),
    {
      rateLimit: { ...REGISTRATION_RATE_LIMIT },
    },
  );
  registerOperation(app, listRegistrationsOp, async (req) => listRegistrations(db, req.query));
  registerOperation(app, getRegistrationOp, async (req) => ({
    registration: await loadRegistration(db, req.params.id),
    history: await registrationHistory(db, req.params.id),
  }));
  registerOperation(app, moveRegistrationOp, async (req) => ({
    registration: await moveRegistration(
      db,
      req.params.id,
      req.body.status,
      req.body.note,
      req.requireUser().id,
      publicBase(req),
    ),
  }));
};
