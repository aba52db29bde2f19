import { IMPORT_COLUMNS, SPREADSHEET_LIMITS, type TSheet } from '@shopdesk/contract';
import ExcelJS from 'exceljs';

/** An .xlsx file is a zip archive: it starts with "PK\x03\x04". */
export const looksLikeXlsx = (buf: Buffer) =>
  buf.length > 4 && buf[0] === 0x50 && buf[1] === 0x4b && buf[2] === 0x03 && buf[3] === 0x04;

const loadWorkbook = async (buf: Buffer) => {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  return wb;
};

/** Throws when the bytes are not a workbook exceljs can read (checked at upload, so a file_id always parses). */
export const assertReadable = async (buf: Buffer) => {
  await loadWorkbook(buf);
};

/**
 * Each sheet as its header (row 1, trimmed) and the rows below as header → cell text. Blank rows are
 * skipped; cells under a blank header are ignored. Object.fromEntries keeps a header such as
 * "__proto__" an own key instead of a prototype write.
 */
export const parseWorkbook = async (buf: Buffer): Promise<{ sheetNames: string[]; sheets: TSheet[] }> => {
  const wb = await loadWorkbook(buf);
  const sheets = wb.worksheets.map((ws): TSheet => {
    const header: string[] = [];
    ws.getRow(1).eachCell({ includeEmpty: true }, (cell, col) => {
      header[col - 1] = cell.text.trim();
    });
    const filled = Array.from(header, (h) => h ?? '');
    const data: Record<string, string>[] = [];
    let rowCount = 0;
    ws.eachRow((row, n) => {
      if (n === 1) return;
      const entries = filled.flatMap((h, i) => (h ? [[h, row.getCell(i + 1).text.trim()] as const] : []));
      if (!entries.some(([, v]) => v)) return;
      rowCount += 1;
      if (data.length < SPREADSHEET_LIMITS.maxRowsReturned) data.push(Object.fromEntries(entries));
    });
    return { name: ws.name, header: filled, data, rowCount };
  });
  return { sheetNames: sheets.map((s) => s.name), sheets };
};

/** The sample file of the table import (spec 000 §7 qrcode-example): the two columns and a few rows. */
export const sampleWorkbook = async (): Promise<Buffer> => {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Shopdesk';
  const ws = wb.addWorksheet('桌號');
  ws.columns = [
    { header: IMPORT_COLUMNS.tableNumber, key: 'table', width: 12 },
    { header: IMPORT_COLUMNS.mode, key: 'mode', width: 14 },
  ];
  ws.addRows([
    { table: 'A1', mode: '內用' },
    { table: 'A2', mode: '內用' },
    { table: '1', mode: '外帶' },
  ]);
  ws.getRow(1).font = { bold: true };
  // Offer the two accepted values as a drop-down in the dining-mode column.
  for (let r = 2; r <= 101; r += 1) {
    ws.getCell(`B${r}`).dataValidation = {
      type: 'list',
      allowBlank: true,
      formulae: ['"內用,外帶"'],
    };
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
};
