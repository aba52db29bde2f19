import type { Writable } from 'node:stream';
import { constants, crc32, createDeflateRaw } from 'node:zlib';

/**
 * A streaming .xlsx writer for the exports (docs/decisions/reports.md "Exports are streamed"): one sheet of
 * inline strings and numbers, a bold header row and column widths, zipped as it is written. exceljs's
 * WorkbookWriter built an object and an XML fragment per cell and wrote ~2,000 rows/s here; this writes each
 * batch as one XML string into one raw-deflate stream, at the CSV's order of speed.
 *
 * The zip: the fixed parts stored (method 0, sizes known), then the sheet deflated with a data descriptor
 * (its size is known only at the end), then the central directory. Sizes and offsets are 32-bit: a 7-day
 * export is far below 4 GB (the writer refuses to go past it rather than write a broken file).
 */

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

// XML 1.0 cannot hold these control characters at all: they are dropped.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML 1.0 refuses
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the same characters, to skip clean strings
const XML_SPECIAL = /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const escapeXml = (s: string) =>
  XML_SPECIAL.test(s)
    ? s
        .replace(INVALID_XML, '')
        .replaceAll('&', '&amp;')
        .replaceAll('<', '&lt;')
        .replaceAll('>', '&gt;')
        .replaceAll('"', '&quot;')
    : s;

