import type { TOrderHistoryEntry, TOrderStatus } from '@shopdesk/contract';
import type { OrderEventRow } from '../order-flow/order-events';

type Stamps = {
  status: TOrderStatus;
  createdAt: Date;
  acceptedAt: Date | null;
  rejectedAt: Date | null;
  completedAt: Date | null;
  canceledAt: Date | null;
  statusReason: string | null;
};

const iso = (d: Date) => d.toISOString();

/**
 * The detail drawer's status history: the order's `order_events` (created and status changes, with who
 * and why). Orders written before the feed existed (the seeded demo orders) have no events: their history
 * is read off the row's timestamps, the reason going to the final rejected or canceled step.
 */
export const orderHistory = (order: Stamps, events: OrderEventRow[]): TOrderHistoryEntry[] => {
  const fromEvents: TOrderHistoryEntry[] = events
    .filter((e) => e.kind === 'created' || e.kind === 'status')
    .map((e) => ({
      at: e.createdAt,
      status: (e.kind === 'created' ? 'new' : e.status) as TOrderStatus,
      reason: typeof e.data.reason === 'string' ? e.data.reason : null,
      actor: e.actor,
    }));
  const hasCreated = fromEvents.some((e) => e.status === 'new');
  const created: TOrderHistoryEntry = { at: iso(order.createdAt), status: 'new', reason: null, actor: null };
  if (fromEvents.some((e) => e.status !== 'new')) return hasCreated ? fromEvents : [created, ...fromEvents];

  // No status events: derive from the row.
  const derived: TOrderHistoryEntry[] = hasCreated ? fromEvents : [created];
  const step = (at: Date | null, status: TOrderStatus, reason: string | null = null) => {
    if (at) derived.push({ at: iso(at), status, reason, actor: null });
  };
  step(order.acceptedAt, 'accepted');
  step(order.rejectedAt, 'rejected', order.statusReason);
  step(order.completedAt, 'completed');
  step(order.canceledAt, 'canceled', order.statusReason);
  return derived.sort((a, b) => a.at.localeCompare(b.at));
};
