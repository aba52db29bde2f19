/** One e-mail as the console sends it. `html` and `text` carry the same content (clients pick one). */
export type MailMessage = {
  to: string;
  bcc?: string[];
  subject: string;
  text: string;
  html: string;
};

/**
 * The one way the server sends e-mail. `smtp` delivers through SMTP_URL; `capture` (SMTP_URL unset:
 * development and tests) keeps each message in the mail_outbox table so it can be read at /other/mail-outbox.
 */
export type Mailer = {
  /** `unconfigured`: production without SMTP_URL; every send fails (the outbox keeps the mail, visibly). */
  mode: 'smtp' | 'capture' | 'unconfigured';
  send: (message: MailMessage) => Promise<void>;
};
