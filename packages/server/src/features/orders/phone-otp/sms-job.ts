import type { FastifyInstance } from 'fastify';
import type { SmsGateway } from '../../../adapters/sms';
import { PermanentFailure, RetryLater } from '../../../jobs/outbox';
import { codeStillValid, SMS_OTP_JOB } from './otp-service';

/**
 * The SMS of a one-time code, sent by the durable outbox: the gateway busy (429, 5xx, statuscode a/b/r/*) =
 * retried with back-off (its Retry-After honoured); refused for good = dead at once, visible to gaa. The code
 * id is the gateway's clientid, so a retry after a lost answer sends one SMS (Duplicate=Y). A code that expired
 * while it waited is not sent.
 */
export const registerSmsOtpJob = (app: FastifyInstance, sms: SmsGateway | null) => {
  app.outbox.handle(SMS_OTP_JOB, async (job) => {
    if (!sms) throw new PermanentFailure('SMS_URL is not configured');
    const { codeId, to, text } = job.payload as { codeId: number; to: string; text: string };
    if (!(await codeStillValid(app.database.db, codeId)))
      throw new PermanentFailure('the code expired before its SMS could be sent');
    const answer = await sms.send({ to, text: app.secretBox.open(text), clientId: `shopdesk-otp-${codeId}` });
    if (answer.kind === 'sent') return;
    if (answer.kind === 'retry') throw new RetryLater(answer.reason, answer.retryAfterMs);
    throw new PermanentFailure(answer.reason);
  });
};
