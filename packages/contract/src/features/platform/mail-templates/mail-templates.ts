import { z } from 'zod';
import { zId, zQueryId, zText } from '../../../common/bounds';
import { msg } from '../../../common/errors';
import { defineOperation } from '../../../common/operation';
import { ZEmailAddress } from '../mail/email-list';
import { unknownPlaceholders } from './placeholders';

/**
 * /si-email-template (spec 000 §2 names the route, gaa and si): each SI edits the subject and body
 * of the mails sent on its behalf. A kind without a saved template sends the default below (which, for the
 * mails that existed before, is what they always said). docs/decisions/platform.md "Portals, applications and SI mail
 * templates".
 */
export const MAIL_TEMPLATE_KINDS = [
  'shopInfo',
  'weeklyReport',
  'setPassword',
  'registrationNew',
  'registrationContacted',
  'registrationApproved',
  'registrationRejected',
  'registrationOpened',
] as const;
export const ZMailTemplateKind = z.enum(MAIL_TEMPLATE_KINDS);
export type TMailTemplateKind = z.infer<typeof ZMailTemplateKind>;

/** The placeholders each kind offers (the values the sending code has). */
export const MAIL_PLACEHOLDERS: Record<TMailTemplateKind, readonly string[]> = {
  shopInfo: ['shopName', 'shopId', 'siName', 'code', 'link'],
  weeklyReport: ['shopName', 'shopId', 'siName', 'period', 'orders', 'revenue'],
  setPassword: ['name', 'email', 'siName', 'purpose', 'console', 'link', 'hours'],
  registrationNew: ['shopName', 'contactName', 'siName', 'planName', 'status', 'note'],
  registrationContacted: ['shopName', 'contactName', 'siName', 'planName', 'status', 'note'],
  registrationApproved: ['shopName', 'contactName', 'siName', 'planName', 'status', 'note'],
  registrationRejected: ['shopName', 'contactName', 'siName', 'planName', 'status', 'note'],
  registrationOpened: ['shopName', 'contactName', 'siName', 'planName', 'status', 'note', 'shopId', 'link'],
};

export const MAIL_TEMPLATE_LIMITS = { subject: 150, body: 5000 } as const;

type TTemplate = { subject: string; body: string };
/** The defaults: what a mail says when its SI has not written its own (or the shop has no SI). */
export const DEFAULT_MAIL_TEMPLATES: Record<TMailTemplateKind, TTemplate> = {
  shopInfo: {
    subject: '【商店資訊】{shopName}',
    body: '您好，以下是「{shopName}」的商店資訊與網址。\nHere are the details and links of {shopName}.',
  },
  weeklyReport: {
    subject: '【週報】{shopName} {period}',
    body: '「{shopName}」{period} 的營運週報如下。\nThe weekly report of {shopName} for {period}.',
  },
  setPassword: {
    subject: 'Shopdesk {purpose}：請設定密碼 / Set your password',
    body: '{name} 您好，請以下方連結設定密碼（{hours} 小時內有效）：\n{link}\nHello {name}, set your password with the link above (valid {hours} h).',
  },
  registrationNew: {
    subject: '【開店申請】已收到「{shopName}」的申請',
    body: '{contactName} 您好：\n我們已收到「{shopName}」的開店申請（方案：{planName}），將盡快與您聯絡。\nWe have received your application for {shopName} and will contact you soon.',
  },
  registrationContacted: {
    subject: '【開店申請】「{shopName}」申請處理中',
    body: '{contactName} 您好：\n您的開店申請正在處理中。{note}\nYour application for {shopName} is being processed.',
  },
  registrationApproved: {
    subject: '【開店申請】「{shopName}」申請已核准',
    body: '{contactName} 您好：\n您的開店申請已核准，我們正在為您開設商店。{note}\nYour application for {shopName} is approved; we are opening your shop.',
  },
  registrationRejected: {
    subject: '【開店申請】「{shopName}」申請結果通知',
    body: '{contactName} 您好：\n很抱歉，您的開店申請未能核准。{note}\nWe are sorry: your application for {shopName} was not approved.',
  },
  registrationOpened: {
    subject: '【開店完成】「{shopName}」已開通',
    body: '{contactName} 您好：\n您的商店已開通（商店編號 {shopId}），點餐頁：{link}\nYour shop is open (#{shopId}); ordering page: {link}',
  },
};

