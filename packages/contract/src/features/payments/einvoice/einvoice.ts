import { z } from 'zod';
import { zId, zQueryId, zText } from '../../../common/bounds';
import { msg } from '../../../common/errors';
import { defineOperation } from '../../../common/operation';
import { isValidTaxId } from './tax-id';

/** Who works on the EInvoice tab: the settings page's portals (the server checks the shop). */
export const EINVOICE_USERS = ['gaa', 'si', 'eaa'] as const;

/** spec 001 §9: 30 ticket sets fetched after activation, 10 by hand. One set is 50 numbers (ours). */
export const EINVOICE_SETS = { afterActivation: 30, manual: 10, numbersPerSet: 50 } as const;
export const EINVOICE_LIMITS = { title: 8, text: 100 } as const;

export const EINVOICE_MESSAGES = {
  // spec 001 §5 / §8
  required: msg('必填', 'Required'),
  titleTooLong: msg('最多輸入 8 個字', 'please enter at most 8 characters'),
  sellerIdFormat: msg('格式錯誤，請輸入 6 個英數字', 'format error, please enter 6 letters/digits'),
  taxIdFormat: msg('格式錯誤，請輸入 8 位數字', 'format error, please enter 8 digits'),
  activated: msg('開通成功', 'Activated'),
  activationFailed: msg('開通失敗', 'Activation failed'),
  switchedOn: msg('修改成功(開啟)', 'Updated (on)'),
  switchedOff: msg('修改成功(關閉)', 'Updated (off)'),
  // spec 001 §8 "Setting update": the tab's settings (title, invoice printer, auto-issue switches)
  settingSaved: msg('設定成功', 'Settings updated'),
  settingFailed: msg('設定失敗', 'Settings update failed'),
  // ours (docs/decisions/payments.md "E-invoices")
  taxIdChecksum: msg('統一編號檢查碼錯誤', 'The tax ID fails its check digit'),
  printerSnFormat: msg('格式錯誤，請輸入 9 位數字', 'format error, please enter 9 digits'),
  uuidFormat: msg('格式錯誤，請輸入 UUID', 'format error, please enter a UUID'),
  carrierFormat: msg('手機條碼格式錯誤', 'The mobile barcode carrier is not valid'),
  notApplied: msg('此商店尚未申請電子發票', 'This shop has not applied for e-invoices'),
  alreadyApplied: msg('此商店已申請電子發票', 'This shop has already applied for e-invoices'),
  platformDown: msg('電子發票平台無法連線', 'The e-invoice platform cannot be reached'),
  fetched: msg('已取得字軌', 'Ticket numbers fetched'),
  issued: msg('發票已開立', 'Invoice issued'),
  notWaiting: msg('此訂單沒有待開立的發票', 'This order has no invoice waiting to be issued'),
  noNumberLeft: msg('字軌已用完，請先取得字軌', 'No invoice numbers left: fetch ticket sets first'),
  disabled: msg('電子發票未開啟', 'E-invoices are switched off'),
} as const;

/**
 * Which auto-issue switch decides an accepted order (docs/decisions/payments.md "E-invoice auto-issue"): QC for
 * an order paid at the counter or on delivery (the QuickClick ordering app), QP for one paid online through a
 * payment service of the Qrpay tab. Off: the invoice waits for a manual issue on the EInvoice tab.
 */
export const autoIssueSwitchOf = (paymentMethod: 'cash' | 'online'): 'is_qc_invoice' | 'is_qp_invoice' =>
  paymentMethod === 'online' ? 'is_qp_invoice' : 'is_qc_invoice';

const required = (max: number = EINVOICE_LIMITS.text) =>
  zText(undefined, { error: EINVOICE_MESSAGES.required.zh })
    .trim()
    .min(1, EINVOICE_MESSAGES.required.zh)
    .max(max, EINVOICE_MESSAGES.required.zh);

export const ZTaxId = required()
  .regex(/^\d{8}$/, EINVOICE_MESSAGES.taxIdFormat.zh)
  .refine(isValidTaxId, EINVOICE_MESSAGES.taxIdChecksum.zh);

/** A mobile barcode carrier (手機條碼): a slash and seven of 0-9 A-Z . + - (ours: the MOF format). */
export const ZCarrier = zText()
  .trim()
  .regex(/^\/[0-9A-Z.+-]{7}$/, EINVOICE_MESSAGES.carrierFormat.zh);

/** spec 001 §3 "Invoice application", §5: every field required, with its format. */
export const ZInvoiceApplication = z.object({
  appointedStoreName: required(),
  title: required().max(EINVOICE_LIMITS.title, EINVOICE_MESSAGES.titleTooLong.zh),
  address: required(200),
  sellerId: required().regex(/^\w{6}$/, EINVOICE_MESSAGES.sellerIdFormat.zh),
  deviceId: required(),
  edcId: required(),
  number: ZTaxId,
  user: required(),
  password: required(),
  printer: z.object({
    name: zText().trim().max(EINVOICE_LIMITS.text).optional(),
    sn: required().regex(/^\d{9}$/, EINVOICE_MESSAGES.printerSnFormat.zh),
    did: required().pipe(z.uuid(EINVOICE_MESSAGES.uuidFormat.zh)),
  }),
});
export type TInvoiceApplication = z.input<typeof ZInvoiceApplication>;

