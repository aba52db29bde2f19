import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { Mailer } from './mailer';

/** Keeps every message in mail_outbox instead of sending it (SMTP_URL unset): never a silent no-op. */
export const createCaptureMailer = (db: Db): Mailer => ({
  mode: 'capture',
  send: async (m) => {
    await db.insert(mailOutbox).values({
      to: m.to,
      bcc: m.bcc ?? [],
      subject: m.subject,
      text: m.text,
      html: m.html,
    });
  },
});
