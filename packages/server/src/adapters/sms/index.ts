import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { listenSimulator } from '../simulator-host';
import { createMitakeClient, type SmsGateway } from './client';
import { createSmsSimulator, type SmsSimulator } from './simulator';

export * from './client';
export { createSmsSimulator, type SimulatedSms, type SmsSimulator } from './simulator';

/**
 * The SMS gateway by configuration: SMS_URL + SMS_USERNAME + SMS_PASSWORD = Mitake's SmSend; unset outside
 * production = the local gateway simulator with fresh credentials (its url logged); production without it:
 * null, and the caller refuses visibly (docs/decisions/customer-app.md "SMS verification").
 */
export const startSms = async (
  app: FastifyInstance,
  cfg: { url?: string; username?: string; password?: string; nodeEnv: string },
): Promise<(SmsGateway & { simulator?: SmsSimulator }) | null> => {
  const given = [cfg.url, cfg.username, cfg.password].filter(Boolean).length;
  if (given > 0 && given < 3)
    throw new Error('SMS_URL, SMS_USERNAME and SMS_PASSWORD go together: set all three or none');
  if (cfg.url && cfg.username && cfg.password)
    return createMitakeClient({ url: cfg.url, username: cfg.username, password: cfg.password });
  if (cfg.nodeEnv === 'production') return null;
  const creds = { username: 'shopdesk-sim', password: randomBytes(18).toString('base64url') };
  const simulator = createSmsSimulator(creds);
  const host = await listenSimulator(simulator.app, 0);
  app.addHook('onClose', host.close);
  app.log.warn(
    { url: host.url },
    'SMS_URL unset: text messages go to the local SMS gateway simulator (GET /__sim/messages lists them)',
  );
  return { ...createMitakeClient({ url: host.url, ...creds }), simulator };
};
