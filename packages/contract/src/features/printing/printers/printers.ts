import { z } from 'zod';
import { zQueryId, zText } from '../../../common/bounds';
import { msg } from '../../../common/errors';
import { defineOperation } from '../../../common/operation';

/** spec 001 §6: printers are for gaa (the server refuses every other type). */
export const PRINTER_USERS = ['gaa'] as const;

// spec 001 §3 "Printer"
export const PRINTER_TYPES = ['PT4G', 'PL4G', 'PTE'] as const;
export const PRINTER_SERVERS = ['iiot', 'qc'] as const;
export const PRINTER_VOICES = [0, 1, 2, 3] as const;
export const PRINTER_VOLUMES = ['large', 'medium', 'small', 'didi', 'mute'] as const;
export const ZPrinterType = z.enum(PRINTER_TYPES);
export const ZPrinterServer = z.enum(PRINTER_SERVERS);
export const ZPrinterVolume = z.enum(PRINTER_VOLUMES);
export const ZPrinterVoice = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
export type TPrinterType = z.infer<typeof ZPrinterType>;
export type TPrinterServer = z.infer<typeof ZPrinterServer>;
export type TPrinterVolume = z.infer<typeof ZPrinterVolume>;
export type TPrinterVoice = z.infer<typeof ZPrinterVoice>;

export const PRINTER_VOICE_LABELS: Record<TPrinterVoice, { zh: string; en: string }> = {
  0: { zh: '預設', en: 'Default' },
  1: { zh: '國語', en: 'Mandarin' },
  2: { zh: '台語', en: 'Taiwanese' },
  3: { zh: '粵語', en: 'Cantonese' },
};
export const PRINTER_VOLUME_LABELS: Record<TPrinterVolume, { zh: string; en: string }> = {
  large: { zh: '大', en: 'Large' },
  medium: { zh: '中', en: 'Medium' },
  small: { zh: '小', en: 'Small' },
  didi: { zh: '嘀嘀聲', en: 'Didi beep' },
  mute: { zh: '靜音', en: 'Mute' },
};

/** spec 001 §9: a new printer row starts as PT4G on qc, default voice, large volume. */
export const PRINTER_DEFAULTS = { printer_type: 'PT4G', server: 'qc', voice_id: 0, volume: 'large' } as const;

/**
 * Paper per printer type (ours, docs/decisions/printing.md "Printers"): PT4G is a 58 mm receipt printer (32 columns),
 * PTE an 80 mm one (48 columns), PL4G a 40 mm label printer (24 columns). A CJK character takes two columns.
 */
export const PRINTER_PAPER: Record<TPrinterType, { mm: number; columns: number }> = {
  PT4G: { mm: 58, columns: 32 },
  PTE: { mm: 80, columns: 48 },
  PL4G: { mm: 40, columns: 24 },
};

/** Lengths (ours): what a printer's label and the service's keys fit in. */
export const PRINTER_LIMITS = { name: 30, sn: 32, secret: 64 } as const;

export const PRINTER_MESSAGES = {
  // spec 001 §5 / §8
  required: msg('缺少必要欄位', 'Missing required field'),
  duplicateName: msg('出單機名稱重複', 'A printer with this name already exists'),
  created: msg('新增出單機成功', 'Printer added'),
  createFailed: msg('新增出單機失敗', 'Adding the printer failed'),
  updated: msg('更新出單機設定成功', 'Printer settings updated'),
  updateFailed: msg('更新出單機設定失敗', 'Updating the printer failed'),
  deleted: msg('刪除出單機成功', 'Printer deleted'),
  deleteFailed: msg('刪除出單機失敗', 'Deleting the printer failed'),
  purged: msg('已清除列印佇列', 'Print queue cleared'),
  purgeFailed: msg('清除列印佇列失敗', 'Clearing the print queue failed'),
  editFirst: msg('請先儲存編輯中的設定', 'Please save the row being edited first'),
  // ours (docs/decisions/printing.md "Printers")
  tooLong: msg('欄位過長', 'A field is too long'),
  snFormat: msg('序號只能包含英數字與 - _', 'The serial may hold letters, digits, - and _ only'),
  duplicateSn: msg('此序號已被其他出單機使用', 'Another printer already uses this serial number'),
  notFound: msg('找不到此出單機', 'Printer not found'),
  noPrinter: msg('此商店尚未設定出單機', 'This shop has no printer'),
  serviceDown: msg('出單機服務無法連線', 'The printer service cannot be reached'),
} as const;

/** spec 001 §8 "Printer load": 商店：{id} ，無法取得出單機資料 */
export const printerLoadFailed = (id: number) => ({
  zh: `商店：${id} ，無法取得出單機資料`,
  en: `Shop ${id}: cannot load its printers`,
});

const required = (max: number) =>
  zText(undefined, { error: PRINTER_MESSAGES.required.zh })
    .trim()
    .min(1, PRINTER_MESSAGES.required.zh)
    .max(max, PRINTER_MESSAGES.tooLong.zh);

