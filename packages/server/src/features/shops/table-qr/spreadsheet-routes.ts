import multipart from '@fastify/multipart';
import { excelJsonOp, excelUploadOp, SPREADSHEET_LIMITS, SPREADSHEET_MESSAGES } from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { badRequest, forbidden, notFound } from '../../../http/errors';
import { readUploadedFile } from '../../../http/multipart';
import { registerOperation } from '../../../http/operation';
import { findUpload, saveUpload } from './spreadsheet-store';
import { assertReadable, looksLikeXlsx, parseWorkbook } from './workbook';

const UPLOAD_REFUSED = 'UPLOAD_REFUSED';

/**
 * The spreadsheet service (spec 000 §7 "Directory and tools"): POST /excel-upload stores a .xlsx for its
 * uploader, GET /excel-json/:id parses it. Errors carry the zh-TW text in `message` (the page's
 * message_TW) and English in `messageEn`, so the page never has to fall back to 上傳失敗 for a known cause.
 */
export const spreadsheetRoutes = async (app: FastifyInstance, opts: { db: Db }) => {
  const { db } = opts;

  // Multipart only in this scope: the upload is the one route that takes a file.
  await app.register(async (upload) => {
    await upload.register(multipart, {
      limits: { fileSize: SPREADSHEET_LIMITS.maxBytes, files: 1, fields: 5, parts: 6 },
    });
    registerOperation(upload, excelUploadOp, async (req) => {
      const user = req.requireUser();
      const part = await readUploadedFile(
        req,
        'excel',
        { missing: SPREADSHEET_MESSAGES.fileRequired, tooLarge: SPREADSHEET_MESSAGES.tooLarge },
        UPLOAD_REFUSED,
      );
      const { content } = part;
      if (!/\.xlsx$/i.test(part.filename) || !looksLikeXlsx(content))
        throw badRequest(SPREADSHEET_MESSAGES.notXlsx, 'excel', UPLOAD_REFUSED);
      try {
        await assertReadable(content);
      } catch {
        throw badRequest(SPREADSHEET_MESSAGES.unreadable, 'excel', UPLOAD_REFUSED);
      }
      return { file_id: await saveUpload(db, user.id, part.filename, content) };
    });
  });

  registerOperation(app, excelJsonOp, async (req) => {
    const user = req.requireUser();
    const upload = await findUpload(db, req.params.id);
    if (!upload) throw notFound(SPREADSHEET_MESSAGES.expired);
    // Only the uploader reads a file back.
    if (upload.userId !== user.id) throw forbidden();
    return parseWorkbook(upload.content);
  });
};
