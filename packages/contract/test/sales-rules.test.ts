import { describe, expect, it } from 'vitest';
import {
  checkSalesRange,
  customerDataFor,
  DATE_RULE_MESSAGES,
  exportFileName,
  maskName,
  maskPhone,
  ZSalesFilters,
  ZVoucherFilters,
} from '../src';

const today = '2026-11-22';

describe('sales date rules', () => {
  // spec 000 §5: order queries at most 31 days, sales export at most 7 days
  it('a query may cover 31 days, an export 7', () => {
    expect(checkSalesRange({ from: '2026-10-23', to: today }, 'query', today)).toBeNull();
    expect(checkSalesRange({ from: '2026-10-22', to: today }, 'query', today)).toEqual({
      field: 'to',
      message: DATE_RULE_MESSAGES.queryRange,
    });
    expect(checkSalesRange({ from: '2026-11-16', to: today }, 'export', today)).toBeNull();
    expect(checkSalesRange({ from: '2026-11-15', to: today }, 'export', today)).toEqual({
      field: 'to',
      message: DATE_RULE_MESSAGES.exportRange,
    });
  });

  // spec 000 §5: a query start may not be later than today or after the end
  it('the start may not be after today nor after the end', () => {
    expect(checkSalesRange({ from: '2026-11-23', to: '2026-11-23' }, 'query', today)?.message).toBe(
      DATE_RULE_MESSAGES.startAfterToday,
    );
    expect(checkSalesRange({ from: '2026-11-20', to: '2026-11-19' }, 'export', today)?.message).toBe(
      DATE_RULE_MESSAGES.startAfterEnd,
    );
  });

  // spec 000 §5: phone search covers the last 3 months
  it('a phone search stays within the last 3 months; without a phone older days are fine', () => {
    const old = { from: '2026-08-21', to: '2026-08-25' };
    expect(checkSalesRange({ ...old, phone: '0912345678' }, 'query', today)).toEqual({
      field: 'from',
      message: DATE_RULE_MESSAGES.phoneRange,
    });
    expect(checkSalesRange(old, 'query', today)).toBeNull();
    expect(
      checkSalesRange({ from: '2026-08-22', to: '2026-08-25', phone: '0912' }, 'query', today),
    ).toBeNull();
  });
});

describe('sales filters', () => {
  it('reads the query string: phone digits only, empty choices dropped, includeVoided as a word', () => {
    const f = ZSalesFilters.parse({
      from: '2026-11-16',
      to: today,
      shopId: '',
      phone: '0912-345 678',
      includeVoided: 'false',
    });
    expect(f).toEqual({ from: '2026-11-16', to: today, phone: '0912345678', includeVoided: false });
    expect(ZSalesFilters.parse({ from: today, to: today, includeVoided: 'true' }).includeVoided).toBe(true);
    expect(ZSalesFilters.safeParse({ from: today, to: today, phone: '12' }).success).toBe(false);
  });

  it('voucher codes are matched upper case', () => {
    expect(ZVoucherFilters.parse({ from: today, to: today, code: ' lunch20 ' }).code).toBe('LUNCH20');
    expect(ZVoucherFilters.safeParse({ from: today, to: today, code: 'no spaces' }).success).toBe(false);
  });

  it('an si sees the middle digits of a phone masked', () => {
    expect(maskPhone('0912345678')).toBe('0912***678');
    expect(maskPhone('12345')).toBe('***45');
  });

  it('names the file after the range', () => {
    expect(exportFileName('sales', { from: '2026-11-16', to: today }, 'xlsx')).toBe(
      'sales-2026-11-16_2026-11-22.xlsx',
    );
  });
});

// one rule per role for customer data (docs/decisions/reports.md).
describe('customerDataFor', () => {
  const row = {
    id: 1,
    customerName: '王小明',
    customerPhone: '0912345678',
    lineUserId: 'Uabc',
    deliveryAddress: '台北市中正區忠孝西路一段 100 號',
  };
  it('gaa, eaa and line see everything', () => {
    for (const v of ['gaa', 'eaa', 'line'] as const) expect(customerDataFor(v, row)).toEqual(row);
  });
  it('pos keeps name, phone and address, never the chat user id', () => {
    expect(customerDataFor('pos', row)).toEqual({ ...row, lineUserId: null });
  });
  it('si sees no identity', () => {
    expect(customerDataFor('si', row)).toEqual({
      id: 1,
      customerName: '王**',
      customerPhone: '0912***678',
      lineUserId: null,
      deliveryAddress: '台北市中正區…',
    });
    expect(customerDataFor('si', { phone: '0223456789' })).toEqual({ phone: '0223***789' });
    expect(maskName('')).toBe('');
    expect(maskName('A')).toBe('A*');
  });
});
