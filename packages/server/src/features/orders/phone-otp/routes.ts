import { getPhoneVerificationOp, OTP_MESSAGES, sendPhoneCodeOp, verifyPhoneCodeOp } from '@shopdesk/contract';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { businesses } from '../../../db/schema';
import { registerOperation } from '../../../http/operation';
import { isPhoneVerified, OtpRefusal, sendPhoneCode, verifyPhoneCode } from './otp-service';
import { registerSmsOtpJob } from './sms-job';

/**
 * Production without an SMS gateway: start-up is refused when a shop verifies phones (its customers could not
 * order); otherwise the server starts, and a shop that turns the switch on later gets 503 on each send, logged.
 */
export const requireSmsWhenNeeded = async (db: Db, sms: unknown) => {
  if (sms) return;
  const [row] = await db.select({ n: count() }).from(businesses).where(eq(businesses.isOtpEnabled, true));
  if ((row?.n ?? 0) > 0)
    throw new Error(
      `SMS_URL, SMS_USERNAME and SMS_PASSWORD are required: ${row!.n} shop(s) verify customer phones by SMS (is_otp_enabled)`,
    );
};

/**
 * The customer app's phone verification (spec 001 §2.2 is_otp_enabled): public calls, per client address
 * rate-limited like the storefront's writes, and per phone by the contract's limits (otp-service.ts).
 */
export const phoneOtpRoutes = async (app: FastifyInstance, opts: { db: Db }) => {
  const { db } = opts;
  const cfg = app.appConfig;
  const { sms } = app;
  await requireSmsWhenNeeded(db, sms);
  if (!sms)
    app.log.error('SMS_URL unset in production: a shop that turns SMS verification on cannot send codes');
  registerSmsOtpJob(app, sms);
  const deps = { db, secret: cfg.sessionSecret, box: app.secretBox, smsReady: sms !== null };
  const writes = Math.max(10, Math.round((cfg.storefrontRateLimit ?? 30) / 3));
  const WRITES = { rateLimit: { max: writes, timeWindow: '1 minute' }, bodyLimit: 4 * 1024 };
  const READS = { rateLimit: { max: writes * 6, timeWindow: '1 minute' } };

  registerOperation(
    app,
    getPhoneVerificationOp,
    async (req) => ({ verified: await isPhoneVerified(db, req.query.phone, req.query.holder) }),
    READS,
  );
  registerOperation(
    app,
    sendPhoneCodeOp,
    async (req, reply) => {
      try {
        const answer = await sendPhoneCode(deps, req.params.accountId, req.body);
        if (answer.verified) reply.code(200);
        return answer;
      } catch (err) {
        if (err instanceof OtpRefusal && err.retryAfterS)
          reply.header('retry-after', String(err.retryAfterS));
        if (err instanceof Error && 'code' in err && err.code === 'SMS_UNAVAILABLE')
          req.log.error({ accountId: req.params.accountId }, OTP_MESSAGES.smsUnavailable.en);
        throw err;
      }
    },
    WRITES,
  );
  registerOperation(
    app,
    verifyPhoneCodeOp,
    async (req) => verifyPhoneCode(deps, req.params.accountId, req.body),
    WRITES,
  );
};
