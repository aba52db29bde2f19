/** What the ledger's screens share: time display, NT$ ⇄ cents, a posting key per intended posting. */
export const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('zh-TW', { timeZone: 'Asia/Taipei', hour12: false }) : '—';

/** NT$ typed in a form → integer cents (the ledger's unit). */
export const toCents = (ntd: number) => Math.round(ntd * 100);

/** A new idempotency key: made when a form opens, so a resubmitted form posts once. */
export const newPostingKey = () => `web-${crypto.randomUUID()}`;

export const ledgerKeys = {
  all: ['ledger'] as const,
  accounts: (q: unknown) => ['ledger', 'accounts', q] as const,
  deposits: (q: unknown) => ['ledger', 'deposits', q] as const,
  transactions: (q: unknown) => ['ledger', 'transactions', q] as const,
  billing: (month: string) => ['ledger', 'billing', month] as const,
  banks: ['ledger', 'banks'] as const,
};
