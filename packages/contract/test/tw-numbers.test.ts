// tax IDs (統一編號, with the Taiwan check digit) and phone numbers are checked by format,
// one rule each, in the shop forms, the settings page, the banned list and order intake.
import { describe, expect, it } from 'vitest';
import { isTaiwanPhone, isValidTaxId, ZPlaceOrderRequest } from '../src';

describe('tax ID (統一編號)', () => {
  it('accepts numbers with a valid check digit, the 7th-digit-7 case included', () => {
    for (const ok of ['22099131', '04595257', '10458575', '12345675'])
      expect(isValidTaxId(ok), ok).toBe(true);
  });
  it('refuses a wrong check digit, other lengths and non-digits', () => {
    for (const bad of ['22099132', '1234567', '123456789', '2209913a', '', '22 099131'])
      expect(isValidTaxId(bad), bad).toBe(false);
  });
});

describe('Taiwan phone numbers', () => {
  it('accepts mobiles and landlines with area code, with common separators', () => {
    for (const ok of [
      '0912345678',
      '0912-345-678',
      '02-2345-6789',
      '(02) 2345 6789',
      '04-2234-5678',
      '037-123456',
      '+886 912 345 678',
      '+886-2-2345-6789',
      '02-2345-6789#123',
    ])
      expect(isTaiwanPhone(ok), ok).toBe(true);
  });
  it('refuses numbers without an area code, too short or long, and text', () => {
    for (const bad of ['2345-6789', '091234567', '09123456789', '1', 'abc', '0112345678', '+1 415 555 0100'])
      expect(isTaiwanPhone(bad), bad).toBe(false);
  });
});

const customer = (phone: string) =>
  ZPlaceOrderRequest.safeParse({
    mealType: 'to_go',
    customer: { name: '王小明', phone },
    items: [{ productId: 1, quantity: 1 }],
    paymentMethod: 'cash',
  });

describe('where the rules apply', () => {
  it('order intake refuses a customer phone that is not one, with the message', () => {
    const bad = customer('12345');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(
      '電話格式錯誤：手機為 09 開頭 10 碼，市話請含區碼（例：02-2345-6789）',
    );
    expect(customer('0912-345-678').data?.customer.phone).toBe('0912345678');
  });
});
