import iconv from 'iconv-lite';

/**
 * Kitchen tickets as ESC/POS bytes, the command set of the shop's receipt printers. Text is Big5 (the
 * encoding Taiwanese cloud printers take, Chinese mode on with FS &); the width comes from the paper
 * (contract PRINTER_PAPER). `decodeEscPos` reads the bytes back to text lines: the simulator and tests use it.
 */
export type TicketLine =
  | { text: string; right?: string; bold?: boolean; big?: boolean; center?: boolean }
  | { rule: true }
  /** A one-dimensional CODE39 barcode (GS k 69), centred, without its text under it. */
  | { code39: string }
  /** A monochrome raster image (GS v 0), centred: `rows` of `width` dots, each row's bits packed 8 a byte. */
  | { raster: { width: number; height: number; bits: Uint8Array } };
export type TicketDoc = { lines: TicketLine[] };

const ESC = 0x1b;
const GS = 0x1d;
const FS = 0x1c;
const LF = 0x0a;
const cmd = {
  init: [ESC, 0x40],
  chineseOn: [FS, 0x26],
  align: (center: boolean) => [ESC, 0x61, center ? 1 : 0],
  bold: (on: boolean) => [ESC, 0x45, on ? 1 : 0],
  size: (big: boolean) => [GS, 0x21, big ? 0x11 : 0x00],
  feed: (n: number) => [ESC, 0x64, n],
  cut: [GS, 0x56, 0x42, 0x00],
};

/** Columns a character takes on the paper: CJK and full-width forms two, the rest one. */
const charWidth = (ch: string) => ((ch.codePointAt(0) ?? 0) > 0x7f ? 2 : 1);
export const textWidth = (text: string) => [...text].reduce((w, ch) => w + charWidth(ch), 0);

/**
 * Cuts a text into lines of at most `columns` columns, between words (docs/decisions/printing.md "Ticket
 * header"): a word that does not fit starts the next line, so a table number or an order number is never cut
 * in two. Only a word longer than a whole line (a long address or note without spaces) is cut by character,
 * carrying on from where the line is.
 */
const wrap = (text: string, columns: number): string[] => {
  const out: string[] = [];
  let line = '';
  const putChars = (word: string) => {
    for (const ch of word) {
      if (textWidth(line) + charWidth(ch) > columns) {
        out.push(line);
        line = '';
      }
      line += ch;
    }
  };
  text.split(' ').forEach((word, i) => {
    const sep = i === 0 ? '' : ' ';
    if (textWidth(line) + textWidth(sep + word) <= columns) line += sep + word;
    else if (textWidth(word) <= columns) {
      out.push(line);
      line = word;
    } else putChars(sep + word);
  });
  out.push(line);
  return out;
};

/** A line with a right-aligned part (an amount): the left wraps, the right sits on the last line. */
const layout = (text: string, right: string | undefined, columns: number): string[] => {
  if (!right) return wrap(text, columns);
  const rightW = textWidth(right);
  const lines = wrap(text, Math.max(1, columns - rightW - 1));
  const last = lines.pop() ?? '';
  const gap = Math.max(1, columns - textWidth(last) - rightW);
  return [...lines, `${last}${' '.repeat(gap)}${right}`];
};

