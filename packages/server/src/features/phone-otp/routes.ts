import {
  getPhoneVerificationOp,
  OTP_MESSAGES,
  sendPhoneCodeOp,
  verifyPhoneCodeOp,
} from '@shopdesk/contract';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type SmsGateway, type SmsSimulator, startSms } from '../../adapters/sms';
import type { Db } from '../../db/client';
import { businesses } from '../../db/schema';
import { registerOperation } from '../../http/operation';
import { isPhoneVerified, OtpRefusal, sendPhoneCode, verifyPhoneCode } from './otp-service';
import { registerSmsOtpJob } from './sms-job';

declare module 'fastify' {
  interface FastifyInstance {
    /** The SMS gateway of the phone verification (adapters/sms); null in production without SMS_URL. */
    sms: (SmsGateway & { simulator?: SmsSimulator }) | null;
  }
}

/**
 * The customer app's phone verification (spec 001 §2.2 is_otp_enabled): public calls, per client address
 * rate-limited like the storefront's writes, and per phone by the contract's limits (otp-service.ts).
 */
export const phoneOtpRoutes = async (
  app: FastifyInstance,
  opts: { db: Db; sms?: SmsGateway | null },
) => {
  const { db } = opts;
  const cfg = app.appConfig;
  const given = [cfg.smsUrl, cfg.smsUsername, cfg.smsPassword].filter(Boolean).length;
  if (opts.sms === undefined && given > 0 && given < 3)
    throw new Error('SMS_URL, SMS_USERNAME and SMS_PASSWORD go together: set all three or none');
  const sms =
    opts.sms !== undefined
      ? opts.sms
      : await startSms(app, {
          url: cfg.smsUrl,
          username: cfg.smsUsername,
          password: cfg.smsPassword,
          nodeEnv: cfg.nodeEnv,
        });
  if (!sms) {
    // production without a gateway: refuse to start when a shop verifies phones (its customers could not
    // order); otherwise start, and a shop that turns the switch on later gets 503 on each send, logged
    const [row] = await db
      .select({ n: count() })
      .from(businesses)
      .where(eq(businesses.isOtpEnabled, true));
    if ((row?.n ?? 0) > 0)
      throw new Error(
        `SMS_URL, SMS_USERNAME and SMS_PASSWORD are required: ${row!.n} shop(s) verify customer phones by SMS (is_otp_enabled)`,
      );
    app.log.error('SMS_URL unset in production: a shop that turns SMS verification on cannot send codes');
  }
  app.decorate('sms', sms);
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
        if (err instanceof OtpRefusal && err.retryAfterS) reply.header('retry-after', String(err.retryAfterS));
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
