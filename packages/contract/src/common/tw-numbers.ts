import { msg, type TMessage } from './errors';

/**
 * Taiwan tax IDs and phone numbers: one rule each, used by the shop forms, the settings
 * page, the banned list, order intake and the server (docs/decisions/foundation.md "Proxy, CSRF, throttling, data
 * minimisation"). The tax-ID checksum itself is einvoice/tax-id.ts's isValidTaxId (the seed uses it too).
 */
export const TW_NUMBER_MESSAGES = {
  taxId: msg('統一編號須為 8 位數字且檢查碼正確', 'A tax ID (統一編號) is 8 digits with a valid check digit'),
  phone: msg(
    '電話格式錯誤：手機為 09 開頭 10 碼，市話請含區碼（例：02-2345-6789）',
    'Please enter a Taiwan phone number: a mobile starting 09 (10 digits) or a landline with its area code (e.g. 02-2345-6789)',
  ),
} as const;

/** Spaces, dashes, dots and brackets people type in phone numbers: 02-2345-6789, (02) 2345 6789. */
export const stripPhoneSeparators = (raw: string): string => raw.replace(/[\s\-.()]/g, '');

/**
 * A Taiwan phone number once separators are dropped: a mobile 09 + 8 digits; a landline or service
 * number 0 + area code 2–8 + 7–8 digits (02-2345-6789, 037-123456, 0800-123-456); or either with +886
 * instead of the 0; an extension may follow with #.
 */
export const TW_PHONE = /^(?:0|\+886)(?:9\d{8}|[2-8]\d{7,8})(?:#\d{1,6})?$/;
export const isTaiwanPhone = (raw: string): boolean => TW_PHONE.test(stripPhoneSeparators(raw.trim()));

/** The message of a field that holds a tax ID or a phone, with the field's label when one is given. */
export const twNumberMessage = (kind: 'taxId' | 'phone', label?: TMessage): TMessage => {
  const m = TW_NUMBER_MESSAGES[kind];
  return label && kind === 'phone'
    ? msg(`${label.zh}${m.zh.slice(2)}`, `${label.en}: ${m.en.charAt(0).toLowerCase()}${m.en.slice(1)}`)
    : m;
};
