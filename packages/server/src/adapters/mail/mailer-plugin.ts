import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client';
import { createCaptureMailer } from './capture-mailer';
import type { Mailer } from './mailer';
import { createSmtpMailer } from './smtp-mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** Production without SMTP_URL: every send fails with the reason. */
export const unconfiguredMailer: Mailer = {
  mode: 'unconfigured',
  send: async () => {
    throw new Error('SMTP_URL is not configured: e-mail cannot be sent');
  },
};

const DEFAULT_FROM = 'Shopdesk <no-reply@shopdesk.local>';

/** Decorates the app with its mailer, chosen once at start from the configuration (SMTP_URL). */
export const mailerPlugin = fp(
  async (app: FastifyInstance, opts: { db: Db }) => {
    const { smtpUrl, mailFrom } = app.appConfig;
    // never the local capture in production: a reset mail that nobody receives must fail, not "succeed"
    const mailer: Mailer = smtpUrl
      ? createSmtpMailer(smtpUrl, mailFrom ?? DEFAULT_FROM)
      : app.appConfig.nodeEnv === 'production'
        ? unconfiguredMailer
        : createCaptureMailer(opts.db);
    if (mailer.mode === 'unconfigured')
      app.log.error('SMTP_URL unset in production: no e-mail is sent (each waits in the outbox)');
    app.decorate('mailer', mailer);
    app.log.info({ mode: mailer.mode }, 'mailer ready');
  },
  { name: 'mailer' },
);
