import { describe, expect, it } from 'vitest';
import {
  actionsFor,
  checkDateRange,
  DATE_RULE_MESSAGES,
  daysInRange,
  illegalTransitionMessage,
  ORDER_MESSAGES,
  ORDER_QUERY_MAX_DAYS,
  ORDER_REASON_PRESETS,
  phoneSearchEarliest,
  reasonPresetsFor,
  SALES_EXPORT_MAX_DAYS,
} from '../src';

// spec 000 §4: statuses new, accepted, rejected, completed, canceled (the moves between them are ours)
describe('order actions', () => {
  it('new orders are accepted or rejected, accepted ones completed or canceled, final ones nothing', () => {
    expect(actionsFor('new')).toEqual(['accept', 'reject']);
    expect(actionsFor('accepted')).toEqual(['complete', 'cancel']);
    for (const s of ['rejected', 'completed', 'canceled'] as const) expect(actionsFor(s)).toEqual([]);
  });
  it('a refused move names the order’s current status in both languages', () => {
    expect(illegalTransitionMessage('completed', 'cancel')).toEqual({
      zh: '此訂單目前為「已完成」，無法取消訂單',
      en: 'This order is now "Completed"; it cannot be canceled',
    });
  });
});

// spec 000 §5 "Date rules from the texts"
describe('date rules', () => {
  const today = '2026-11-23';
  const rule = (from: string, to: string, extra: Partial<Parameters<typeof checkDateRange>[1]> = {}) =>
    checkDateRange({ from, to }, { maxDays: ORDER_QUERY_MAX_DAYS, today, ...extra });

  it('a start later than today is refused on the start field', () => {
    expect(rule('2026-11-24', '2026-11-25')).toEqual({
      field: 'from',
      message: DATE_RULE_MESSAGES.startAfterToday,
    });
    expect(rule('2026-11-23', '2026-11-23')).toBeNull();
  });
  it('a start after the end is refused', () => {
    expect(rule('2026-11-20', '2026-11-19')).toEqual({
      field: 'from',
      message: DATE_RULE_MESSAGES.startAfterEnd,
    });
  });
  it('order queries cover at most 31 days, both ends counted', () => {
    expect(daysInRange('2026-10-24', '2026-11-23')).toBe(31);
    expect(rule('2026-10-24', '2026-11-23')).toBeNull();
    expect(rule('2026-10-23', '2026-11-23')).toEqual({ field: 'to', message: DATE_RULE_MESSAGES.queryRange });
  });
  it('exports cover at most 7 days, with their own message', () => {
    const exp = { maxDays: SALES_EXPORT_MAX_DAYS, rangeMessage: DATE_RULE_MESSAGES.exportRange };
    expect(rule('2026-11-17', '2026-11-23', exp)).toBeNull();
    expect(rule('2026-11-16', '2026-11-23', exp)?.message.zh).toBe('匯出區間最多 7 天');
  });
  it('a phone search starts within the last 3 months', () => {
    expect(phoneSearchEarliest('2026-11-23')).toBe('2026-08-23');
    expect(phoneSearchEarliest('2026-05-31')).toBe('2026-02-28');
    expect(rule('2026-08-23', '2026-08-30', { phone: true })).toBeNull();
    expect(rule('2026-08-22', '2026-08-30', { phone: true })).toEqual({
      field: 'from',
      message: DATE_RULE_MESSAGES.phoneRange,
    });
  });
  it('a day that does not exist is a wrong date', () => {
    expect(rule('2026-02-30', '2026-03-01')).toEqual({
      field: 'from',
      message: DATE_RULE_MESSAGES.wrongDate,
    });
  });
});

// spec 000 §4 names the statuses, not the reasons: ours (docs/decisions/orders.md "Reject and cancel reasons")
describe('reject and cancel reasons', () => {
  it('a delivery order is offered every preset; eat-in and to-go are never offered 無法外送至此地址', () => {
    const zh = (m: string) => reasonPresetsFor(m).map((p) => p.zh);
    expect(zh('delivery')).toEqual(ORDER_REASON_PRESETS.map((p) => p.zh));
    for (const meal of ['eat_in', 'to_go']) {
      expect(zh(meal)).not.toContain('無法外送至此地址');
      expect(zh(meal)).toEqual(['商品已售完', '店內忙碌，無法接單', '即將打烊', '顧客要求取消']);
    }
  });

  it('the dialog’s prompt and its "nothing chosen" error are one message', () => {
    expect(ORDER_MESSAGES.reasonChoose).toEqual({ zh: '請選擇原因', en: 'Choose a reason' });
  });
});
