import { describePeriod } from '@shopdesk/contract';
import type { MailMessage } from '../../../adapters/mail/mailer';
import { composeMail } from '../../platform/mail-templates/template-store';
import type { WeeklyFigures } from './weekly-figures';

const NO_ORDERS = '本期間沒有訂單紀錄 (no orders recorded in this period)';

const money = (n: number) => `NT$ ${n.toLocaleString('en-US')}`;

/**
 * The weekly report e-mail in its SI's wording (template kind weeklyReport; default: subject with the shop
 * name and the week), and a table of the period's figures.
 */
export const weeklyReportMail = (input: {
  accountId: number;
  shopName: string;
  from: number;
  to: number;
  figures: WeeklyFigures;
  template: Parameters<typeof composeMail>[0];
  siName: string | null;
}): Omit<MailMessage, 'to' | 'bcc'> => {
  const p = describePeriod(input.from, input.to);
  const range = `${p.fromDate} ~ ${p.toDate}`;
  const week = p.isoWeek ? `${p.isoWeek} (${range})` : range;
  const { orderCount, revenue } = input.figures;
  return composeMail(
    input.template,
    {
      shopName: input.shopName,
      shopId: input.accountId,
      siName: input.siName,
      period: week,
      orders: orderCount,
      revenue: money(revenue),
    },
    [
      { label: '商店 Shop', value: `${input.shopName} (#${input.accountId})` },
      { label: '期間 Period', value: `${week}, Asia/Taipei` },
      { label: '訂單數 Orders', value: String(orderCount) },
      { label: '營業額 Revenue', value: money(revenue) },
      {
        label: '平均客單價 Average order',
        value: orderCount > 0 ? money(Math.round(revenue / orderCount)) : '—',
      },
    ],
    orderCount === 0 ? NO_ORDERS : undefined,
  );
};
