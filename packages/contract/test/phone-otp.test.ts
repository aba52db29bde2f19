// spec 001 §2.2 is_otp_enabled (SMS verification): the contract's rules of the code's sends and checks
// (docs/decisions/customer-app.md "SMS verification").
import { describe, expect, it } from 'vitest';
import {
  canonicalMobile,
  OTP_MAX_ATTEMPTS,
  otpCheckOutcome,
  otpHolder,
  otpPhoneField,
  otpSendRefusal,
  ZPhoneVerifyRequest,
} from '../src';

const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, s));

describe('otpSendRefusal: one code a minute, five an hour, per phone', () => {
  it('the first code goes; a second within 60 s waits for the rest of the minute', () => {
    expect(otpSendRefusal([], at(0))).toBeNull();
    expect(otpSendRefusal([at(0)], at(20))).toEqual({ code: 'OTP_TOO_SOON', retryAfterS: 40 });
    expect(otpSendRefusal([at(0)], at(60))).toBeNull();
  });

  it('a sixth code in a rolling hour waits until the oldest is an hour old', () => {
    const five = [0, 600, 1200, 1800, 2400].map(at);
    expect(otpSendRefusal(five.slice(0, 4), at(3000))).toBeNull();
    expect(otpSendRefusal(five, at(3000))).toEqual({ code: 'OTP_TOO_MANY', retryAfterS: 600 });
    expect(otpSendRefusal(five, at(3600))).toBeNull();
  });
});

describe('otpCheckOutcome: a live code is compared; expired, used or spent ones need a new code', () => {
  const live = { expiresAt: at(300), attempts: 0, usedAt: null };
  it('compares a live code with attempts left', () => {
    expect(otpCheckOutcome(live, at(10))).toBe('compare');
    expect(otpCheckOutcome({ ...live, attempts: OTP_MAX_ATTEMPTS - 1 }, at(10))).toBe('compare');
  });
  it('refuses none, expired (5 minutes), used, and spent after five wrong tries', () => {
    expect(otpCheckOutcome(null, at(10))).toBe('OTP_NO_CODE');
    expect(otpCheckOutcome(live, at(300))).toBe('OTP_NO_CODE');
    expect(otpCheckOutcome({ ...live, usedAt: at(5) }, at(10))).toBe('OTP_NO_CODE');
    expect(otpCheckOutcome({ ...live, attempts: OTP_MAX_ATTEMPTS }, at(10))).toBe('OTP_ATTEMPTS_USED');
  });
});

describe('the phone and its holder', () => {
  it('only Taiwan mobile numbers are verified, written as 09…', () => {
    expect(canonicalMobile('0912-345-678')).toBe('0912345678');
    expect(canonicalMobile('+886 912 345 678')).toBe('0912345678');
    expect(canonicalMobile('02-2345-6789')).toBeNull();
  });
  it('the LINE user holds it inside LINE, else the device', () => {
    expect(otpHolder({ lineUserId: 'Uabc', deviceId: 'dev' })).toBe('Uabc');
    expect(otpHolder({ deviceId: 'dev' })).toBe('dev');
    expect(otpHolder({})).toBeNull();
  });
  it('with the switch on the phone is required for every meal type, even where the shop hides it', () => {
    const hidden = { required: false, hidden: true };
    expect(otpPhoneField(hidden, 'to_go', false)).toBe('hidden');
    expect(otpPhoneField(hidden, 'to_go', true)).toBe('required');
  });
  it('a code is six digits', () => {
    const base = { phone: '0912345678', holder: 'device-0001' };
    expect(ZPhoneVerifyRequest.safeParse({ ...base, code: '012345' }).success).toBe(true);
    expect(ZPhoneVerifyRequest.safeParse({ ...base, code: '12345' }).success).toBe(false);
    expect(ZPhoneVerifyRequest.safeParse({ ...base, code: '12345a' }).success).toBe(false);
  });
});
