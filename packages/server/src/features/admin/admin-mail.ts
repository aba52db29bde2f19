import type { TUserType } from '@shopdesk/contract';
import { PASSWORD_TOKEN_HOURS } from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import { renderMail } from '../../adapters/mail/render-mail';
import type { Db } from '../../db/client';
import { enqueueOutbox, PermanentFailure } from '../../jobs/outbox';

/**
 * Account e-mails (invitation, password reset) go through the durable outbox: the request writes the user,
 * the token and the mail job in one transaction, and the job sends later (retried on failure). So a mail
 * server that fails never leaves a half-created user, and a rolled-back request never sends a mail.
 */
export const SEND_MAIL_JOB = 'mail.send';

const PORTAL_NAMES: Record<TUserType, string> = {
  gaa: '管理員後台 Administrator console',
  si: 'SI 後台 Integrator console',
  eaa: '商店後台 Store console',
  line: '店長後台 Shop-manager console',
};

/** The link a set-password mail carries: the portal's login page, which shows the set-password form. */
export const setPasswordLink = (base: string, type: TUserType, token: string) =>
  `${base}/${type}-login?setPassword=${encodeURIComponent(token)}`;

export const enqueuePasswordMail = async (
  tx: Db,
  input: { to: string; name: string; type: TUserType; link: string; purpose: 'invite' | 'reset' },
) => {
  const hours = PASSWORD_TOKEN_HOURS[input.purpose];
  const title =
    input.purpose === 'invite'
      ? 'Shopdesk 帳號邀請：請設定密碼 / You are invited: set your password'
      : 'Shopdesk 重設密碼 / Reset your password';
  const { text, html } = renderMail({
    title,
    rows: [
      { label: '姓名 Name', value: input.name },
      { label: '帳號 E-mail', value: input.to },
      { label: '後台 Console', value: PORTAL_NAMES[input.type] },
      { label: '設定密碼 Set password', value: input.link, href: input.link },
    ],
    note: `連結 ${hours} 小時內有效，只能使用一次。The link is valid for ${hours} hour${hours === 1 ? '' : 's'} and works once.`,
  });
  await enqueueOutbox(tx, { kind: SEND_MAIL_JOB, payload: { to: input.to, subject: title, text, html } });
};

/** The outbox handler: hands the message to the mailer (SMTP, or the captured outbox in development). */
export const registerMailJob = (app: FastifyInstance) => {
  app.outbox.handle(SEND_MAIL_JOB, async (job) => {
    const p = job.payload as { to?: string; subject?: string; text?: string; html?: string };
    if (!p.to || !p.subject || !p.text || !p.html) throw new PermanentFailure('malformed mail job');
    await app.mailer.send({ to: p.to, subject: p.subject, text: p.text, html: p.html });
  });
};