export const ZPrinterName = required(PRINTER_LIMITS.name);
export const ZPrinterSn = required(PRINTER_LIMITS.sn).regex(/^[A-Za-z0-9_-]+$/, PRINTER_MESSAGES.snFormat.zh);
export const ZPrinterSecret = required(PRINTER_LIMITS.secret);

/** What a printer row saves: name, sn and secret required (spec 001 §5), the rest from the defaults (§9). */
export const ZPrinterInput = z.object({
  name: ZPrinterName,
  sn: ZPrinterSn,
  secret: ZPrinterSecret,
  printer_type: ZPrinterType.default(PRINTER_DEFAULTS.printer_type),
  server: ZPrinterServer.default(PRINTER_DEFAULTS.server),
  voice_id: ZPrinterVoice.default(PRINTER_DEFAULTS.voice_id),
  volume: ZPrinterVolume.default(PRINTER_DEFAULTS.volume),
});
export type TPrinterInput = z.input<typeof ZPrinterInput>;

/**
 * An update: the same fields, but the secret may be left empty to keep the stored one (it is never sent
 * back, so an edit cannot show it). docs/decisions/printing.md "Printers".
 */
export const ZPrinterUpdate = ZPrinterInput.extend({
  secret: zText().trim().max(PRINTER_LIMITS.secret, PRINTER_MESSAGES.tooLong.zh).optional(),
});
export type TPrinterUpdate = z.input<typeof ZPrinterUpdate>;

export const PRINTER_STATES = ['online', 'offline', 'paper_out', 'unknown'] as const;
export const ZPrinterState = z.enum(PRINTER_STATES);
export type TPrinterState = z.infer<typeof ZPrinterState>;

/** A printer as the API shows it: the secret masked (never whole), the last state the service reported. */
export const ZPrinter = z.object({
  did: zText(),
  accountId: z.number().int(),
  is_online: z.boolean(),
  state: ZPrinterState,
  printer_type: ZPrinterType,
  name: zText(),
  sn: zText(),
  secret: zText(),
  server: ZPrinterServer,
  voice_id: ZPrinterVoice,
  volume: ZPrinterVolume,
  queueLength: z.number().int(),
  lastPrintAt: zText().nullable(),
  stateAt: zText().nullable(),
});
export type TPrinter = z.infer<typeof ZPrinter>;

const ZAccountId = zQueryId().max(2_147_483_647);
export const ZPrinterDid = z.uuid();

export const listPrintersOp = defineOperation({
  method: 'GET',
  path: '/console/:id/printers',
  summary: "A shop's printers (state as last reported by the printer service)",
  spec: '001 §7',
  allow: PRINTER_USERS,
  params: z.object({ id: ZAccountId }),
  response: z.object({ printers: z.array(ZPrinter) }),
});

export const createPrinterOp = defineOperation({
  method: 'POST',
  path: '/console/:id/printers',
  summary: 'Add a printer to a shop (audited); returns its did',
  spec: '001 §7',
  allow: PRINTER_USERS,
  params: z.object({ id: ZAccountId }),
  body: ZPrinterInput,
  response: z.object({ did: zText(), printer: ZPrinter }),
  status: 201,
});

export const updatePrinterOp = defineOperation({
  method: 'PUT',
  path: '/printers/:did',
  summary: 'Save a printer row (audited); an empty secret keeps the stored one',
  spec: '001 §7',
  allow: PRINTER_USERS,
  params: z.object({ did: ZPrinterDid }),
  body: ZPrinterUpdate,
  response: z.object({ printer: ZPrinter }),
});

export const deletePrinterOp = defineOperation({
  method: 'DELETE',
  path: '/printers/:did',
  summary: 'Delete a printer (audited)',
  spec: '001 §7',
  allow: PRINTER_USERS,
  params: z.object({ did: ZPrinterDid }),
  response: z.object({ did: zText() }),
});

export const purgePrinterQueueOp = defineOperation({
  method: 'DELETE',
  path: '/printers/:did/purge-queue',
  summary: "Empty a printer's queue at the printer service (audited)",
  spec: '001 §7',
  allow: PRINTER_USERS,
  params: z.object({ did: ZPrinterDid }),
  response: z.object({ did: zText(), purged: z.number().int() }),
});

/** /printers/list (spec 000 §2): every shop's printers for gaa, filtered by shop and state. */
export const ZPrinterListQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  accountId: ZAccountId.optional(),
  state: ZPrinterState.optional(),
  /** true: ask the printer service for the page's printers first (the page's refresh button). */
  refresh: z.enum(['true', 'false']).optional(),
});
export const ZPrinterListRow = ZPrinter.extend({ shopName: zText() });
export type TPrinterListRow = z.infer<typeof ZPrinterListRow>;

export const listAllPrintersOp = defineOperation({
  method: 'GET',
  path: '/gaa/printers',
  summary: "Every shop's printers with their state, last print and queue length (ours: /printers/list page)",
  spec: '000 §2 /printers/list',
  allow: ['gaa'],
  query: ZPrinterListQuery,
  response: z.object({ total: z.number().int(), rows: z.array(ZPrinterListRow) }),
});