export const MAIL_TEMPLATE_MESSAGES = {
  unknownPlaceholder: (names: string[]) =>
    msg(
      `不支援的替代欄位：${names.map((n) => `{${n}}`).join('、')}`,
      `Unknown placeholder(s): ${names.map((n) => `{${n}}`).join(', ')}`,
    ),
  subjectRequired: msg('請輸入主旨', 'Please enter a subject'),
  bodyRequired: msg('請輸入內容', 'Please enter a body'),
  chooseSi: msg('請選擇SI', 'Please choose an SI'),
  saved: msg('已儲存範本', 'Template saved'),
  reset: msg('已恢復預設範本', 'Default template restored'),
  testQueued: msg('測試信已排入寄送', 'The test mail is queued'),
  shopNotOfSi: msg('此商店不屬於此SI', 'This shop does not belong to this SI'),
} as const;

const ZTemplateText = z.object({
  subject: zText(MAIL_TEMPLATE_LIMITS.subject).trim().min(1, MAIL_TEMPLATE_MESSAGES.subjectRequired.zh),
  body: zText(MAIL_TEMPLATE_LIMITS.body).trim().min(1, MAIL_TEMPLATE_MESSAGES.bodyRequired.zh),
});

/** The unknown placeholders of a subject + body of one kind, or null. Run by the editor and the server. */
export const templateProblem = (kind: TMailTemplateKind, t: TTemplate) => {
  const bad = unknownPlaceholders(`${t.subject}\n${t.body}`, MAIL_PLACEHOLDERS[kind]);
  return bad.length ? MAIL_TEMPLATE_MESSAGES.unknownPlaceholder(bad) : null;
};

export const ZMailTemplate = z.object({
  kind: ZMailTemplateKind,
  subject: zText(),
  body: zText(),
  /** false: the default is in use. */
  custom: z.boolean(),
  updatedAt: zText().nullable(),
});
export type TMailTemplate = z.infer<typeof ZMailTemplate>;

/** {type} is the caller's portal (gaa or si, routes.tsv); gaa names the SI, an si always edits its own. */
export const ZMailTemplatePortal = z.enum(['gaa', 'si']);
const ZTypeParams = z.object({ type: ZMailTemplatePortal });
const ZKindParams = ZTypeParams.extend({ kind: ZMailTemplateKind });
const ZSiQuery = z.object({ siAccountId: zQueryId().optional() });
const SPEC = '000 §2 /si-email-template (ours)';

export const listMailTemplatesOp = defineOperation({
  method: 'GET',
  path: '/:type/si-mail-templates',
  summary: "An SI's mail templates, each kind saved or default",
  spec: SPEC,
  allow: ['gaa', 'si'],
  params: ZTypeParams,
  query: ZSiQuery,
  response: z.object({
    siAccountId: z.number().int(),
    siName: zText(),
    templates: z.array(ZMailTemplate),
    /** The SI's shops (first 100 by id) to preview with. */
    shops: z.array(z.object({ id: z.number().int(), name: zText() })),
  }),
});
export const saveMailTemplateOp = defineOperation({
  method: 'PUT',
  path: '/:type/si-mail-templates/:kind',
  summary: "Save an SI's template of one kind",
  spec: SPEC,
  allow: ['gaa', 'si'],
  params: ZKindParams,
  body: ZTemplateText.extend({ siAccountId: zId().optional() }),
  response: z.object({ template: ZMailTemplate }),
});
export const resetMailTemplateOp = defineOperation({
  method: 'DELETE',
  path: '/:type/si-mail-templates/:kind',
  summary: "Drop an SI's template of one kind: the default is sent again",
  spec: SPEC,
  allow: ['gaa', 'si'],
  params: ZKindParams,
  query: ZSiQuery,
  response: z.object({ template: ZMailTemplate }),
});
const ZPreviewBody = ZTemplateText.extend({ siAccountId: zId().optional(), shopId: zId() });
export const ZMailPreview = z.object({ subject: zText(), text: zText(), html: zText() });
export const previewMailTemplateOp = defineOperation({
  method: 'POST',
  path: '/:type/si-mail-templates/:kind/preview',
  summary: 'Render a (not yet saved) template with a real shop of the SI',
  spec: SPEC,
  allow: ['gaa', 'si'],
  params: ZKindParams,
  body: ZPreviewBody,
  response: z.object({ preview: ZMailPreview }),
});
export const testMailTemplateOp = defineOperation({
  method: 'POST',
  path: '/:type/si-mail-templates/:kind/test',
  summary: 'Send the rendered template to one address through the mail outbox',
  spec: SPEC,
  allow: ['gaa', 'si'],
  params: ZKindParams,
  body: ZPreviewBody.extend({ recipient: ZEmailAddress() }),
  response: z.object({ queued: z.literal(true) }),
});
