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

const DEFAULT_FROM = 'Shopdesk <no-reply@shopdesk.local>';

/** Decorates the app with its mailer, chosen once at start from the configuration (SMTP_URL). */
export const mailerPlugin = fp(
  async (app: FastifyInstance, opts: { db: Db }) => {
    const { smtpUrl, mailFrom } = app.appConfig;
    const mailer = smtpUrl
      ? createSmtpMailer(smtpUrl, mailFrom ?? DEFAULT_FROM)
      : createCaptureMailer(opts.db);
    app.decorate('mailer', mailer);
    app.log.info({ mode: mailer.mode }, 'mailer ready');
  },
  { name: 'mailer' },
);
