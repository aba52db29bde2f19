import { PassThrough, type Writable } from 'node:stream';
import type { TExportFormat } from '@shopdesk/contract';
import type { FastifyReply } from 'fastify';
import { xlsxWriter } from './xlsx-stream';

export type TExportColumn<R> = { title: string; width: number; value: (row: R) => string | number | null };

const CONTENT_TYPES: Record<TExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

const NEEDS_QUOTES = /[",\r\n]/;
/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
export const csvField = (v: string | number | null): string => {
  if (v === null) return '';
  if (typeof v === 'number') return String(v);
  return NEEDS_QUOTES.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
};
const csvLine = (values: (string | number | null)[]) => `${values.map(csvField).join(',')}\r\n`;

/** content-disposition with an ASCII fallback and the RFC 5987 UTF-8 name. */
export const attachment = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

/** Resolves when the stream wants more (or is gone): the batches wait for a slow client. */
const drained = (out: Writable) =>
  out.writableNeedDrain && !out.destroyed
    ? new Promise<void>((resolve) => {
        const done = () => {
          out.off('drain', done);
          out.off('close', done);
          resolve();
        };
        out.on('drain', done);
        out.on('close', done);
      })
    : Promise.resolve();

/** `add` may wait (the XLSX deflater's drain); the pump awaits it before reading on. */
type Sink<B> = { add: (batch: B) => void | Promise<void>; end: () => Promise<void> };

const csvSink = <R>(out: PassThrough, cols: TExportColumn<R>[]): Sink<R[]> => {
  // The BOM makes Excel read the file as UTF-8 (Chinese names stay readable).
  out.write(`\uFEFF${csvLine(cols.map((c) => c.title))}`);
  const values = cols.map((c) => c.value);
  const n = values.length;
  return {
    // one string per batch, built field by field: no array per row or per line
    add: (rows) => {
      let text = '';
      for (const r of rows) {
        text += csvField(values[0]!(r));
        for (let k = 1; k < n; k += 1) text += `,${csvField(values[k]!(r))}`;
        text += '\r\n';
      }
      out.write(text);
    },
    end: async () => {
      out.end();
    },
  };
};

/** CSV lines already written (salesCopySlices: PostgreSQL's COPY), after the same BOM and header. */
const textSink = <R>(out: PassThrough, cols: TExportColumn<R>[]): Sink<Buffer> => {
  out.write(`\uFEFF${csvLine(cols.map((c) => c.title))}`);
  return {
    add: (text) => {
      out.write(text);
    },
    end: async () => {
      out.end();
    },
  };
};

const xlsxSink = <R>(out: PassThrough, cols: TExportColumn<R>[], sheet: string): Sink<R[]> => {
  const writer = xlsxWriter(out, sheet, cols);
  const values = cols.map((c) => c.value);
  return { add: (rows) => writer.addRows(rows, values), end: () => writer.end() };
};

/** A row's cells already in the columns' order (the sales export's COPY text, copyTextRows). */
export type TCells = readonly (string | number | null)[];

/** The XLSX from rows already as cells, `cols` giving the titles and widths: the same sheet as xlsxSink. */
const cellsSink = <R>(out: PassThrough, cols: TExportColumn<R>[], sheet: string): Sink<Iterable<TCells>> => {
  const writer = xlsxWriter(out, sheet, cols);
  const values = cols.map((_, k) => (r: TCells) => r[k] ?? null);
  return { add: (rows) => writer.addRows(rows, values), end: () => writer.end() };
};

/**
 * Streams an export: rows come from `batches` (keyset reads) and are written as they come, so neither the
 * result nor the file is ever whole in memory. The first batch is read before the answer starts: a date
 * rule, a refused shop or a time-out still answers as a JSON error. A failure later can only cut the
 * download short (the status line is gone by then); it is logged.
 */
export const streamExport = async <R>(
  reply: FastifyReply,
  opts: {
    format: TExportFormat;
    fileName: string;
    sheet: string;
    columns: TExportColumn<R>[];
    batches: AsyncGenerator<R[]>;
    /** The CSV's lines already as text (PostgreSQL's COPY); when set, a CSV is written from it, not `batches`. */
    csvText?: AsyncGenerator<Buffer> | null;
    /** The rows as cells (PostgreSQL's COPY); when set, an XLSX is written from them, not `batches`. */
    xlsxCells?: AsyncGenerator<Iterable<TCells>> | null;
  },
): Promise<FastifyReply> => {
  const out = new PassThrough();
  if (opts.format === 'csv' && opts.csvText)
    return pumpExport(reply, opts, opts.csvText, () => textSink(out, opts.columns), out);
  if (opts.format === 'xlsx' && opts.xlsxCells)
    return pumpExport(reply, opts, opts.xlsxCells, () => cellsSink(out, opts.columns, opts.sheet), out);
  return pumpExport(
    reply,
    opts,
    opts.batches,
    () => (opts.format === 'csv' ? csvSink(out, opts.columns) : xlsxSink(out, opts.columns, opts.sheet)),
    out,
  );
};

/**
 * Writes what `batches` yields through `sink` into `out`, one batch at a time, each after the client took
 * the one before (`drained`). The first batch is read before the answer starts (see streamExport).
 */
const pumpExport = async <T>(
  reply: FastifyReply,
  opts: { format: TExportFormat; fileName: string },
  batches: AsyncGenerator<T>,
  makeSink: () => Sink<T>,
  out: PassThrough,
): Promise<FastifyReply> => {
  let next = await batches.next();
  const sink = makeSink();
  const pump = async () => {
    while (!next.done) {
      await sink.add(next.value);
      await drained(out);
      if (out.destroyed) return void (await batches.return(undefined));
      next = await batches.next();
    }
    await sink.end();
  };
  pump().catch((err: unknown) => {
    reply.log.error({ err }, 'export failed after it started');
    out.destroy(err as Error);
  });
  return reply
    .header('content-type', CONTENT_TYPES[opts.format])
    .header('content-disposition', attachment(opts.fileName))
    .header('cache-control', 'no-store')
    .send(out);
};
