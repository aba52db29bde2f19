import { z } from 'zod';
import { PG_INT, TEXT_LIMITS, TEXT_MAX, zId, zQueryId, zQueryInt, zText } from '../../../common/bounds';
import { msg } from '../../../common/errors';
import { defineOperation } from '../../../common/operation';
import { isTaiwanPhone, TW_NUMBER_MESSAGES } from '../../../common/tw-numbers';
import { isValidTaxId } from '../../payments/einvoice/tax-id';
import { EMAIL_MESSAGES } from '../mail/email-list';

/**
 * Store-opening applications (spec 000 §2 /registrations, /registrations/{id}: routes only;
 * docs/decisions/platform.md "Portals, applications and SI mail templates"). A public form creates one; gaa works it
 * through the states below and opens the shop with the wizard, which marks it opened.
 */
export const REGISTRATION_STATUSES = ['new', 'contacted', 'approved', 'rejected', 'opened'] as const;
export const ZRegistrationStatus = z.enum(REGISTRATION_STATUSES);
export type TRegistrationStatus = z.infer<typeof ZRegistrationStatus>;

/**
 * Where gaa may move an application by hand. `opened` is reached only through the wizard's Finish (it links
 * the new shop), and an opened application is final. A rejected one may be taken up again.
 */
export const REGISTRATION_MOVES: Record<TRegistrationStatus, readonly TRegistrationStatus[]> = {
  new: ['contacted', 'approved', 'rejected'],
  contacted: ['approved', 'rejected'],
  approved: ['contacted', 'rejected'],
  rejected: ['contacted'],
  opened: [],
};
export const mayMoveRegistration = (from: TRegistrationStatus, to: TRegistrationStatus) =>
  REGISTRATION_MOVES[from].includes(to);
/** The wizard may open only an approved application. */
export const REGISTRATION_OPENABLE: TRegistrationStatus = 'approved';

export const REGISTRATION_STATUS_LABELS = {
  new: msg('新申請', 'New'),
  contacted: msg('已聯絡', 'Contacted'),
  approved: msg('已核准', 'Approved'),
  rejected: msg('已拒絕', 'Rejected'),
  opened: msg('已開店', 'Opened'),
} as const;

export const REGISTRATION_FIELD_LABELS = {
  shopName: msg('商店名稱', 'Shop name'),
  contactName: msg('聯絡人', 'Contact person'),
  email: msg('電子郵件', 'E-mail'),
  phone: msg('聯絡電話', 'Phone'),
  taxId: msg('統一編號', 'Tax ID'),
  address: msg('商店地址', 'Shop address'),
  planId: msg('方案', 'Plan'),
  message: msg('備註', 'Message'),
} as const;

export const REGISTRATION_MESSAGES = {
  received: msg(
    '已收到您的申請，我們將以電子郵件與您聯絡。',
    'Your application is received; we will contact you by e-mail.',
  ),
  badMove: (from: TRegistrationStatus, to: TRegistrationStatus) =>
    msg(
      `無法由「${REGISTRATION_STATUS_LABELS[from].zh}」改為「${REGISTRATION_STATUS_LABELS[to].zh}」`,
      `Cannot move from ${REGISTRATION_STATUS_LABELS[from].en} to ${REGISTRATION_STATUS_LABELS[to].en}`,
    ),
  notOpenable: msg('只有已核准的申請可以開店', 'Only an approved application can be opened'),
  unknownPlan: msg('請選擇方案', 'Please choose a plan'),
  unknownSi: msg('申請連結無效', 'The application link is not valid'),
  statusSaved: msg('已更新狀態並通知申請人', 'Status updated; the applicant is notified'),
} as const;

const L = REGISTRATION_FIELD_LABELS;
const need = (l: { zh: string }) => `請輸入${l.zh}`;
const text = (l: { zh: string }, max: number) =>
  zText(TEXT_MAX.url, { error: need(l) })
    .trim()
    .min(1, need(l))
    .max(max, `${l.zh}最多${max}個字`);

