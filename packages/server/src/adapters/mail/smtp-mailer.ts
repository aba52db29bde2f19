import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';

/** Sends through the SMTP server of SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export const createSmtpMailer = (smtpUrl: string, from: string): Mailer => {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    mode: 'smtp',
    send: async (m) => {
      await transport.sendMail({
        from,
        to: m.to,
        bcc: m.bcc && m.bcc.length > 0 ? m.bcc : undefined,
        subject: m.subject,
        text: m.text,
        html: m.html,
      });
    },
  };
};
