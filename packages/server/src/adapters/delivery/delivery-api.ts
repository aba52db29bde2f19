/** What the delivery feature needs of a courier vendor, shaped on Lalamove API v3. */
export type Stop = { lat: number; lng: number; address: string };
export type Quotation = {
  quotationId: string;
  priceTotal: string;
  currency: string;
  stopIds: [string, string];
};
export type VendorOrder = {
  orderId: string;
  status: VendorStatus;
  driverId: string | null;
  priceTotal: string;
};
export type VendorStatus =
  | 'ASSIGNING_DRIVER'
  | 'ON_GOING'
  | 'PICKED_UP'
  | 'COMPLETED'
  | 'CANCELED'
  | 'REJECTED'
  | 'EXPIRED';
export type Driver = {
  driverId: string;
  name: string;
  phone: string;
  plateNumber: string;
  location: { lat: number; lng: number } | null;
};

export type DeliveryApi = {
  quotation: (pickup: Stop, dropoff: Stop) => Promise<Quotation>;
  placeOrder: (
    q: Quotation,
    sender: { name: string; phone: string },
    recipient: { name: string; phone: string; remarks?: string },
  ) => Promise<VendorOrder>;
  getOrder: (orderId: string) => Promise<VendorOrder>;
  cancelOrder: (orderId: string) => Promise<void>;
  getDriver: (orderId: string, driverId: string) => Promise<Driver>;
};

/** A vendor answer that is not success: its HTTP status and the vendor's error id (e.g. ERR_INVALID_FIELD). */
export class DeliveryApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorId: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Vendor statuses as spec 000 §4's logistics statuses (ours, docs/decisions/delivery.md): EXPIRED (no driver in
 * time) is overdue; REJECTED (the driver gave the order back) goes to customer service.
 */
export const LOGISTICS_OF_STATUS = {
  ASSIGNING_DRIVER: 'matching',
  ON_GOING: 'en_route_pickup',
  PICKED_UP: 'picked_up',
  COMPLETED: 'delivered',
  CANCELED: 'canceled',
  EXPIRED: 'overdue',
  REJECTED: 'customer_service',
} as const satisfies Record<VendorStatus, string>;

/** The vendor's status path, step by step; the last step (3) is final: a delivery ends there. */
const STATUS_STEP: Record<VendorStatus, number> = {
  ASSIGNING_DRIVER: 0,
  ON_GOING: 1,
  PICKED_UP: 2,
  COMPLETED: 3,
  CANCELED: 3,
  EXPIRED: 3,
  REJECTED: 3,
};

/**
 * Whether a webhook's status may replace the stored one: the same status (a repeat, maybe
 * with the driver) or a later step, never an earlier one and never out of a final one, so a late or
 * out-of-order webhook cannot move a delivery back. An unknown stored word (none stored) takes anything.
 */
export const vendorStatusFollows = (from: string | null, to: VendorStatus) => {
  if (from === to || from === null || !(from in STATUS_STEP)) return true;
  const step = STATUS_STEP[from as VendorStatus];
  return step < 3 && STATUS_STEP[to] > step;
};