/** The public application form (also the body of the public call). */
export const ZRegistrationInput = z.object({
  shopName: text(L.shopName, TEXT_LIMITS.businessName),
  contactName: text(L.contactName, TEXT_LIMITS.accountName),
  email: text(L.email, TEXT_LIMITS.email).pipe(z.email(EMAIL_MESSAGES.emailInvalid.zh)),
  phone: text(L.phone, TEXT_LIMITS.phone).refine(isTaiwanPhone, TW_NUMBER_MESSAGES.phone.zh),
  // spec 000 §9 invoice: 8 characters; the 統一編號 checksum (2023 rule, divisor 5)
  taxId: zText(TEXT_LIMITS.invoice, { error: need(L.taxId) })
    .trim()
    .min(1, need(L.taxId))
    .refine(isValidTaxId, TW_NUMBER_MESSAGES.taxId.zh),
  address: text(L.address, TEXT_LIMITS.address),
  planId: zId(),
  message: zText(TEXT_MAX.note).trim().default(''),
  /** The SI whose link the applicant followed (/pub/apply?si=quickclick); empty = the platform's own. */
  si: zText(TEXT_MAX.code).trim().default(''),
});
export type TRegistrationInput = z.input<typeof ZRegistrationInput>;

export const ZRegistration = z.object({
  id: z.number().int(),
  status: ZRegistrationStatus,
  shopName: zText(),
  contactName: zText(),
  email: zText(),
  phone: zText(),
  taxId: zText(),
  address: zText(),
  planId: z.number().int(),
  planName: zText(),
  message: zText(),
  siAccountId: z.number().int().nullable(),
  siName: zText().nullable(),
  /** The shop the wizard opened (status opened). */
  shopId: z.number().int().nullable(),
  createdAt: zText(),
  updatedAt: zText(),
});
export type TRegistration = z.infer<typeof ZRegistration>;

export const ZRegistrationEvent = z.object({
  status: ZRegistrationStatus,
  note: zText(),
  byName: zText().nullable(),
  at: zText(),
});
export type TRegistrationEvent = z.infer<typeof ZRegistrationEvent>;

const SPEC = '000 §2 /registrations (ours)';
export const REGISTRATION_RATE_LIMIT = { max: 5, timeWindow: '10 minutes' } as const;

export const registrationPlansOp = defineOperation({
  method: 'GET',
  path: '/public/registration-plans',
  summary: 'The contract plans an applicant chooses from, and the SI of the link',
  spec: SPEC,
  allow: 'public',
  query: z.object({ si: zText(TEXT_MAX.code).trim().optional() }),
  response: z.object({
    plans: z.array(z.object({ id: z.number().int(), plan: zText() })),
    siName: zText().nullable(),
  }),
});
export const submitRegistrationOp = defineOperation({
  method: 'POST',
  path: '/public/registrations',
  summary: 'A store-opening application from the public form (rate-limited per address)',
  spec: SPEC,
  allow: 'public',
  body: ZRegistrationInput,
  response: z.object({ id: z.number().int() }),
  status: 201,
});
export const listRegistrationsOp = defineOperation({
  method: 'GET',
  path: '/gaa/registrations',
  summary: 'Applications, newest first, by status and search (shop, contact, e-mail, phone, tax id)',
  spec: SPEC,
  allow: ['gaa'],
  query: z.object({
    status: ZRegistrationStatus.optional(),
    q: zText(TEXT_MAX.search).trim().optional(),
    offset: zQueryInt(0, PG_INT.max).default(0),
    limit: zQueryInt(1, 100).default(20),
  }),
  response: z.object({
    total: z.number().int(),
    rows: z.array(ZRegistration),
    counts: z.record(ZRegistrationStatus, z.number().int()),
  }),
});
export const getRegistrationOp = defineOperation({
  method: 'GET',
  path: '/gaa/registrations/:id',
  summary: 'One application with its history',
  spec: SPEC,
  allow: ['gaa'],
  params: z.object({ id: zQueryId() }),
  response: z.object({ registration: ZRegistration, history: z.array(ZRegistrationEvent) }),
});
export const ZRegistrationMove = z.object({
  status: ZRegistrationStatus.exclude(['opened', 'new']),
  note: zText(TEXT_MAX.note).trim().default(''),
});
export type TRegistrationMove = z.input<typeof ZRegistrationMove>;
export const moveRegistrationOp = defineOperation({
  method: 'POST',
  path: '/gaa/registrations/:id/status',
  summary: 'Change the status with a note; the applicant is mailed (through the outbox)',
  spec: SPEC,
  allow: ['gaa'],
  params: z.object({ id: zQueryId() }),
  body: ZRegistrationMove,
  response: z.object({ registration: ZRegistration }),
});

/** The wizard's fields an application fills in (/gaa/business/wizard?registrationId=…). */
export const registrationWizardPrefill = (r: TRegistration) => ({
  account: { accountName: r.shopName },
  business: {
    businessName: r.shopName,
    email: r.email,
    phone: r.phone,
    address: r.address,
    bossEmail: r.email,
    bossPhone: r.phone,
    invoice: r.taxId,
  },
  siAccountId: r.siAccountId ?? undefined,
});
