import {
  REGISTRATION_STATUS_LABELS,
  type TMailTemplateKind,
  type TRegistration,
  type TRegistrationStatus,
} from '@shopdesk/contract';
import type { Db } from '../../../db/client';
import { enqueueOutbox } from '../../../jobs/outbox';
import { SEND_MAIL_JOB } from '../admin/admin-mail';
import { composeMail, templateFor } from '../mail-templates/template-store';

export const REGISTRATION_MAIL_KIND: Record<TRegistrationStatus, TMailTemplateKind> = {
  new: 'registrationNew',
  contacted: 'registrationContacted',
  approved: 'registrationApproved',
  rejected: 'registrationRejected',
  opened: 'registrationOpened',
};

type TMailFacts = Pick<
  TRegistration,
  'shopName' | 'contactName' | 'siName' | 'planName' | 'status' | 'shopId' | 'email' | 'phone'
>;

/** The applicant's mail of a status, in the SI's wording (or the default), with the application's facts. */
export const registrationMail = (
  template: Parameters<typeof composeMail>[0],
  r: TMailFacts,
  note: string,
  base: string,
) => {
  const status = REGISTRATION_STATUS_LABELS[r.status];
  const link = r.shopId ? `${base}/shop/${r.shopId}` : '';
  return composeMail(
    template,
    {
      shopName: r.shopName,
      contactName: r.contactName,
      siName: r.siName,
      planName: r.planName,
      status: `${status.zh} ${status.en}`,
      note,
      shopId: r.shopId,
      link,
    },
    [
      { label: '商店名稱 Shop', value: r.shopName },
      { label: '方案 Plan', value: r.planName },
      { label: '狀態 Status', value: `${status.zh} ${status.en}` },
      ...(note ? [{ label: '說明 Note', value: note }] : []),
      ...(link ? [{ label: '點餐頁 Ordering page', value: link, href: link }] : []),
    ],
  );
};

/** Queues the applicant's mail in the caller's transaction (the durable outbox sends it later). */
export const enqueueRegistrationMail = async (
  tx: Db,
  r: TMailFacts & { siAccountId: number | null },
  note: string,
  base: string,
) => {
  const template = await templateFor(tx, r.siAccountId, REGISTRATION_MAIL_KIND[r.status]);
  const mail = registrationMail(template, r, note, base);
  await enqueueOutbox(tx, { kind: SEND_MAIL_JOB, payload: { to: r.email, ...mail } });
};
