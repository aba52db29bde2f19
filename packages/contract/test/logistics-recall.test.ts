import { describe, expect, it } from 'vitest';
import { RECALL_MESSAGES, recallRefusal, type TRecallCandidate } from '../src';

const base: TRecallCandidate = {
  mealType: 'delivery',
  status: 'accepted',
  logisticsStatus: 'overdue',
  courier: 'auto',
};

// spec 002 §12 "Logistics recall", §7 POST /gaa/orders/{id}/logistic-recall; statuses of spec 000 §4
describe('recallRefusal', () => {
  it('allows an accepted platform-courier delivery with no courier on the way', () => {
    for (const logisticsStatus of [null, 'matching', 'overdue', 'customer_service', 'canceled'] as const)
      expect(recallRefusal({ ...base, logisticsStatus })).toBeNull();
    expect(recallRefusal({ ...base, courier: 'manual', logisticsStatus: null })).toBeNull();
  });

  it('refuses while a courier is on the way, carries the food, or has delivered', () => {
    for (const logisticsStatus of ['en_route_pickup', 'picked_up', 'delivered'] as const)
      expect(recallRefusal({ ...base, logisticsStatus })).toBe(RECALL_MESSAGES.courierBusy);
  });

  it('refuses an order that is not a delivery, whatever its state', () => {
    expect(recallRefusal({ ...base, mealType: 'to_go' })).toBe(RECALL_MESSAGES.notDelivery);
    expect(recallRefusal({ ...base, mealType: 'eat_in', courier: null })).toBe(RECALL_MESSAGES.notDelivery);
  });

  it('refuses a shop without the platform’s couriers (self-delivery)', () => {
    expect(recallRefusal({ ...base, courier: null })).toBe(RECALL_MESSAGES.noCourier);
  });

  it('refuses an order that is new, rejected, canceled or completed', () => {
    for (const status of ['new', 'rejected', 'canceled', 'completed'])
      expect(recallRefusal({ ...base, status })).toBe(RECALL_MESSAGES.notAccepted);
  });
});
