// live order board rules (spec 000 §4 order statuses; lanes, order and sounds are ours,
// docs/decisions/orders.md "Live order board").
import { describe, expect, it } from 'vitest';
import { laneOf, sortLane, soundOf, type TBoardOrder, waitingCount } from '../src';

const order = (id: number, over: Partial<TBoardOrder> = {}): TBoardOrder => ({
  id,
  serial: id,
  status: 'new',
  mealType: 'to_go',
  paymentMethod: 'cash',
  paymentStatus: 'unpaid',
  onlinePayment: null,
  comment: null,
  receipt: false,
  pickUp: false,
  customerName: '王小明',
  customerPhone: '0912345678',
  tableNumber: null,
  wantedAt: null,
  deliveryAddress: null,
  subtotal: 45,
  discount: 0,
  deliveryFee: 0,
  total: 45,
  itemCount: 1,
  createdAt: '2026-11-23T04:00:00.000Z',
  acceptedAt: null,
  finishedAt: null,
  statusReason: null,
  logisticsStatus: null,
  logisticsUpdatedAt: null,
  lastPrint: null,
  items: [],
  ...over,
});

describe('board lanes', () => {
  it('spec 000 §4 statuses fall into three lanes: new, accepted (in progress), done today', () => {
    expect(laneOf('new')).toBe('new');
    expect(laneOf('accepted')).toBe('accepted');
    expect(['completed', 'rejected', 'canceled'].map((s) => laneOf(s as 'completed'))).toEqual([
      'done',
      'done',
      'done',
    ]);
  });

  it('open lanes put the order due first on top: wanted time, else order time', () => {
    const later = order(1, { createdAt: '2026-11-23T04:00:00.000Z', wantedAt: '2026-11-23T05:00:00.000Z' });
    const asap = order(2, { createdAt: '2026-11-23T04:10:00.000Z' });
    const early = order(3, { createdAt: '2026-11-23T04:20:00.000Z', wantedAt: '2026-11-23T04:05:00.000Z' });
    expect(sortLane('new', [later, asap, early]).map((o) => o.id)).toEqual([3, 2, 1]);
  });

  it('the done lane shows the last finished first', () => {
    const a = order(1, { status: 'completed', finishedAt: '2026-11-23T04:30:00.000Z' });
    const b = order(2, { status: 'canceled', finishedAt: '2026-11-23T04:40:00.000Z' });
    expect(sortLane('done', [a, b]).map((o) => o.id)).toEqual([2, 1]);
  });
});

describe('board sounds', () => {
  it('a new order waiting for a decision rings; a cancellation has its own tone; the rest is silent', () => {
    expect(soundOf({ kind: 'created', status: 'new' })).toBe('new');
    expect(soundOf({ kind: 'created', status: 'accepted' })).toBeNull(); // auto-accepted
    expect(soundOf({ kind: 'status', status: 'canceled' })).toBe('canceled');
    expect(soundOf({ kind: 'status', status: 'accepted' })).toBeNull();
    expect(soundOf({ kind: 'logistics', status: 'accepted' })).toBeNull();
  });

  it('rings while any order is still new', () => {
    expect(waitingCount([order(1), order(2, { status: 'accepted' }), order(3)])).toBe(2);
    expect(waitingCount([order(1, { status: 'rejected' })])).toBe(0);
  });
});
