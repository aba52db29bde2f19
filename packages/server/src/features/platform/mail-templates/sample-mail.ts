import {
  PASSWORD_TOKEN_HOURS,
  previousIsoWeek,
  type TMailTemplateKind,
  type TRegistrationStatus,
} from '@shopdesk/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { accounts, businesses, contractPlans, users } from '../../../db/schema';
import { weeklyFigures } from '../../reports/weekly-report/weekly-figures';
import { weeklyReportMail } from '../../reports/weekly-report/weekly-report-mail';
import { passwordMail } from '../admin/admin-mail';
import { loadShopInfo, shopInfoMail } from '../mail/shop-info';
import { registrationMail } from '../registrations/registration-mail';

const REGISTRATION_KINDS: Partial<Record<TMailTemplateKind, TRegistrationStatus>> = {
  registrationNew: 'new',
  registrationContacted: 'contacted',
  registrationApproved: 'approved',
  registrationRejected: 'rejected',
  registrationOpened: 'opened',
};

/**
 * A mail of the kind filled with a real shop's data (the preview and the test send): the same composing
 * code the real mail uses, so what the SI sees is what the applicant or the shop gets.
 */
export const sampleMail = async (
  db: Db,
  template: { kind: TMailTemplateKind; subject: string; body: string },
  accountId: number,
  si: { id: number; displayName: string },
  base: string,
) => {
  const t = { template, siName: si.displayName };
  const [shop] = await db
    .select({ name: businesses.name, email: businesses.email, phone: businesses.phone, owner: users.name })
    .from(accounts)
    .innerJoin(businesses, eq(businesses.accountId, accounts.id))
    .leftJoin(users, eq(users.id, accounts.ownerUserId))
    .where(eq(accounts.id, accountId));
  const shopName = shop?.name ?? `#${accountId}`;
  const kind = template.kind;
  if (kind === 'shopInfo') return shopInfoMail(await loadShopInfo(db, accountId, base), t);
  if (kind === 'weeklyReport') {
    const { from, to } = previousIsoWeek();
    const figures = await weeklyFigures(db, accountId, new Date(from * 1000), new Date(to * 1000));
    return weeklyReportMail({ accountId, shopName, from, to, figures, ...t });
  }
  if (kind === 'setPassword')
    return passwordMail(template, {
      to: shop?.email || 'owner@example.com',
      name: shop?.owner ?? '王小明',
      type: 'eaa',
      link: `${base}/console/eaa-login?setPassword=SAMPLE`,
      hours: PASSWORD_TOKEN_HOURS.invite,
      purpose: 'invite',
      siName: si.displayName,
    });
  const [plan] = await db.select().from(contractPlans).orderBy(asc(contractPlans.id)).limit(1);
  const status = REGISTRATION_KINDS[kind]!;
  return registrationMail(
    template,
    {
      shopName,
      contactName: shop?.owner ?? '王小明',
      siName: si.displayName,
      planName: plan?.plan ?? '標準方案',
      status,
      shopId: status === 'opened' ? accountId : null,
      email: shop?.email ?? '',
      phone: shop?.phone ?? '',
    },
    status === 'rejected' ? '（範例說明 sample note）' : '',
    base,
  );
};
