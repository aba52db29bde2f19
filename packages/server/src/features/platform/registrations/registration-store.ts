import type { ZRegistrationInput } from '@shopdesk/contract';
import {
  mayMoveRegistration,
  REGISTRATION_MESSAGES,
  REGISTRATION_OPENABLE,
  REGISTRATION_STATUSES,
  type TRegistration,
  type TRegistrationStatus,
} from '@shopdesk/contract';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { contractPlans, registrationEvents, registrations, siAccounts, users } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../http/errors';
import { enqueueRegistrationMail } from './registration-mail';

const SELECT = {
  r: registrations,
  planName: contractPlans.plan,
  siName: siAccounts.displayName,
};
const base = (db: Db) =>
  db
    .select(SELECT)
    .from(registrations)
    .innerJoin(contractPlans, eq(contractPlans.id, registrations.planId))
    .leftJoin(siAccounts, eq(siAccounts.id, registrations.siAccountId));

type Joined = { r: typeof registrations.$inferSelect; planName: string; siName: string | null };
const view = ({ r, planName, siName }: Joined): TRegistration => ({
  id: r.id,
  status: r.status,
  shopName: r.shopName,
  contactName: r.contactName,
  email: r.email,
  phone: r.phone,
  taxId: r.taxId,
  address: r.address,
  planId: r.planId,
  planName,
  message: r.message,
  siAccountId: r.siAccountId,
  siName,
  shopId: r.accountId,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export const loadRegistration = async (db: Db, id: number, lock = false) => {
  const q = base(db).where(eq(registrations.id, id));
  const [row] = lock ? await q.for('update', { of: registrations }) : await q;
  if (!row) throw notFound();
  return view(row);
};

/** The public form's plans and the SI of the link (?si=name); an unknown SI name is a bad link. */
export const publicPlans = async (db: Db, siName: string | undefined) => {
  const plans = await db
    .select({ id: contractPlans.id, plan: contractPlans.plan })
    .from(contractPlans)
    .orderBy(asc(contractPlans.id));
  const si = siName ? await siByName(db, siName) : null;
  return { plans, siName: si?.displayName ?? null };
};

const siByName = async (db: Db, name: string) => {
  const [si] = await db
    .select()
    .from(siAccounts)
    .where(and(eq(siAccounts.name, name), sql`${siAccounts.removedAt} is null`));
  return si ?? null;
};

export const submitRegistration = async (
  db: Db,
  input: z.output<typeof ZRegistrationInput>,
  publicBase: string,
) =>
  db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [plan] = await tx.select().from(contractPlans).where(eq(contractPlans.id, input.planId));
    if (!plan) throw badRequest(REGISTRATION_MESSAGES.unknownPlan, 'planId');
    const si = input.si ? await siByName(tx, input.si) : null;
    if (input.si && !si) throw badRequest(REGISTRATION_MESSAGES.unknownSi, 'si');
    const { si: _si, ...fields } = input;
    const [row] = await tx
      .insert(registrations)
      .values({ ...fields, siAccountId: si?.id ?? null })
      .returning({ id: registrations.id });
    await tx.insert(registrationEvents).values({ registrationId: row!.id, status: 'new', note: '' });
    const reg = await loadRegistration(tx, row!.id);
    await enqueueRegistrationMail(tx, reg, '', publicBase);
    return { id: row!.id };
  });

export const listRegistrations = async (
  db: Db,
  q: { status?: TRegistrationStatus; q?: string; offset: number; limit: number },
) => {
  const conds: SQL[] = [];
  if (q.status) conds.push(eq(registrations.status, q.status));
  if (q.q) {
    const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(
      or(
        ilike(registrations.shopName, like),
        ilike(registrations.contactName, like),
        ilike(registrations.email, like),
        ilike(registrations.phone, like),
        ilike(registrations.taxId, like),
      )!,
    );
  }
  const where = conds.length ? and(...conds) : undefined;
  const [total] = await db.select({ n: count() }).from(registrations).where(where);
  const rows = await base(db).where(where).orderBy(desc(registrations.id)).limit(q.limit).offset(q.offset);
  const byStatus = await db
    .select({ status: registrations.status, n: count() })
    .from(registrations)
    .groupBy(registrations.status);
  const counts = Object.fromEntries(
    REGISTRATION_STATUSES.map((s) => [s, byStatus.find((b) => b.status === s)?.n ?? 0]),
  ) as Record<TRegistrationStatus, number>;
  return { total: total?.n ?? 0, rows: rows.map(view), counts };
};

export const registrationHistory = async (db: Db, id: number) => {
  const rows = await db
    .select({ e: registrationEvents, byName: users.name })
    .from(registrationEvents)
    .leftJoin(users, eq(users.id, registrationEvents.byUserId))
    .where(eq(registrationEvents.registrationId, id))
    .orderBy(asc(registrationEvents.id));
  return rows.map(({ e, byName }) => ({
    status: e.status,
    note: e.note,
    byName,
    at: e.createdAt.toISOString(),
  }));
};

/** Writes a status with its note and queues the applicant's mail, all in the caller's transaction. */
const setStatus = async (
  tx: Db,
  reg: TRegistration,
  status: TRegistrationStatus,
  note: string,
  userId: number,
  publicBase: string,
  accountId?: number,
) => {
  await tx
    .update(registrations)
    .set({ status, updatedAt: new Date(), ...(accountId ? { accountId } : {}) })
    .where(eq(registrations.id, reg.id));
  await tx.insert(registrationEvents).values({ registrationId: reg.id, status, note, byUserId: userId });
  const next = await loadRegistration(tx, reg.id);
  await enqueueRegistrationMail(tx, next, note, publicBase);
  return next;
};

export const moveRegistration = async (
  db: Db,
  id: number,
  to: TRegistrationStatus,
  note: string,
  userId: number,
  publicBase: string,
) =>
  db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const reg = await loadRegistration(tx, id, true);
    if (!mayMoveRegistration(reg.status, to))
      throw conflict(REGISTRATION_MESSAGES.badMove(reg.status, to), 'REGISTRATION_BAD_MOVE');
    return setStatus(tx, reg, to, note, userId, publicBase);
  });

/**
 * The wizard's Finish opened a shop from an approved application: marks it opened with the shop, inside the
 * wizard's transaction (so a failed Finish leaves the application approved, and a second Finish is refused).
 */
export const openRegistration = async (
  tx: Db,
  id: number,
  accountId: number,
  userId: number,
  publicBase: string,
) => {
  const reg = await loadRegistration(tx, id, true);
  if (reg.status !== REGISTRATION_OPENABLE)
    throw conflict(REGISTRATION_MESSAGES.notOpenable, 'REGISTRATION_NOT_OPENABLE');
  return setStatus(tx, reg, 'opened', `#${accountId}`, userId, publicBase, accountId);
};

/** Before the wizard calls LINE: the application exists and is approved (404 / 409). */
export const assertOpenable = async (db: Db, id: number) => {
  const reg = await loadRegistration(db, id);
  if (reg.status !== REGISTRATION_OPENABLE)
    throw conflict(REGISTRATION_MESSAGES.notOpenable, 'REGISTRATION_NOT_OPENABLE');
};
