import { z } from 'zod';
import { zQueryId, zText } from '../../../common/bounds';
import { msg, type TMessage } from '../../../common/errors';
import { defineOperation } from '../../../common/operation';
import { participantGroups } from '../../orders/storefront/participants';

/**
 * Printer templates (spec 002 §2 screen 12, §3 "Printer template: id, master, options, updated_at", §4, §7
 * Admin tools). The spec names the two texts but not their language; ours (docs/decisions/printing.md "Admin tools"):
 *
 * MASTER, one ticket line per text line:
 * - `---` is a rule across the paper; `{{items}}` alone on its line is the order's items;
 * - `[center,bold,big]` at the start styles the line; ` >> ` puts what follows at the right edge (an amount);
 * - `{{name}}` is a field of the order (TICKET_FIELDS); `((…))` is left out when a field in it is empty, and a
 *   line left empty that way is not printed (取餐 time, table number, address, note …).
 * OPTIONS, a JSON object: itemLine (one per item: name, quantity, lineTotal), optionLine (one per chosen
 * option: name) and reprintMark (the `{{reprint}}` text of a reprinted ticket).
 *
 * The default template reproduces the kitchen ticket the printers printed before templates existed.
 */
export const TICKET_FIELDS = [
  'shop',
  'reprint',
  'serial',
  'mealType',
  'table',
  'createdAt',
  'wantedAt',
  'customer',
  'phone',
  'address',
  'comment',
  // 需開收據 when the customer asked for a paper receipt, else empty
  'receipt',
  'logistics',
  'payment',
  'subtotal',
  'discount',
  // NT$ charged for delivery, empty when none (a cash-on-delivery courier collects it with the food)
  'deliveryFee',
  'total',
] as const;
export type TTicketField = (typeof TICKET_FIELDS)[number];
export const ITEM_FIELDS = ['name', 'quantity', 'lineTotal'] as const;
/** the customer's note on an item (noteLine, printed only for an item with a note). */
export const NOTE_FIELDS = ['note'] as const;
export const OPTION_FIELDS = ['name'] as const;
export const TICKET_STYLES = ['center', 'bold', 'big'] as const;

export const PRINTER_TEMPLATE_LIMITS = { master: 4000, options: 2000, lines: 80 } as const;

export const DEFAULT_TEMPLATE_MASTER = [
  '[center,bold]{{shop}}',
  // the table on a big line of its own: the kitchen finds it at once and no paper width splits it
  // (docs/decisions/printing.md "Ticket header")
  '[big,bold]{{reprint}}#{{serial}} {{mealType}}',
  '[big,bold]((桌號 {{table}}))',
  '下單 {{createdAt}}',
  '[bold]((取餐 {{wantedAt}}))',
  '{{customer}} {{phone}}',
  '((外送 {{address}}))',
  '[bold]((備註 {{comment}}))',
  '[bold](({{receipt}}))',
  '((物流 {{logistics}}))',
  '---',
  '{{items}}',
  '---',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: NT$ then the {{deliveryFee}} field, not a JS template
  '((外送費 >> NT${{deliveryFee}}))',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: NT$ then the {{total}} field, not a JS template
  '[bold]{{payment}} 合計 >> NT${{total}}',
].join('\n');

export const ZTemplateOptions = z
  .object({
    itemLine: zText(200).default('[bold]{{name}} x{{quantity}} >> {{lineTotal}}'),
    optionLine: zText(200).default('  + {{name}}'),
    noteLine: zText(200).default('[bold]  * {{note}}'),
    reprintMark: zText(20).default('【補印】'),
  })
  .strict();
export type TTemplateOptions = z.infer<typeof ZTemplateOptions>;

export const DEFAULT_TEMPLATE_OPTIONS = JSON.stringify(ZTemplateOptions.parse({}), null, 2);

export const PRINTER_TEMPLATE_MESSAGES = {
  // spec 002 §4 "after saving, '已更新' is shown"
  updated: msg('已更新', 'Updated'),
  created: msg('已建立範本', 'Template created'),
  notFound: msg('找不到此範本', 'No such template'),
  idRequired: msg('請輸入範本ID', 'Enter a template id'),
  badJson: msg('選項不是有效的 JSON 物件', 'The options are not a valid JSON object'),
  badOption: (key: string) => msg(`選項「${key}」不正確`, `The option "${key}" is not valid`),
  unknownField: (name: string, line: number) =>
    msg(`第 ${line} 行：未知的欄位 {{${name}}}`, `Line ${line}: unknown field {{${name}}}`),
  unknownStyle: (style: string, line: number) =>
    msg(`第 ${line} 行：未知的樣式 ${style}`, `Line ${line}: unknown style ${style}`),
  itemsAlone: (line: number) =>
    msg(`第 ${line} 行：{{items}} 須單獨一行`, `Line ${line}: {{items}} must stand alone on its line`),
  tooManyLines: msg(
    `範本最多 ${PRINTER_TEMPLATE_LIMITS.lines} 行`,
    `A template has at most ${PRINTER_TEMPLATE_LIMITS.lines} lines`,
  ),
  masterRequired: msg('請填入範本內容', 'Enter the template'),
} as const;

