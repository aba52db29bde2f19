import { zText } from '../../../common/bounds';
import { msg } from '../../../common/errors';

/**
 * Password rules for every console user (docs/decisions/platform.md "Platform administration"): at least
 * 10 characters, at most 200, not one of the most common / breached passwords, not the e-mail itself.
 * NIST SP 800-63B: length and a deny list instead of composition rules.
 */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;

/**
 * The most common passwords of the public breach corpora (top of the "rockyou" / "10k most common" lists,
 * plus the product's own words), lower-cased. Compared after lower-casing and trimming.
 */
export const DENIED_PASSWORDS: ReadonlySet<string> = new Set([
  '123456789012',
  '1234567890',
  '12345678910',
  '0123456789',
  '1111111111',
  '0000000000',
  '1234512345',
  '1qaz2wsx3edc',
  '1q2w3e4r5t',
  '1q2w3e4r5t6y',
  'qwertyuiop',
  'qwerty123456',
  'qwertyuiop123',
  'asdfghjkl1',
  'zxcvbnm123',
  'password12',
  'password123',
  'password1234',
  'password!23',
  'passw0rd123',
  'p@ssw0rd123',
  'p@ssword123',
  'iloveyou123',
  'princess123',
  'football123',
  'baseball123',
  'welcome123',
  'welcome1234',
  'sunshine123',
  'abc1234567',
  'abcd123456',
  'abcdefghij',
  'a123456789',
  'aa12345678',
  'qwe1234567',
  'admin12345',
  'admin123456',
  'administrator',
  'letmein123',
  'changeme123',
  'trustno1234',
  'dragon12345',
  'monkey12345',
  'superman123',
  'starwars123',
  'shopdesk123',
  'shopdesk1234',
  'quickclick123',
  'test-password',
  'testpassword',
  'demo-password',
  'demopassword',
]);

export const PASSWORD_MESSAGES = {
  tooShort: msg(
    `密碼至少需要 ${PASSWORD_MIN} 個字元`,
    `The password needs at least ${PASSWORD_MIN} characters`,
  ),
  tooLong: msg(`密碼最多 ${PASSWORD_MAX} 個字元`, `The password may have at most ${PASSWORD_MAX} characters`),
  common: msg(
    '這個密碼太常見（曾出現在外洩密碼清單中），請換一個',
    'This password is too common (it appears in lists of leaked passwords); please choose another',
  ),
  sameAsEmail: msg('密碼不可與電子郵件相同', 'The password may not be the same as the e-mail'),
  repeated: msg('密碼不可只有同一個字元重複', 'The password may not be one character repeated'),
  mismatch: msg('兩次輸入的密碼不一致', 'The two passwords do not match'),
  required: msg('請輸入密碼', 'Please enter a password'),
  currentWrong: msg('目前的密碼不正確', 'The current password is not correct'),
  tokenInvalid: msg(
    '這個設定密碼連結無效或已過期，請重新申請',
    'This set-password link is invalid or has expired; please ask for a new one',
  ),
} as const;

/** Why a new password is refused (the message), or null when it is fine. One rule for form and server. */
export const passwordProblem = (password: string, email?: string) => {
  if (password.length < PASSWORD_MIN) return PASSWORD_MESSAGES.tooShort;
  if (password.length > PASSWORD_MAX) return PASSWORD_MESSAGES.tooLong;
  const norm = password.trim().toLowerCase();
  if (DENIED_PASSWORDS.has(norm)) return PASSWORD_MESSAGES.common;
  if (/^(.)\1*$/.test(norm)) return PASSWORD_MESSAGES.repeated;
  if (email && norm === email.trim().toLowerCase()) return PASSWORD_MESSAGES.sameAsEmail;
  return null;
};

/** A new password as a request field (the e-mail check runs on the server, which knows the user). */
export const ZNewPassword = zText(PASSWORD_MAX + 1, { error: PASSWORD_MESSAGES.required.zh }).superRefine(
  (value, ctx) => {
    const problem = passwordProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.zh });
  },
);
