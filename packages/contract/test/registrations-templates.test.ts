// (spec 000 §2 /registrations, /si-email-template, Portals: routes only; docs/decisions/platform.md
// "Portals, applications and SI mail templates"): the application form's rules, the status moves, the
// template placeholders and the portal key.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAIL_TEMPLATES,
  isValidTaxId,
  MAIL_PLACEHOLDERS,
  MAIL_TEMPLATE_KINDS,
  mayMoveRegistration,
  placeholdersIn,
  renderPlaceholders,
  templateProblem,
  ZPortalInput,
  ZRegistrationInput,
} from '../src';

describe('統一編號 checksum on the application form (2023 rule: divisor 5)', () => {
  it('accepts a number valid only under the 2023 divisor-5 rule (sum 5) and classic ones', () => {
    // 1·1 + 0 … + 4·1 = 5: not divisible by 10, divisible by 5
    expect(isValidTaxId('10000004')).toBe(true);
    for (const ok of ['22099131', '04595257', '12345675']) expect(isValidTaxId(ok), ok).toBe(true);
  });
  it('refuses a wrong check digit and malformed input', () => {
    for (const bad of ['10000003', '22099132', '1234567', 'abcdefgh'])
      expect(isValidTaxId(bad), bad).toBe(false);
  });
  const form = {
    shopName: '好味小館',
    contactName: '王小明',
    email: 'owner@example.com',
    phone: '0912-345-678',
    taxId: '22099131',
    address: '台北市中山區南京東路一段 1 號',
    planId: 1,
  };
  it('a complete form passes; a bad tax id, phone or e-mail names its field', () => {
    expect(ZRegistrationInput.safeParse(form).success).toBe(true);
    const fieldOf = (patch: object) =>
      ZRegistrationInput.safeParse({ ...form, ...patch }).error?.issues.map((i) => i.path[0]);
    expect(fieldOf({ taxId: '22099132' })).toEqual(['taxId']);
    expect(fieldOf({ phone: '12345' })).toEqual(['phone']);
    expect(fieldOf({ email: 'not-an-email' })).toEqual(['email']);
    expect(fieldOf({ shopName: '   ' })).toEqual(['shopName']);
  });
});

describe('application status moves', () => {
  it('new → contacted → approved; opened only through the wizard and final', () => {
    expect(mayMoveRegistration('new', 'contacted')).toBe(true);
    expect(mayMoveRegistration('contacted', 'approved')).toBe(true);
    expect(mayMoveRegistration('approved', 'opened')).toBe(false);
    expect(mayMoveRegistration('opened', 'rejected')).toBe(false);
    expect(mayMoveRegistration('rejected', 'approved')).toBe(false);
    expect(mayMoveRegistration('rejected', 'contacted')).toBe(true);
  });
});

describe('mail template placeholders', () => {
  const offered = MAIL_PLACEHOLDERS.shopInfo;
  it('fills offered placeholders, leaves other braces as written, empties missing values', () => {
    expect(
      renderPlaceholders('【{shopName}】#{shopId} {link}', { shopName: '好味', shopId: 7 }, offered),
    ).toBe('【好味】#7 ');
    expect(renderPlaceholders('{"a":1} {shopname} :-{', { shopName: 'x' }, offered)).toBe(
      '{"a":1} {shopname} :-{',
    );
  });
  it('lists the names used and refuses unknown ones per kind', () => {
    expect(placeholdersIn('{a} {b} {a}')).toEqual(['a', 'b']);
    expect(templateProblem('shopInfo', { subject: '{shopName}', body: '{period}' })?.en).toContain(
      '{period}',
    );
    expect(templateProblem('weeklyReport', { subject: '{shopName}', body: '{period}' })).toBeNull();
  });
  it('every default template uses only its own placeholders', () => {
    for (const kind of MAIL_TEMPLATE_KINDS)
      expect(templateProblem(kind, DEFAULT_MAIL_TEMPLATES[kind]), kind).toBeNull();
  });
});

describe('portal key', () => {
  const ok = (key: string) => ZPortalInput.safeParse({ key, name: 'x' }).success;
  it('is a plain URL segment, not reserved', () => {
    expect(ok('taipei-food')).toBe(true);
    expect(ok('Taipei')).toBe(false);
    expect(ok('-a')).toBe(false);
    expect(ok('a b')).toBe(false);
    expect(ok('new')).toBe(false);
    expect(ok('shops')).toBe(false);
  });
});
