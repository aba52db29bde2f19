import { z } from 'zod';
import { zText } from '../../../common/bounds';
import { msg } from '../../../common/errors';

export const EMAIL_MESSAGES = {
  recipientRequired: msg('請輸入收件人', 'Please enter a recipient'),
  emailInvalid: msg('電子郵件格式錯誤', 'Please enter a valid e-mail'),
  bccInvalid: msg('密件副本的電子郵件格式錯誤', 'One of the BCC addresses is not a valid e-mail'),
} as const;

/** One e-mail address, trimmed (50 characters is the spec's e-mail limit, 000 §9; 254 is SMTP's). */
export const ZEmailAddress = (message = EMAIL_MESSAGES.emailInvalid.zh) =>
  zText(undefined, { error: EMAIL_MESSAGES.recipientRequired.zh })
    .trim()
    .min(1, EMAIL_MESSAGES.recipientRequired.zh)
    .max(254, message)
    .pipe(z.email(message));

/** A comma-separated address list as typed in a form: split on commas, trimmed, empty parts dropped (spec 002 §5). */
export const splitEmailList = (text: string): string[] =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
