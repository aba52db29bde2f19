import { describe, expect, it } from 'vitest';
import {
  checkStatsRange,
  daysOf,
  deltaPct,
  previousRange,
  ZShareLinkBody,
} from '../src/features/reports/stats';

describe('statistics date rules (spec 000 §5, statistics allow 92 days)', () => {
  const today = '2026-11-23';
  it('refuses a start after today or after the end with the spec’s texts', () => {
    expect(checkStatsRange({ from: '2026-11-24', to: '2026-11-24' }, today)?.message.zh).toBe(
      '開始日期不可晚於今天',
    );
    expect(checkStatsRange({ from: '2026-11-20', to: '2026-11-19' }, today)?.message.zh).toBe(
      '開始日期不可晚於結束日期',
    );
  });
  it('allows 92 days and refuses 93 on the end field', () => {
    expect(checkStatsRange({ from: '2026-08-24', to: '2026-11-23' }, today)).toBeNull();
    expect(checkStatsRange({ from: '2026-08-23', to: '2026-11-23' }, today)).toEqual({
      field: 'to',
      message: { zh: '統計區間最多 92 天', en: 'Statistics cover at most 92 days' },
    });
  });
});

describe('previous period and deltas', () => {
  it('the previous period has the same length and ends the day before the start', () => {
    expect(previousRange({ from: '2026-11-17', to: '2026-11-23' })).toEqual({
      from: '2026-11-10',
      to: '2026-11-16',
    });
    expect(previousRange({ from: '2026-03-01', to: '2026-03-31' })).toEqual({
      from: '2026-01-29',
      to: '2026-02-28',
    });
    expect(daysOf({ from: '2026-02-27', to: '2026-03-02' })).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });
  it('delta is a percentage with one decimal, null without a previous figure', () => {
    expect(deltaPct(110, 100)).toBe(10);
    expect(deltaPct(2, 3)).toBe(-33.3);
    expect(deltaPct(5, 0)).toBeNull();
  });
  it('share links live 1 to 30 days, 7 by default', () => {
    expect(ZShareLinkBody.parse({ accountId: 1 }).days).toBe(7);
    expect(ZShareLinkBody.safeParse({ accountId: 1, days: 31 }).success).toBe(false);
    expect(ZShareLinkBody.safeParse({ accountId: 1, days: 0 }).success).toBe(false);
  });
});
