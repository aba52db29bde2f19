import { z } from 'zod';
import { zText } from '../../../common/bounds';
import { msg } from '../../../common/errors';
import { defineOperation } from '../../../common/operation';
import { TABLE_QR_USERS } from './table-qr';

/**
 * The spreadsheet service (spec 000 §7 "Directory and tools"): upload a file (multipart, field `excel`),
 * get a file_id, then parse it. Only the uploader may read an upload back.
 */
export const SPREADSHEET_LIMITS = {
  /** Upload size limit: a 100-row table sheet is a few kB. */
  maxBytes: 1024 * 1024,
  /** Rows returned per sheet; rowCount still tells the real number. */
  maxRowsReturned: 1000,
  /** Uploads are kept this long, then removed. */
  keepHours: 24,
} as const;

export const SPREADSHEET_MESSAGES = {
  // spec 000 §8: upload failure falls back to 上傳失敗
  uploadFailed: msg('上傳失敗', 'Upload failed'),
  fileRequired: msg('請選擇要上傳的檔案', 'Please choose a file to upload'),
  notXlsx: msg('只接受 .xlsx 檔案', 'Only .xlsx files are accepted'),
  tooLarge: msg('檔案過大（上限 1 MB）', 'The file is too large (max 1 MB)'),
  unreadable: msg(
    '無法讀取檔案內容，請確認是 Excel (.xlsx) 檔案',
    'The file cannot be read; is it an Excel (.xlsx) file?',
  ),
  expired: msg('找不到上傳的檔案，請重新上傳', 'The uploaded file was not found; please upload it again'),
} as const;

export const ZUploadResponse = z.object({ file_id: zText() });
export type TUploadResponse = z.infer<typeof ZUploadResponse>;

/** One sheet: its header (row 1) and the rows below as header → cell text. */
export const ZSheet = z.object({
  name: zText(),
  header: z.array(zText()),
  data: z.array(z.record(zText(), zText())),
  rowCount: z.number().int(),
});
export type TSheet = z.infer<typeof ZSheet>;
export const ZSpreadsheetJson = z.object({ sheetNames: z.array(zText()), sheets: z.array(ZSheet) });
export type TSpreadsheetJson = z.infer<typeof ZSpreadsheetJson>;

export const excelUploadOp = defineOperation({
  method: 'POST',
  path: '/excel-upload',
  summary: 'Upload a spreadsheet (multipart, field excel)',
  spec: '000 §7 Directory and tools',
  allow: TABLE_QR_USERS,
  multipartFile: 'excel',
  response: ZUploadResponse,
  status: 201,
});

export const excelJsonOp = defineOperation({
  method: 'GET',
  path: '/excel-json/:id',
  summary: 'An uploaded spreadsheet as JSON',
  spec: '000 §7 Directory and tools',
  allow: TABLE_QR_USERS,
  params: z.object({ id: z.uuid() }),
  response: ZSpreadsheetJson,
});