export type TTicketLine =
  | { text: string; right?: string; bold?: boolean; big?: boolean; center?: boolean }
  | { rule: true };

export type TTicketData = {
  fields: Record<TTicketField, string>;
  items: readonly {
    name: string;
    quantity: number;
    lineTotal: number;
    options: readonly string[];
    note?: string | null;
    /** 團購: who ordered it; the items print under each name (participantGroups). */
    participant?: string | null;
  }[];
};

const FIELD_RE = /\{\{\s*([A-Za-z]+)\s*\}\}/g;
const STYLE_RE = /^\[([a-z, ]*)\]/;
const OPTIONAL_RE = /\(\(([\s\S]*?)\)\)/g;

type ParsedLine = { raw: string; styles: string[]; body: string };
const parseLine = (raw: string): ParsedLine => {
  const m = STYLE_RE.exec(raw);
  if (!m) return { raw, styles: [], body: raw };
  return {
    raw,
    styles: m[1]!
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    body: raw.slice(m[0].length),
  };
};

const splitLines = (text: string) => text.replace(/\r\n?/g, '\n').split('\n');

/** The problems of a line's fields and styles, for one set of allowed fields. */
function* lineProblems(line: string, n: number, allowed: readonly string[]): Generator<TMessage> {
  const p = parseLine(line);
  for (const s of p.styles)
    if (!(TICKET_STYLES as readonly string[]).includes(s)) yield PRINTER_TEMPLATE_MESSAGES.unknownStyle(s, n);
  for (const m of p.body.matchAll(FIELD_RE))
    if (!allowed.includes(m[1]!)) yield PRINTER_TEMPLATE_MESSAGES.unknownField(m[1]!, n);
}

/** Reads the options text: the parsed options or the problem (spec 002 §3 options). */
export const parseTemplateOptions = (
  text: string,
): { ok: true; options: TTemplateOptions } | { ok: false; error: TMessage } => {
  let raw: unknown;
  try {
    raw = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    return { ok: false, error: PRINTER_TEMPLATE_MESSAGES.badJson };
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return { ok: false, error: PRINTER_TEMPLATE_MESSAGES.badJson };
  const r = ZTemplateOptions.safeParse(raw);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    const key = String(issue.path[0] ?? (issue as { keys?: string[] }).keys?.[0] ?? '');
    return { ok: false, error: PRINTER_TEMPLATE_MESSAGES.badOption(key) };
  }
  return { ok: true, options: r.data };
};

/** Every problem of a template (master and options), empty when it can print. */
export const checkPrinterTemplate = (t: { master: string; options: string }): TMessage[] => {
  const out: TMessage[] = [];
  const lines = splitLines(t.master);
  if (t.master.trim() === '') return [PRINTER_TEMPLATE_MESSAGES.masterRequired];
  if (lines.length > PRINTER_TEMPLATE_LIMITS.lines) out.push(PRINTER_TEMPLATE_MESSAGES.tooManyLines);
  lines.forEach((line, i) => {
    const body = parseLine(line).body;
    if (body.trim() === '{{items}}') return;
    if (/\{\{\s*items\s*\}\}/.test(body)) out.push(PRINTER_TEMPLATE_MESSAGES.itemsAlone(i + 1));
    out.push(...lineProblems(line.replace(/\{\{\s*items\s*\}\}/g, ''), i + 1, TICKET_FIELDS));
  });
  const o = parseTemplateOptions(t.options);
  if (!o.ok) out.push(o.error);
  else {
    out.push(...[...lineProblems(o.options.itemLine, 1, ITEM_FIELDS)].map(inOption('itemLine')));
    out.push(...[...lineProblems(o.options.optionLine, 1, OPTION_FIELDS)].map(inOption('optionLine')));
    out.push(...[...lineProblems(o.options.noteLine, 1, NOTE_FIELDS)].map(inOption('noteLine')));
  }
  return out;
};
const inOption = (key: string) => (m: TMessage) =>
  msg(`${key}：${m.zh.replace(/^第 1 行：/, '')}`, `${key}: ${m.en.replace(/^Line 1: /, '')}`);

/** One template line with its fields filled; null when an optional part emptied it (not printed). */
const fillLine = (line: string, values: Record<string, string>): TTicketLine | null => {
  const p = parseLine(line);
  if (p.body.trim() === '---') return { rule: true };
  const fill = (s: string) => s.replace(FIELD_RE, (_, name: string) => values[name] ?? '');
  let hadOptional = false;
  const body = p.body.replace(OPTIONAL_RE, (_, inner: string) => {
    hadOptional = true;
    const names = [...inner.matchAll(FIELD_RE)].map((m) => m[1]!);
    return names.some((n) => !values[n]) ? '' : inner;
  });
  const cut = body.indexOf(' >> ');
  const left = fill(cut < 0 ? body : body.slice(0, cut)).replace(/\s+$/, '');
  const right = cut < 0 ? '' : fill(body.slice(cut + 4)).trim();
  if (hadOptional && left.trim() === '' && right === '') return null;
  return {
    text: left,
    ...(right ? { right } : {}),
    ...(p.styles.includes('bold') ? { bold: true } : {}),
    ...(p.styles.includes('big') ? { big: true } : {}),
    ...(p.styles.includes('center') ? { center: true } : {}),
  };
};