/** Renders a ticket for paper of `columns` columns (big text takes twice the width). */
export const renderEscPos = (doc: TicketDoc, columns: number): Buffer => {
  const parts: Buffer[] = [Buffer.from([...cmd.init, ...cmd.chineseOn])];
  const put = (bytes: number[]) => parts.push(Buffer.from(bytes));
  for (const line of doc.lines) {
    if ('code39' in line) {
      // height 64 dots, module width 1 (a 5.7 cm proof: 19 characters fit), no human-readable text
      put([...cmd.align(true), GS, 0x68, 64, GS, 0x77, 1, GS, 0x48, 0]);
      put([GS, 0x6b, 69, line.code39.length, ...Buffer.from(line.code39, 'ascii'), LF]);
      put(cmd.align(false));
      continue;
    }
    if ('raster' in line) {
      const { width, height, bits } = line.raster;
      const bytesPerRow = Math.ceil(width / 8);
      put([
        ...cmd.align(true),
        GS,
        0x76,
        0x30,
        0,
        bytesPerRow & 0xff,
        bytesPerRow >> 8,
        height & 0xff,
        height >> 8,
      ]);
      parts.push(Buffer.from(bits), Buffer.from([LF]));
      put(cmd.align(false));
      continue;
    }
    if ('rule' in line) {
      parts.push(iconv.encode('-'.repeat(columns), 'big5'), Buffer.from([LF]));
      continue;
    }
    const big = Boolean(line.big);
    put([...cmd.align(Boolean(line.center)), ...cmd.bold(Boolean(line.bold)), ...cmd.size(big)]);
    for (const piece of layout(line.text, line.right, big ? Math.floor(columns / 2) : columns)) {
      parts.push(iconv.encode(piece, 'big5'), Buffer.from([LF]));
    }
    put([...cmd.size(false), ...cmd.bold(false), ...cmd.align(false)]);
  }
  put([...cmd.feed(3), ...cmd.cut]);
  return Buffer.concat(parts);
};

/** Length of the command starting at bytes[i] (ESC, GS, FS), so the decoder can step over it. */
const commandLength = (bytes: Uint8Array, i: number): number => {
  const b = bytes[i];
  const n = bytes[i + 1];
  if (b === ESC) return n === 0x40 ? 2 : 3; // ESC @ | ESC a n, ESC E n, ESC d n
  if (b === FS) return 2; // FS & | FS .
  if (b === GS) {
    if (n === 0x56) return bytes[i + 2] === 0x41 || bytes[i + 2] === 0x42 ? 4 : 3;
    if (n === 0x6b) return 4 + (bytes[i + 3] ?? 0); // GS k 69 n d1…dn
    if (n === 0x76)
      return (
        8 +
        ((bytes[i + 4] ?? 0) + (bytes[i + 5] ?? 0) * 256) * ((bytes[i + 6] ?? 0) + (bytes[i + 7] ?? 0) * 256)
      ); // GS v 0 m xL xH yL yH d…
    return 3; // GS ! n, GS h n, GS w n, GS H n
  }
  return 1;
};

/** Reads ESC/POS bytes back to the printed text lines (commands dropped, Big5 decoded). */
export const decodeEscPos = (bytes: Uint8Array): string[] => decodeEscPosParts(bytes).lines;

export type DecodedEscPos = {
  lines: string[];
  /** CODE39 barcodes' data, in print order. */
  barcodes: string[];
  /** Raster images (GS v 0), in print order: width in dots, height in rows, one bit a dot (MSB first). */
  rasters: { width: number; height: number; bits: Uint8Array }[];
};

/** Reads ESC/POS bytes back: the text lines, and the barcodes and raster images printed between them. */
export const decodeEscPosParts = (bytes: Uint8Array): DecodedEscPos => {
  const barcodes: string[] = [];
  const rasters: DecodedEscPos['rasters'] = [];
  const lines: string[] = [];
  let run: number[] = [];
  const flush = () => {
    lines.push(iconv.decode(Buffer.from(run), 'big5').replace(/\s+$/, ''));
    run = [];
  };
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]!;
    if (b === GS && bytes[i + 1] === 0x6b && bytes[i + 2] === 69) {
      const n = bytes[i + 3] ?? 0;
      barcodes.push(Buffer.from(bytes.subarray(i + 4, i + 4 + n)).toString('ascii'));
    } else if (b === GS && bytes[i + 1] === 0x76 && bytes[i + 2] === 0x30) {
      const bytesPerRow = (bytes[i + 4] ?? 0) + (bytes[i + 5] ?? 0) * 256;
      const height = (bytes[i + 6] ?? 0) + (bytes[i + 7] ?? 0) * 256;
      rasters.push({
        width: bytesPerRow * 8,
        height,
        bits: Uint8Array.from(bytes.subarray(i + 8, i + 8 + bytesPerRow * height)),
      });
    }
    if (b === ESC || b === GS || b === FS) {
      i += commandLength(bytes, i);
    } else if (b === LF) {
      flush();
      i += 1;
    } else {
      run.push(b);
      i += 1;
    }
  }
  if (run.length) flush();
  return { lines, barcodes, rasters };
};
