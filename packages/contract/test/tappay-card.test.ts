// TapPay card form (docs/decisions/payments.md "TapPay card form"; spec 001 §3 "Payment config" TapPay types).
import { describe, expect, it } from 'vitest';
import { TAPPAY_CARD_MESSAGES, TAPPAY_SDK_PATH, tappayCardReady, tappayFailureMessage } from '../src';

const app = { tappayAppId: '12348', tappayAppKey: 'app_pa1pQcKoY22IlnSX' };

describe('tappayCardReady: TapPay counts as offered only with its card type on and the card form configured', () => {
  it('needs the direct (card) type switched on', () => {
    expect(tappayCardReady(['direct'], app)).toBe(true);
    expect(tappayCardReady(['apple', 'google', 'direct'], app)).toBe(true);
    // spec 001 §3: apple, google, jko need their own buttons, which the app does not show
    expect(tappayCardReady(['apple', 'google'], app)).toBe(false);
    expect(tappayCardReady([], app)).toBe(false);
  });
  it('needs a numeric app id and an app_… key', () => {
    expect(tappayCardReady(['direct'], {})).toBe(false);
    expect(tappayCardReady(['direct'], null)).toBe(false);
    expect(tappayCardReady(['direct'], { ...app, tappayAppId: 'abc' })).toBe(false);
    expect(tappayCardReady(['direct'], { ...app, tappayAppKey: 'key_123456789' })).toBe(false);
  });
});

describe('tappayFailureMessage: what the customer reads after a refusal', () => {
  it('asks for the card again after a used or expired prime, another card after a bank refusal', () => {
    expect(tappayFailureMessage('91')).toBe(TAPPAY_CARD_MESSAGES.expired);
    expect(tappayFailureMessage('121')).toBe(TAPPAY_CARD_MESSAGES.expired);
    expect(tappayFailureMessage('10003')).toBe(TAPPAY_CARD_MESSAGES.declined);
    expect(tappayFailureMessage('NOT_CONFIGURED')).toBe(TAPPAY_CARD_MESSAGES.failed);
    expect(tappayFailureMessage(null)).toBe(TAPPAY_CARD_MESSAGES.failed);
  });
  it('the simulator serves its card form at TapPay’s own SDK path', () => {
    expect(TAPPAY_SDK_PATH).toMatch(/^\/sdk\/tpdirect\/v5\.\d+\.\d+$/);
  });
});
