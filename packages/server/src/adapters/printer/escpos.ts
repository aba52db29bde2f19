import iconv from 'iconv-lite';

/**
 * Kitchen tickets as ESC/POS bytes, the command set of the shop's receipt printers. Text is Big5 (the
 * encoding Taiwanese cloud printers take, Chinese mode on with FS &); the width comes from the paper
 * (contract PRINTER_PAPER). `decodeEscPos` reads the bytes back to text lines: the simulator and tests use it.
 */
export type TicketLine =
  | { text: string; right?: string; bold?: boolean; big?: boolean; center?: boolean }
  | { rule: true };
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

/** Cuts a text into pieces of at most `columns` columns. */
const wrap = (text: string, columns: number): string[] => {
  const out: string[] = [];
  let line = '';
  for (const ch of text) {
    if (textWidth(line) + charWidth(ch) > columns) {
      out.push(line);
      line = '';
    }
    line += ch;
  }
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
    return 3; // GS ! n
  }
  return 1;
};

/** Reads ESC/POS bytes back to the printed text lines (commands dropped, Big5 decoded). */
export const decodeEscPos = (bytes: Uint8Array): string[] => {
  const lines: string[] = [];
  let run: number[] = [];
  const flush = () => {
    lines.push(iconv.decode(Buffer.from(run), 'big5').replace(/\s+$/, ''));
    run = [];
  };
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]!;
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
  return lines;
};