/** spec 001 §3 "Invoice setting (read)" and "Account flags" (the auto-issue switches). */
export const ZInvoiceSetting = z.object({
  id: zText(),
  name: zText(),
  shortName: zText(),
  sellerTaxId: zText(),
  address: zText(),
  count: z.number().int(),
  remainingNumbers: z.number().int(),
  printerSn: zText(),
  printerDid: zText(),
  isInvoiceEnable: z.boolean(),
  is_qc_invoice: z.boolean(),
  is_qp_invoice: z.boolean(),
  is_co_invoice: z.boolean(),
});
export type TInvoiceSetting = z.infer<typeof ZInvoiceSetting>;

export const ZInvoiceRow = z.object({
  orderId: z.number().int(),
  number: zText().nullable(),
  /** waiting: its auto-issue switch was off, so it waits for 開立 on the EInvoice tab (no number yet). */
  status: z.enum(['issued', 'voided', 'no_number', 'waiting']),
  platform: z.enum(['pending', 'done', 'failed']),
  amount: z.number().int(),
  buyerTaxId: zText().nullable(),
  carrier: zText().nullable(),
  issuedAt: zText(),
  /** When the proof (電子發票證明聯) came out of the e-invoice printer; null before, or for a carrier invoice. */
  proofPrintedAt: zText().nullable(),
});
export const ZInvoiceResponse = z.object({
  setting: ZInvoiceSetting.nullable(),
  recent: z.array(ZInvoiceRow),
});
export type TInvoiceResponse = z.infer<typeof ZInvoiceResponse>;

const params = z.object({ id: zQueryId().max(2_147_483_647) });
const ok = z.object({ setting: ZInvoiceSetting });

export const getInvoiceOp = defineOperation({
  method: 'GET',
  path: '/console/:id/invoice',
  summary: "A shop's e-invoice setting (null before the application), flags and recent invoices",
  spec: '001 §7',
  allow: EINVOICE_USERS,
  params,
  response: ZInvoiceResponse,
});

export const applyInvoiceOp = defineOperation({
  method: 'POST',
  path: '/console/:id/invoice',
  summary: 'Send the e-invoice application; on success 30 ticket sets are fetched (開通成功)',
  spec: '001 §7',
  allow: EINVOICE_USERS,
  params,
  body: ZInvoiceApplication,
  response: ok,
  status: 201,
});

/** PUT /console/{id}/invoice: the editable title, or one auto-issue switch (iDoo's is_co_invoice is disabled). */
export const ZInvoiceUpdate = z.union([
  z.object({
    key: z.literal('shortName'),
    value: required().max(EINVOICE_LIMITS.title, EINVOICE_MESSAGES.titleTooLong.zh),
  }),
  z.object({ key: z.enum(['is_qc_invoice', 'is_qp_invoice']), value: z.boolean() }),
]);
export const updateInvoiceOp = defineOperation({
  method: 'PUT',
  path: '/console/:id/invoice',
  summary: 'Change the invoice title or an auto-issue switch',
  spec: '001 §7',
  allow: EINVOICE_USERS,
  params,
  body: ZInvoiceUpdate,
  response: ok,
});

export const updateInvoicePrinterOp = defineOperation({
  method: 'PUT',
  path: '/console/:id/invoice-printer',
  summary: 'Change the invoice printer (serial 9 digits, device id a UUID)',
  spec: '001 §7',
  allow: EINVOICE_USERS,
  params,
  body: z.object({
    printerSn: ZInvoiceApplication.shape.printer.shape.sn,
    printerDeviceId: ZInvoiceApplication.shape.printer.shape.did,
  }),
  response: ok,
});

export const invoiceSwitchOp = defineOperation({
  method: 'POST',
  path: '/console/:id/invoice-switch',
  summary: 'The e-invoice master switch (修改成功(開啟/關閉))',
  spec: '001 §7',
  allow: EINVOICE_USERS,
  params,
  body: z.object({ switchValue: z.boolean() }),
  response: ok,
});

export const fetchInvoicesOp = defineOperation({
  method: 'POST',
  path: '/console/:id/fetch-invoices',
  summary: 'Fetch ticket-number sets from the e-invoice platform (10 by hand)',
  spec: '001 §7',
  allow: EINVOICE_USERS,
  params,
  body: z.object({
    sellerId: zText().max(20).optional(),
    count: z.number().int().min(1).max(EINVOICE_SETS.afterActivation).default(EINVOICE_SETS.manual),
  }),
  response: ok,
});

export const issueInvoiceOp = defineOperation({
  method: 'POST',
  path: '/console/:id/invoice/issue',
  summary: 'Issue the waiting invoice of an accepted order (its auto-issue switch was off)',
  spec: '001 §2.7 (ours: the manual issue the auto-issue switches imply)',
  allow: EINVOICE_USERS,
  params,
  body: z.object({ orderId: zId() }),
  response: z.object({ number: zText() }),
});
