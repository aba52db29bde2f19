import { BOUNDS_MESSAGES, FILE_NAME_MAX, isStorableText, type TMessage } from '@shopdesk/contract';
import type { FastifyRequest } from 'fastify';
import { ApiError, badRequest } from './errors';

/**
 * Reads the one file of a multipart upload. A body without a boundary, cut short or not
 * multipart at all is the client's fault: 400 naming the field, never a 500 from the parser. Too large is 413.
 */
export const readUploadedFile = async (
  req: FastifyRequest,
  field: string,
  texts: { missing: TMessage; tooLarge: TMessage },
  code: string,
): Promise<{ filename: string; content: Buffer }> => {
  if (!req.isMultipart()) throw badRequest(texts.missing, field, code);
  const malformed = (err: unknown) => {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      return new ApiError(413, code, texts.tooLarge, field);
    req.log.info({ err }, 'malformed multipart body');
    return badRequest(BOUNDS_MESSAGES.uploadMalformed, field, code);
  };
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await req.file();
  } catch (err) {
    throw malformed(err);
  }
  if (part?.fieldname !== field) throw badRequest(texts.missing, field, code);
  let content: Buffer;
  try {
    content = await part.toBuffer();
  } catch (err) {
    throw malformed(err);
  }
  if (part.filename.length > FILE_NAME_MAX || !isStorableText(part.filename))
    throw badRequest(BOUNDS_MESSAGES.fileName, field, code);
  return { filename: part.filename, content };
};
