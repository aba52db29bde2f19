import { COMMON_MESSAGES, ERROR_CODES, englishFor, msg } from '@shopdesk/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import {
  DB_RETRY_AFTER_S,
  isDatabaseUnavailable,
  UNIQUE_CONFLICTS,
  uniqueViolation,
} from '../../db/db-errors';
import { ApiError } from '../../http/errors';

const TOO_LARGE = msg('資料量過大', 'The request body is too large');
const RATE_LIMITED = msg('請求過於頻繁，請稍後再試', 'Too many requests, please try again later');

/** Every error leaves as `{ error: { code, message, messageEn?, field? } }`. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof ApiError) {
      return reply.code(err.status).send({
        error: { code: err.code, message: err.text.zh, messageEn: err.text.en, field: err.field },
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issue = err.validation[0]!;
      // The field is the value's path in its part; a whole-part issue names the part (body, querystring, params).
      const field =
        issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || err.validationContext || undefined;
      const message = issue.message ?? COMMON_MESSAGES.validation.zh;
      return reply.code(400).send({
        error: {
          code: ERROR_CODES.validation,
          message,
          messageEn: englishFor(message) ?? (field ? `${field}: ${message}` : message),
          field,
        },
      });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause.issues }, 'response does not match its schema');
      return reply.code(500).send({
        error: {
          code: ERROR_CODES.internal,
          message: COMMON_MESSAGES.internal.zh,
          messageEn: COMMON_MESSAGES.internal.en,
        },
      });
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({
        error: { code: ERROR_CODES.payloadTooLarge, message: TOO_LARGE.zh, messageEn: TOO_LARGE.en },
      });
    }
    if (err.statusCode === 429) {
      return reply.code(429).send({
        error: { code: ERROR_CODES.rateLimited, message: RATE_LIMITED.zh, messageEn: RATE_LIMITED.en },
      });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Malformed JSON, unsupported media type from Fastify itself, …
      return reply.code(err.statusCode).send({
        error: { code: err.code ?? ERROR_CODES.validation, message: err.message, messageEn: err.message },
      });
    }
    const taken = UNIQUE_CONFLICTS[uniqueViolation(err) ?? ''];
    if (taken) {
      // a unique rule of the database (e.g. two wizard Finishes racing for one LINE channel): 409, not 500
      return reply.code(409).send({
        error: {
          code: ERROR_CODES.conflict,
          message: taken.text.zh,
          messageEn: taken.text.en,
          field: taken.field,
        },
      });
    }
    if (isDatabaseUnavailable(err)) {
      // The database restarts, is stopped or does not answer: the request may be repeated.
      req.log.warn(
        { code: (err.cause as { code?: string } | undefined)?.code ?? err.code },
        'database unavailable',
      );
      return reply
        .code(503)
        .header('retry-after', String(DB_RETRY_AFTER_S))
        .send({
          error: {
            code: ERROR_CODES.unavailable,
            message: COMMON_MESSAGES.unavailable.zh,
            messageEn: COMMON_MESSAGES.unavailable.en,
          },
        });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({
      error: {
        code: ERROR_CODES.internal,
        message: COMMON_MESSAGES.internal.zh,
        messageEn: COMMON_MESSAGES.internal.en,
      },
    });
  });
});
