/** The e-invoice platform as Shopdesk sees it (adapters/einvoice). Credentials: the shop's platform user. */
export type EInvoiceSeller = { sellerTaxId: string; sellerId: string; user: string; password: string };
export type EInvoiceTrack = { track: string; start: number; end: number };
export type IssueInput = {
  number: string;
  orderId: number;
  amount: number;
  buyerTaxId?: string | null;
  carrier?: string | null;
};

/** A platform refusal: `retry` when another try may work (429, 5xx, network). */
export class EInvoiceError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly retry: boolean,
  ) {
    super(message);
  }
}

export type EInvoicePlatform = {
  mode: string;
  register: (seller: EInvoiceSeller) => Promise<void>;
  fetchTracks: (seller: EInvoiceSeller, sets: number) => Promise<EInvoiceTrack[]>;
  issue: (seller: EInvoiceSeller, input: IssueInput) => Promise<{ number: string; randomCode: string }>;
  void: (seller: EInvoiceSeller, number: string, reason: string) => Promise<void>;
};
