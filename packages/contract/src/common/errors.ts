import { z } from 'zod';

/** Every error the API answers has this shape. `message` is zh-TW (the spec's text) when the spec gives one. */
export const ZApiError = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    messageEn: z.string().optional(),
    field: z.string().optional(),
  }),
});
export type TApiError = z.infer<typeof ZApiError>;

export const ERROR_CODES = {
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  validation: 'VALIDATION_FAILED',
  conflict: 'CONFLICT',
  badCredentials: 'BAD_CREDENTIALS',
  tooManyAttempts: 'TOO_MANY_ATTEMPTS',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  rateLimited: 'RATE_LIMITED',
  crossOrigin: 'CROSS_ORIGIN',
  internal: 'INTERNAL_ERROR',
  /** The database cannot answer now (restart, outage): 503 with Retry-After. */
  unavailable: 'SERVICE_UNAVAILABLE',
} as const;
export type TErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** A message in both languages: zh-TW is the spec's text, en beside it. */
export type TMessage = { zh: string; en: string };
const english = new Map<string, string>();
export const msg = (zh: string, en: string): TMessage => {
  english.set(zh, en);
  return { zh, en };
};
/** The English text of a zh-TW message defined with msg() (validation errors carry the zh text). */
export const englishFor = (zh: string): string | undefined => english.get(zh);

/** Generic texts for the errors the server raises itself. */
export const COMMON_MESSAGES = {
  unauthorized: msg('請先登入', 'Please sign in'),
  forbidden: msg('您沒有權限執行此操作', 'You do not have permission to do this'),
  notFound: msg('找不到資料', 'Not found'),
  validation: msg('資料格式錯誤', 'Please check the fields are filled in correctly'),
  internal: msg('伺服器錯誤，請稍後再試', 'Server error, please try again later'),
  unavailable: msg(
    '服務暫時無法使用，請稍後再試',
    'The service is briefly unavailable, please try again shortly',
  ),
} as const;
