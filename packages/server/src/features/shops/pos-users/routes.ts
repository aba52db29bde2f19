import {
  deletePosUserOp,
  ERROR_CODES,
  listPosUsersOp,
  POS_USER_MESSAGES,
  POS_USERS_MAX,
  posSigninOp,
  posSignupOp,
} from '@shopdesk/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { businesses } from '../../../db/schema';
import { ApiError, forbidden, notFound } from '../../../http/errors';
import { registerOperation } from '../../../http/operation';
import { createPosSession, POS_COOKIE, POS_SESSION_MS } from '../../../identity/pos-session-store';
import { dummyHash, hashPassword, verifyPassword } from '../../../lib/password';
import { requireShop } from '../../../plugins/app/shop-access';
import { clearFailures, recordFailure, refuseWhileLocked } from '../../platform/session/throttle';
import { addPosUser, deletePosUser, findPosUser, listPosUsers } from './pos-user-store';

export const posUsersRoutes = async (app: FastifyInstance, opts: { db: Db }) => {
  const { db } = opts;

  // spec 002 §7 POS users. gaa, si and eaa, each for the shops it may touch; {userType} is the caller's type.
  registerOperation(app, listPosUsersOp, async (req) => {
    const user = req.requireUser();
    if (req.params.userType !== user.type) throw forbidden();
    await requireShop(db, user, req.query.shopId);
    const users = await listPosUsers(db, req.query.shopId);
    return { total: users.length, max: POS_USERS_MAX, users };
  });

  registerOperation(app, posSignupOp, async (req) => {
    const user = req.requireUser();
    const { username, password, shopId } = req.body;
    await requireShop(db, user, shopId);
    // Hashed before the transaction: scrypt takes ~50 ms and the shop row is locked inside it.
    const passwordHash = await hashPassword(password);
    return { user: await addPosUser(db, user, { username, passwordHash, accountId: shopId }) };
  });

  registerOperation(app, deletePosUserOp, async (req) => {
    const user = req.requireUser();
    const found = await findPosUser(db, req.params.username);
    // Unknown and another shop's name answer the same 404: names cannot be probed.
    if (!found) throw notFound();
    await requireShop(db, user, found.accountId).catch((err) => {
      throw err instanceof ApiError && err.status === 403 ? notFound() : err;
    });
    await deletePosUser(db, user, found);
    return { ok: true as const };
  });

  // spec 000 §7 Session: POST /qcpos/signin, throttled like the console sign-in (docs/decisions/shops.md).
  registerOperation(
    app,
    posSigninOp,
    async (req, reply) => {
      const { username, password } = req.body;
      const subject = { account: `pos:${username}`, ip: req.ip };
      await refuseWhileLocked(db, subject, reply);
      const found = await findPosUser(db, username);
      // An unknown username costs the same time as a wrong password.
      const ok = await verifyPassword(password, found?.passwordHash ?? (await dummyHash()));
      if (!found || !ok) {
        await recordFailure(db, subject);
        throw new ApiError(401, ERROR_CODES.badCredentials, POS_USER_MESSAGES.badCredentials);
      }
      await clearFailures(db, subject);
      const [shop] = await db
        .select({ name: businesses.name })
        .from(businesses)
        .where(eq(businesses.accountId, found.accountId));
      const token = await createPosSession(db, found.id);
      // The board in a browser uses the cookie (EventSource sends cookies, not headers); devices the token.
      reply.setCookie(POS_COOKIE, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: 'auto',
        signed: true,
        maxAge: Math.floor(POS_SESSION_MS / 1000),
      });
      return {
        user: { shopId: found.accountId, shopName: shop?.name ?? '', username: found.username, token },
      };
    },
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );
};
