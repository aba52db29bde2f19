/** What the delivery feature needs of a courier vendor (issue 13), shaped on Lalamove API v3. */
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
 * Vendor statuses as spec 000 §4's logistics statuses (ours, docs/decisions.md): EXPIRED (no driver in
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