/** A, B, …, Z, AA, … */
const columnLetter = (k: number): string => {
  let s = '';
  for (let n = k + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
};

const cell = (ref: string, v: string | number | null, style: string): string => {
  if (v === null || v === '') return '';
  if (typeof v === 'number')
    return Number.isFinite(v) ? `<c r="${ref}"${style}><v>${v}</v></c>` : `<c r="${ref}"${style}/>`;
  const space = v.trim() === v ? '' : ' xml:space="preserve"';
  return `<c r="${ref}"${style} t="inlineStr"><is><t${space}>${escapeXml(v)}</t></is></c>`;
};

const parts = (sheet: string) => ({
  '[Content_Types].xml': `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
  '_rels/.rels': `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  'xl/workbook.xml': `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="${escapeXml(sheet)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  'xl/_rels/workbook.xml.rels': `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
  // style 0: normal, style 1: bold (the header row)
  'xl/styles.xml': `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
});
const SHEET_PATH = 'xl/worksheets/sheet1.xml';

/** MS-DOS time and date of `d` (local fields as UTC: the zip format has no zone). */
const dosDateTime = (d: Date) => ({
  time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | (d.getUTCSeconds() >> 1),
  date: ((d.getUTCFullYear() - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
});

type Entry = { name: Buffer; method: number; crc: number; size: number; compressed: number; offset: number };
const MAX32 = 0xffff_ffff;
/**
 * A batch's XML goes to the deflater in pieces of about this many characters (~60 rows): small enough that
 * the piece, its string parts and its bytes die in V8's young generation. Pieces of 1 MB outlived a
 * scavenge, were promoted and grew the old generation by ~20 MB per 40,000 rows before a full collection.
 */
const FEED_CHARS = 1 << 15;

export type XlsxColumn = { title: string; width: number };

/**
 * Writes a workbook of one sheet to `out`. `addRows` takes the cell values of a batch of rows (awaits the
 * deflater's drain), `end` finishes the zip and ends `out`.
 */
export const xlsxWriter = (out: Writable, sheet: string, columns: XlsxColumn[]) => {
  const { time, date } = dosDateTime(new Date());
  const entries: Entry[] = [];
  let offset = 0;
  const write = (b: Buffer) => {
    out.write(b);
    offset += b.length;
  };
  const localHeader = (e: Entry, flags: number) => {
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(20, 4); // version needed
    h.writeUInt16LE(flags, 6);
    h.writeUInt16LE(e.method, 8);
    h.writeUInt16LE(time, 10);
    h.writeUInt16LE(date, 12);
    h.writeUInt32LE(e.crc, 14);
    h.writeUInt32LE(e.compressed, 18);
    h.writeUInt32LE(e.size, 22);
    h.writeUInt16LE(e.name.length, 26);
    h.writeUInt16LE(0, 28);
    write(h);
    write(e.name);
  };
  for (const [name, text] of Object.entries(parts(sheet))) {
    const data = Buffer.from(text, 'utf8');
    const e: Entry = {
      name: Buffer.from(name),
      method: 0,
      crc: crc32(data),
      size: data.length,
      compressed: data.length,
      offset,
    };
    entries.push(e);
    localHeader(e, 0);
    write(data);
  }
  // the sheet: sizes and CRC follow the data (flag bit 3)
  const sheetEntry: Entry = {
    name: Buffer.from(SHEET_PATH),
    method: 8,
    crc: 0,
    size: 0,
    compressed: 0,
    offset,
  };
  entries.push(sheetEntry);
  localHeader(sheetEntry, 0x08);
  const deflate = createDeflateRaw({ level: constants.Z_BEST_SPEED });
  deflate.on('data', (chunk: Buffer) => {
    sheetEntry.compressed += chunk.length;
    offset += chunk.length;
    if (!out.write(chunk)) deflate.pause();
  });
  out.on('drain', () => deflate.resume());
  // the client went away: nothing more is compressed, and nobody waits for a drain that cannot come
  out.on('close', () => deflate.destroy());
  /** Resolves on `event` or when the deflater is gone. */
  const deflater = (event: 'drain' | 'end') =>
    new Promise<void>((resolve) => {
      const done = () => {
        deflate.off(event, done);
        deflate.off('close', done);
        resolve();
      };
      deflate.on(event, done);
      deflate.on('close', done);
    });
  const ended = deflater('end');
  /** Resolves when the deflater has taken `data` (its write callback: it has compressed it) or is gone. */
  const taken = (data: Buffer) =>
    new Promise<void>((resolve) => {
      const done = () => {
        deflate.off('close', done);
        resolve();
      };
      deflate.on('close', done);
      deflate.write(data, done);
    });
  // The XML's UTF-8 goes into one buffer, reused once the deflater has taken it: encoding in place costs a
  // fraction of Buffer.from (which measures the string, then allocates), and nothing is left to collect.
  let bytes = Buffer.allocUnsafe(3 * FEED_CHARS + 4096);
  const feed = async (text: string) => {
    if (deflate.destroyed) return;
    if (3 * text.length > bytes.length) bytes = Buffer.allocUnsafe(3 * text.length);
    const data = bytes.subarray(0, bytes.write(text, 'utf8'));
    sheetEntry.crc = crc32(data, sheetEntry.crc);
    sheetEntry.size += data.length;
    if (sheetEntry.size > MAX32) throw new Error('xlsx export larger than 4 GB');
    await taken(data);
  };

  const letters = columns.map((_, k) => columnLetter(k));
  const n = columns.length;
  let rowNo = 1;
  const cols = columns
    .map((c, k) => `<col min="${k + 1}" max="${k + 1}" width="${c.width}" customWidth="1"/>`)
    .join('');
  const header = columns.map((c, k) => cell(`${letters[k]}1`, c.title, ' s="1"')).join('');
  const start = feed(
    `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><cols>${cols}</cols><sheetData><row r="1">${header}</row>`,
  );

  return {
    /**
     * Appends a batch: one row per item of `rows`, the cells given by `values`. The XML goes to the deflater
     * every FEED_CHARS or so (and waits for its drain), so a batch's XML is never whole in memory; `rows` is
     * read in order, one item at a time (copyTextRows yields one array again and again).
     */
    addRows: async <R>(rows: Iterable<R>, values: readonly ((row: R) => string | number | null)[]) => {
      await start;
      let text = '';
      for (const r of rows) {
        rowNo += 1;
        text += `<row r="${rowNo}">`;
        for (let k = 0; k < n; k += 1) text += cell(`${letters[k]}${rowNo}`, values[k]!(r), '');
        text += '</row>';
        if (text.length >= FEED_CHARS) {
          await feed(text);
          text = '';
        }
      }
      if (text) await feed(text);
    },
    end: async () => {
      await start;
      await feed('</sheetData></worksheet>');
      deflate.end();
      await ended;
      const dd = Buffer.alloc(16);
      dd.writeUInt32LE(0x08074b50, 0);
      dd.writeUInt32LE(sheetEntry.crc, 4);
      dd.writeUInt32LE(sheetEntry.compressed, 8);
      dd.writeUInt32LE(sheetEntry.size, 12);
      write(dd);
      if (offset > MAX32) throw new Error('xlsx export larger than 4 GB');
      const dirStart = offset;
      for (const e of entries) {
        const h = Buffer.alloc(46);
        h.writeUInt32LE(0x02014b50, 0);
        h.writeUInt16LE(20, 4); // made by
        h.writeUInt16LE(20, 6); // needed
        h.writeUInt16LE(e.method === 8 ? 0x08 : 0, 8);
        h.writeUInt16LE(e.method, 10);
        h.writeUInt16LE(time, 12);
        h.writeUInt16LE(date, 14);
        h.writeUInt32LE(e.crc, 16);
        h.writeUInt32LE(e.compressed, 20);
        h.writeUInt32LE(e.size, 24);
        h.writeUInt16LE(e.name.length, 28);
        h.writeUInt32LE(e.offset, 42);
        write(h);
        write(e.name);
      }
      const eocd = Buffer.alloc(22);
      eocd.writeUInt32LE(0x06054b50, 0);
      eocd.writeUInt16LE(entries.length, 8);
      eocd.writeUInt16LE(entries.length, 10);
      eocd.writeUInt32LE(offset - dirStart, 12);
      eocd.writeUInt32LE(dirStart, 16);
      write(eocd);
      out.end();
    },
  };
};
