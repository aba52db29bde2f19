import { formatTaipeiTime } from '../../shops/shop-profile/taipei-time';

/**
 * The e-invoice proof (電子發票證明聯) as the Ministry of Finance lays it out for a 5.7 cm receipt printer:
 * the period, the invoice number, the date, the random code and the total, the seller's (and a business
 * buyer's) tax id, a CODE39 barcode and two QR codes. These are the texts; the server draws them
 * (features/payments/einvoice/proof-print.ts). Decisions: docs/decisions/payments.md "E-invoice proof".
 */

/** The two-month invoice period of a moment in Asia/Taipei: 2026-11-27 → 民國 115 年 11-12 月, code 11512. */
export const invoicePeriod = (at: Date | string) => {
  const [date] = formatTaipeiTime(at).split(' ');
  const [y, m] = (date ?? '').split('-').map(Number) as [number, number];
  const roc = y - 1911;
  const even = m % 2 === 0 ? m : m + 1;
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    label: `${roc}年${pad(even - 1)}-${pad(even)}月`,
    code: `${String(roc).padStart(3, '0')}${pad(even)}`,
  };
};

/** The ROC date of the QR code: 2026-11-27 → 1151127. */
export const rocDate = (at: Date | string) => {
  const [date] = formatTaipeiTime(at).split(' ');
  const [y, m, d] = (date ?? '').split('-') as [string, string, string];
  return `${String(Number(y) - 1911).padStart(3, '0')}${m}${d}`;
};

/** The one-dimensional barcode (CODE39, 19 characters): period code + invoice number + random code. */
export const proofBarcode = (issuedAt: Date | string, number: string, randomCode: string) =>
  `${invoicePeriod(issuedAt).code}${number}${randomCode}`;

/** What a business buyer pays tax on: 5 % business tax inside the total (B2C invoices show the total). */
export const salesAmount = (total: number, buyerTaxId: string | null) =>
  buyerTaxId ? Math.round(total / 1.05) : total;

export type TProofItem = { name: string; quantity: number; unitPrice: number };
export type TProofInvoice = {
  number: string;
  randomCode: string;
  issuedAt: Date | string;
  total: number;
  buyerTaxId: string | null;
  sellerTaxId: string;
  /** 24 characters: base64 of AES-128 over number + random code (the server computes it with the seller's key). */
  verification: string;
  items: TProofItem[];
};

const hex8 = (n: number) => n.toString(16).padStart(8, '0');
/** QR text of the items: 品名:數量:單價, colons inside a name replaced (the colon is the separator). */
const itemText = (i: TProofItem) => `${i.name.replaceAll(':', '：')}:${i.quantity}:${i.unitPrice}`;
/**
 * How many UTF-8 bytes of items each code carries (the rest goes right, "**" first, and what does not fit
 * there is left out: the count says how many are carried), so both codes fit side by side on 5.7 cm paper.
 */
export const QR_ITEM_BUDGET = { left: 90, right: 150 } as const;
const utf8Length = (s: string) => new TextEncoder().encode(s).length;

/**
 * The two QR codes' texts (MoF 電子發票證明聯二維條碼規格): left = number (10), ROC date (7), random code (4),
 * sales and total amounts (8 hex each), buyer tax id (8, 00000000 for none), seller tax id (8), the
 * verification (24), then ":**********:" (the seller's own area), the item count carried in the codes, the
 * order's item count, the text encoding (1 = UTF-8) and the items; right = "**" and the items that did not fit.
 */
export const proofQrTexts = (inv: TProofInvoice): { left: string; right: string } => {
  const head =
    inv.number +
    rocDate(inv.issuedAt) +
    inv.randomCode +
    hex8(salesAmount(inv.total, inv.buyerTaxId)) +
    hex8(inv.total) +
    (inv.buyerTaxId ?? '00000000') +
    inv.sellerTaxId +
    inv.verification;
  const texts = inv.items.map(itemText);
  const left: string[] = [];
  const right: string[] = [];
  let leftLen = 0;
  let rightLen = 0;
  for (const t of texts) {
    const n = utf8Length(t) + 1;
    if (right.length === 0 && leftLen + n <= QR_ITEM_BUDGET.left) {
      left.push(t);
      leftLen += n;
    } else if (rightLen + n <= QR_ITEM_BUDGET.right) {
      right.push(t);
      rightLen += n;
    }
  }
  const carried = left.length + right.length;
  return {
    left: `${head}:**********:${carried}:${inv.items.length}:1:${left.join(':')}`,
    right: `**${right.join(':')}`,
  };
};

/** The proof's text lines, top to bottom (the barcode and the QR codes follow them). */
export const proofTextLines = (inv: TProofInvoice & { shopTitle: string }) => {
  const period = invoicePeriod(inv.issuedAt);
  return {
    title: inv.shopTitle,
    heading: '電子發票證明聯',
    period: period.label,
    number: `${inv.number.slice(0, 2)}-${inv.number.slice(2)}`,
    date: formatTaipeiTime(inv.issuedAt),
    randomAndTotal: `隨機碼:${inv.randomCode}   總計:${inv.total}`,
    parties: `賣方:${inv.sellerTaxId}${inv.buyerTaxId ? `   買方:${inv.buyerTaxId}` : ''}`,
    format: inv.buyerTaxId ? '格式:25' : '',
  };
};