/**
 * A ticket's lines from a template and an order's data (the printer adapter turns them into ESC/POS for
 * each printer's paper; the editor shows them as a preview). A template that does not check falls back to
 * the default one, so a ticket always prints.
 */
export const renderTemplateLines = (
  t: { master: string; options: string },
  data: TTicketData,
): TTicketLine[] => {
  const ok = checkPrinterTemplate(t).length === 0;
  const master = ok ? t.master : DEFAULT_TEMPLATE_MASTER;
  const parsed = ok ? parseTemplateOptions(t.options) : null;
  const options = parsed?.ok ? parsed.options : ZTemplateOptions.parse({});
  const fields: Record<string, string> = { ...data.fields };
  const out: TTicketLine[] = [];
  for (const line of splitLines(master)) {
    if (parseLine(line).body.trim() === '{{items}}') {
      // 團購: the items under each participant's name, headed by it (storefront/group-cart.ts)
      for (const group of participantGroups(data.items)) {
        if (group.participant !== null) out.push({ text: `【${group.participant}】`, bold: true });
        for (const item of group.items) {
          const il = fillLine(options.itemLine, {
            name: item.name,
            quantity: String(item.quantity),
            lineTotal: String(item.lineTotal),
          });
          if (il) out.push(il);
          for (const name of item.options) {
            const ol = fillLine(options.optionLine, { name });
            if (ol) out.push(ol);
          }
          if (item.note) {
            const nl = fillLine(options.noteLine, { note: item.note });
            if (nl) out.push(nl);
          }
        }
      }
      continue;
    }
    const l = fillLine(line, fields);
    if (l) out.push(l);
  }
  return out;
};

/** Which template id of a shop's printerTemplates (spec 000 §3: here, togo, deliver) an order's meal type uses. */
export const TEMPLATE_KEY_OF_MEAL = { eat_in: 'here', to_go: 'togo', delivery: 'deliver' } as const;

/** A ticket of made-up data, for the editor's preview. */
export const SAMPLE_TICKET: TTicketData = {
  fields: {
    shop: '好食堂 信義店',
    reprint: '',
    serial: '23',
    mealType: '內用',
    table: 'A5',
    createdAt: '2026-11-25 12:03',
    wantedAt: '',
    customer: '王小明',
    phone: '0912345678',
    address: '',
    comment: '不要香菜',
    receipt: '',
    logistics: '',
    payment: '現金',
    subtotal: '250',
    discount: '0',
    deliveryFee: '',
    total: '250',
  },
  items: [
    { name: '牛肉麵', quantity: 1, lineTotal: 180, options: ['大碗', '加辣'] },
    { name: '燙青菜', quantity: 2, lineTotal: 70, options: [] },
  ],
};

const GAA = ['gaa'] as const;

export const ZPrinterTemplate = z.object({
  id: z.number().int(),
  master: zText(),
  options: zText(),
  updated_at: zText(),
});
export type TPrinterTemplate = z.infer<typeof ZPrinterTemplate>;

/** Master and options as entered; the server checks them (checkPrinterTemplate) and answers 400 with the problems. */
export const ZPrinterTemplateInput = z.object({
  master: zText(PRINTER_TEMPLATE_LIMITS.master),
  options: zText(PRINTER_TEMPLATE_LIMITS.options),
});
export type TPrinterTemplateInput = z.infer<typeof ZPrinterTemplateInput>;

// spec 002 §7 Admin tools
export const getPrinterTemplateOp = defineOperation({
  method: 'GET',
  path: '/gaa/printer-template/:id',
  summary: 'A printer template (master, options, updated time)',
  spec: '002 §7 Admin tools',
  allow: GAA,
  params: z.object({ id: zQueryId() }),
  response: ZPrinterTemplate,
});

export const createPrinterTemplateOp = defineOperation({
  method: 'POST',
  path: '/gaa/printer-template',
  summary: 'Create a printer template; without a body, the default one (spec 002 §2 screen 12)',
  spec: '002 §7 Admin tools',
  allow: GAA,
  body: ZPrinterTemplateInput.partial(),
  response: ZPrinterTemplate,
  status: 201,
});

export const updatePrinterTemplateOp = defineOperation({
  method: 'PATCH',
  path: '/gaa/printer-template/:id',
  summary: "Save a printer template's master and options",
  spec: '002 §7 Admin tools',
  allow: GAA,
  params: z.object({ id: zQueryId() }),
  body: ZPrinterTemplateInput,
  response: ZPrinterTemplate,
});
