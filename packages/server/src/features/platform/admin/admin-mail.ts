import type { TUserType } from '@shopdesk/contract';
import { PASSWORD_TOKEN_HOURS } from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { enqueueOutbox, PermanentFailure } from '../../../jobs/outbox';
import { composeMail, siNameOf, siOfUserEmail, templateFor } from '../mail-templates/template-store';

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
  `${base}/console/${type}-login?setPassword=${encodeURIComponent(token)}`;

type TPasswordMail = {
  to: string;
  name: string;
  type: TUserType;
  link: string;
  purpose: 'invite' | 'reset';
  hours: number;
  siName: string | null;
};

/** The set-password mail in a template's wording, with the facts in a table below. */
export const passwordMail = (template: Parameters<typeof composeMail>[0], m: TPasswordMail) =>
  composeMail(
    template,
    {
      name: m.name,
      email: m.to,
      siName: m.siName,
      purpose: m.purpose === 'invite' ? '帳號邀請 Invitation' : '重設密碼 Password reset',
      console: PORTAL_NAMES[m.type],
      link: m.link,
      hours: m.hours,
    },
    [
      { label: '姓名 Name', value: m.name },
      { label: '帳號 E-mail', value: m.to },
      { label: '後台 Console', value: PORTAL_NAMES[m.type] },
      { label: '設定密碼 Set password', value: m.link, href: m.link },
    ],
    `連結 ${m.hours} 小時內有效，只能使用一次。The link is valid for ${m.hours} hour${m.hours === 1 ? '' : 's'} and works once.`,
  );

export const enqueuePasswordMail = async (
  tx: Db,
  input: { to: string; name: string; type: TUserType; link: string; purpose: 'invite' | 'reset' },
) => {
  // in the wording of the user's SI (si users, owners and managers of an SI's shops), else the default
  const si = await siOfUserEmail(tx, input.to);
  const mail = passwordMail(await templateFor(tx, si, 'setPassword'), {
    ...input,
    hours: PASSWORD_TOKEN_HOURS[input.purpose],
    siName: await siNameOf(tx, si),
  });
  await enqueueOutbox(tx, { kind: SEND_MAIL_JOB, payload: { to: input.to, ...mail } });
};

/** The outbox handler: hands the message to the mailer (SMTP, or the captured outbox in development). */
export const registerMailJob = (app: FastifyInstance) => {
  app.outbox.handle(SEND_MAIL_JOB, async (job) => {
    const p = job.payload as { to?: string; subject?: string; text?: string; html?: string };
    if (!p.to || !p.subject || !p.text || !p.html) throw new PermanentFailure('malformed mail job');
    await app.mailer.send({ to: p.to, subject: p.subject, text: p.text, html: p.html });
  });
};
