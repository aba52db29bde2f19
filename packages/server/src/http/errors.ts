import { COMMON_MESSAGES, ERROR_CODES, type TErrorCode, type TMessage } from '@shopdesk/contract';

/** An error the API answers as `{ error: { code, message, messageEn, field } }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: TErrorCode | string,
    readonly text: TMessage,
    readonly field?: string,
  ) {
    super(text.en);
  }
}

export const badRequest = (text: TMessage, field?: string, code: string = ERROR_CODES.validation) =>
  new ApiError(400, code, text, field);
export const unauthorized = () => new ApiError(401, ERROR_CODES.unauthorized, COMMON_MESSAGES.unauthorized);
export const forbidden = (text: TMessage = COMMON_MESSAGES.forbidden) =>
  new ApiError(403, ERROR_CODES.forbidden, text);
export const notFound = (text: TMessage = COMMON_MESSAGES.notFound) =>
  new ApiError(404, ERROR_CODES.notFound, text);
export const conflict = (text: TMessage, code: string = ERROR_CODES.conflict) =>
  new ApiError(409, code, text);
