import { z } from 'zod';
import { defineOperation } from '../../../common/operation';
import { ZPagingQuery } from '../../../common/paging';

/** One e-mail kept by the local capture (SMTP_URL unset): what would have been sent. */
export const ZOutboxMail = z.object({
  id: z.number().int(),
  to: z.string(),
  bcc: z.array(z.string()),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});
export type TOutboxMail = z.infer<typeof ZOutboxMail>;

export const ZMailOutboxResponse = z.object({
  /** capture = mails are kept in the outbox; smtp = they leave through SMTP_URL and are not kept. */
  mode: z.enum(['capture', 'smtp', 'unconfigured']),
  total: z.number().int(),
  mails: z.array(ZOutboxMail),
});
export type TMailOutboxResponse = z.infer<typeof ZMailOutboxResponse>;

// Not in the spec: the gaa console page of the local mail capture (docs/decisions/platform.md "Mail").
export const mailOutboxOp = defineOperation({
  method: 'GET',
  path: '/gaa/dev/mail-outbox',
  summary: 'E-mails kept by the local mail capture, newest first',
  allow: ['gaa'],
  query: ZPagingQuery,
  response: ZMailOutboxResponse,
});
