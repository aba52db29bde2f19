import { z } from 'zod';
import { PG_INT, zQueryId } from '../../../common/bounds';
import { msg } from '../../../common/errors';
import { defineOperation } from '../../../common/operation';
import { EMAIL_MESSAGES, ZEmailAddress } from '../../platform/mail/email-list';

export const WEEKLY_REPORT_MESSAGES = {
  // spec 002 §8 Weekly report
  queued: msg('報表稍後將寄出。', 'The report will be sent shortly.'),
  rangeRequired: msg('請選擇日期區間', 'Please choose a date range'),
  fromAfterTo: msg('開始日期不可晚於結束日期', 'The start date may not be after the end date'),
  rangeTooLong: msg('日期區間最多 31 天', 'The date range may not exceed 31 days'),
} as const;

/** Longest period a report covers (spec 000 §5: order queries are limited to 31 days). */
export const WEEKLY_REPORT_MAX_DAYS = 31;

const ZUnixSeconds = z
  .number({ error: WEEKLY_REPORT_MESSAGES.rangeRequired.zh })
  .int()
  .min(0)
  .max(PG_INT.max);

/** Weekly report request (spec 002 §3): from, to (unix seconds), one recipient, BCCs (spec 002 §5). */
export const ZSendWeeklyReportRequest = z
  .object({
    from: ZUnixSeconds,
    to: ZUnixSeconds,
    recipient: ZEmailAddress(),
    bccs: z.array(ZEmailAddress(EMAIL_MESSAGES.bccInvalid.zh)).max(20).default([]),
  })
  .superRefine((b, ctx) => {
    if (b.from > b.to)
      ctx.addIssue({ code: 'custom', path: ['from'], message: WEEKLY_REPORT_MESSAGES.fromAfterTo.zh });
    else if (b.to - b.from > WEEKLY_REPORT_MAX_DAYS * 86_400)
      ctx.addIssue({ code: 'custom', path: ['to'], message: WEEKLY_REPORT_MESSAGES.rangeTooLong.zh });
  });
export type TSendWeeklyReportRequest = z.input<typeof ZSendWeeklyReportRequest>;

// spec 002 §7 Weekly report; gaa only (spec 002 §6)
export const sendWeeklyReportOp = defineOperation({
  method: 'POST',
  path: '/gaa/report/:accountId/send-email',
  summary: 'Send the weekly report of a shop by e-mail (answers at once, sends after)',
  spec: '002 §7 Weekly report',
  allow: ['gaa'],
  params: z.object({ accountId: zQueryId() }),
  body: ZSendWeeklyReportRequest,
  response: z.object({ queued: z.literal(true) }),
  status: 202,
});
