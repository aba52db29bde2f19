import { describe, expect, it } from 'vitest';
import { paymentConfigState, shopSettingProblems, type TShopSettingsFacts } from '../src';

const mode = (on: boolean, cash = false, pay = false) => ({ on, cash, pay });
const facts = (over: Partial<TShopSettingsFacts> = {}): TShopSettingsFacts => ({
  isEnabled: true,
  modes: { eat_in: mode(true, true), to_go: mode(false), delivery: mode(false) },
  deliveryZones: 0,
  printers: 1,
  printersOnline: 1,
  contractSysEnd: '2026-12-31',
  hasContracts: true,
  ...over,
});

// the shop-settings report's problems (docs/decisions/reports.md "Platform reports")
describe('shopSettingProblems', () => {
  const today = '2026-11-24';
  it('a well-set shop has none', () => {
    expect(shopSettingProblems(facts(), today)).toEqual([]);
  });
  it('an online shop needs an open dining mode that takes some payment, and a printer', () => {
    const none = { eat_in: mode(false), to_go: mode(false), delivery: mode(false) };
    expect(shopSettingProblems(facts({ modes: none }), today)).toEqual(['online_no_mode']);
    const unpaid = { eat_in: mode(true), to_go: mode(false, true, true), delivery: mode(false) };
    expect(shopSettingProblems(facts({ modes: unpaid }), today)).toEqual(['online_no_payment']);
    expect(shopSettingProblems(facts({ printers: 0, printersOnline: 0 }), today)).toEqual(['no_printer']);
    // an offline shop is not asked for any of this
    expect(shopSettingProblems(facts({ isEnabled: false, modes: none, printers: 0 }), today)).toEqual([]);
  });
  it('delivery needs a zone; a printer that is not online is flagged whether the shop is online or not', () => {
    const delivery = { eat_in: mode(false), to_go: mode(false), delivery: mode(true, true) };
    expect(shopSettingProblems(facts({ modes: delivery }), today)).toEqual(['delivery_no_zone']);
    expect(shopSettingProblems(facts({ modes: delivery, deliveryZones: 1 }), today)).toEqual([]);
    expect(shopSettingProblems(facts({ isEnabled: false, printers: 2, printersOnline: 1 }), today)).toEqual([
      'printer_offline',
    ]);
  });
  it('a contract ending within 14 days, or ended with none after it; a shop without contracts is left alone', () => {
    expect(shopSettingProblems(facts({ contractSysEnd: '2026-12-08' }), today)).toEqual(['contract_ending']);
    expect(shopSettingProblems(facts({ contractSysEnd: '2026-12-09' }), today)).toEqual([]);
    expect(shopSettingProblems(facts({ contractSysEnd: null }), today)).toEqual(['contract_ended']);
    expect(shopSettingProblems(facts({ contractSysEnd: null, hasContracts: false }), today)).toEqual([]);
  });
});

// the online-payment report's state of a configured service
describe('paymentConfigState', () => {
  const base = { enabledTypes: ['direct'], lastTestOk: null, failed: 0, paid: 0 };
  it('off when no type is on, whatever else', () => {
    expect(paymentConfigState({ ...base, enabledTypes: [], lastTestOk: false, failed: 3 })).toBe('off');
  });
  it('failing on a failed test or a failed payment, working on a passed test or a payment', () => {
    expect(paymentConfigState({ ...base, lastTestOk: false, paid: 9 })).toBe('failing');
    expect(paymentConfigState({ ...base, lastTestOk: true, failed: 1 })).toBe('failing');
    expect(paymentConfigState({ ...base, lastTestOk: true })).toBe('working');
    expect(paymentConfigState({ ...base, paid: 1 })).toBe('working');
    expect(paymentConfigState(base)).toBe('untested');
  });
});
