/**
 * The online payment services of the Qrpay tab (spec 001 §2.6) as Shopdesk sees them: one adapter each,
 * shaped on the service's public HTTP API (adapters/payment/*-client.ts), each with a local simulator.
 */
export type TapPayCredentials = {
  service: 'tappay';
  merchantId: string;
  partnerKey: string;
  useTds: boolean;
};
export type LinePayCredentials = { service: 'linepay'; channelId: string; channelSecret: string };
export type EasyWalletCredentials = {
  service: 'easywallet';
  sellerMemberUid: string;
  securityCode: string;
  contractNo: string;
  executorId: string;
};
export type PaymentCredentials = TapPayCredentials | LinePayCredentials | EasyWalletCredentials;

export type PayInput = {
  /** Our order reference, unique per shop (sent as the service's order number). */
  orderRef: string;
  amount: number;
  description: string;
  /** TapPay: the prime the storefront's card form produced (absent: the simulator's test prime). */
  prime?: string;
  /**
   * Where the customer returns after approving (confirm) or giving up (cancel): LINE Pay's redirect URLs; for
   * TapPay with 3-D Secure, confirm is the frontend redirect and notify the backend notify URL.
   */
  returnUrls?: { confirm: string; cancel: string; notify?: string };
};

/** A service's answer: ok, its own code and message as the service wrote them. */
export type PaymentAnswer = {
  ok: boolean;
  code: string;
  message: string;
  transactionId?: string;
  /** LINE Pay, and TapPay with 3-D Secure: the page the customer approves (verifies) on. */
  paymentUrl?: string;
  /** TapPay's record query: a trade waiting for the card holder's 3-D Secure verification. */
  pending?: boolean;
  /** Whether another try may work (network, 5xx). */
  retry?: boolean;
};

export type PaymentGateway = {
  mode: string;
  /** The services this server can reach (a URL configured, or a simulator): the only ones a shop may add. */
  services: readonly PaymentCredentials['service'][];
  /**
   * TapPay's card form for the customer app (docs/decisions/payments.md "TapPay card form"): TapPay's own SDK and
   * server type live (sandbox when TAPPAY_URL is TapPay's sandbox), the simulator's script of the same shape
   * otherwise; null when this server reaches no TapPay.
   */
  cardForm: { sdkUrl: string; serverType: 'sandbox' | 'production' } | null;
  /** "Test connection": a harmless signed call that proves the credentials. */
  test: (c: PaymentCredentials) => Promise<PaymentAnswer>;
  pay: (c: PaymentCredentials, input: PayInput) => Promise<PaymentAnswer>;
  /**
   * A payment the service already took for this order reference, or null: asked before a retry, so a charge
   * whose answer was lost (a time-out after TapPay charged) is found instead of paid again or failed on the
   * spent prime. TapPay only (its record query by order number); the others cannot double-charge on a retry.
   */
  find?: (c: PaymentCredentials, orderRef: string) => Promise<PaymentAnswer | null>;
  /**
   * How much of a payment the service has refunded, or null when it cannot tell (no such query for the
   * service, or the query failed): asked before a refund is retried, so a refund whose answer was lost is
   * found done instead of refused as a second one (TapPay's record query, LINE Pay's payment details).
   */
  refundedAmount?: (
    c: PaymentCredentials,
    tx: { transactionId: string; orderRef: string },
  ) => Promise<number | null>;
  /** Simulator mode: enroll the credentials at the sandbox merchant centre (no-op against the real services). */
  enroll?: (c: PaymentCredentials) => Promise<void>;
  /** LINE Pay: capture a payment the customer approved (v3 confirm). */
  confirm: (c: PaymentCredentials, tx: { transactionId: string; amount: number }) => Promise<PaymentAnswer>;
  refund: (
    c: PaymentCredentials,
    tx: { transactionId: string; orderRef: string; amount: number },
  ) => Promise<PaymentAnswer>;
};
