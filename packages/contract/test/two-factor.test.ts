// "Two-factor sign-in (TOTP) for gaa users, required, and optional for the others" — the rules the
// server and the login page share (docs/decisions/platform.md "Two-factor sign-in").
import { describe, expect, it } from 'vitest';
import {
  normaliseOtpInput,
  otpInputKind,
  TOTP,
  twoFactorRequired,
  ZOtpCodeBody,
  ZTotpCodeBody,
} from '../src';

describe('two-factor rules', () => {
  it('is required for gaa only', () => {
    expect(twoFactorRequired('gaa')).toBe(true);
    for (const type of ['si', 'eaa', 'line'] as const) expect(twoFactorRequired(type)).toBe(false);
    // a two-factor-exempt gaa (the demo seed's gaa@demo.test only) is not required to; the others may still
    expect(twoFactorRequired('gaa', true)).toBe(false);
    expect(twoFactorRequired('gaa', false)).toBe(true);
    expect(twoFactorRequired('si', true)).toBe(false);
  });

  it('uses what authenticator apps read from an otpauth:// code: 6 digits every 30 s (RFC 6238)', () => {
    expect(TOTP).toMatchObject({ digits: 6, periodSec: 30, toleranceSteps: 1, recoveryCodes: 10 });
  });

  it('reads a code as typed: spaces, dashes and case do not matter', () => {
    expect(normaliseOtpInput(' 123 456 ')).toBe('123456');
    expect(normaliseOtpInput('ABCDE-FGH23')).toBe('abcdefgh23');
    expect(otpInputKind('123 456')).toBe('totp');
    expect(otpInputKind('abcde-fgh23')).toBe('recovery');
    expect(otpInputKind('ABCDE FGH23')).toBe('recovery');
  });

  it('refuses what is neither a 6-digit code nor a recovery code', () => {
    for (const bad of ['', '12345', '1234567', '12ab56', 'abcde-fgh21', 'abcde-fgh2']) {
      expect(otpInputKind(bad), bad).toBeNull();
      expect(ZOtpCodeBody.safeParse({ code: bad }).success, bad).toBe(false);
    }
    expect(ZOtpCodeBody.safeParse({ code: 'x'.repeat(41) }).success).toBe(false); // bounded
  });

  it('confirms an enrolment with a 6-digit code only: a recovery code proves nothing there', () => {
    expect(ZTotpCodeBody.safeParse({ code: '123456' }).success).toBe(true);
    expect(ZTotpCodeBody.safeParse({ code: 'abcde-fgh23' }).success).toBe(false);
    expect(ZOtpCodeBody.safeParse({ code: 'abcde-fgh23' }).success).toBe(true);
  });
});
