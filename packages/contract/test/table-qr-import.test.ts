// The import rules shared by the page and the server (spec 000 §5 Excel import).
import { describe, expect, it } from 'vitest';
import { checkQrImport } from '../src/features/shops/table-qr/qr-import';

const sheet = (data: Record<string, string>[], header = ['桌號', '用餐方式']) => [
  { name: 'S', header, data },
];
const problem = (r: ReturnType<typeof checkQrImport>) => (r.ok ? null : r.problem);

describe('checkQrImport', () => {
  it('maps 內用 / 外帶 to the two modes with the chosen web version', () => {
    const r = checkQrImport(
      sheet([
        { 桌號: ' 1 ', 用餐方式: '內用' },
        { 桌號: '1', 用餐方式: '外帶' },
      ]),
      [],
      1,
    );
    expect(r).toEqual({
      ok: true,
      rows: [
        { tableNumber: '1', qrType: 'eatIn', webVersion: 1 },
        { tableNumber: '1', qrType: 'toGo', webVersion: 1 },
      ],
    });
  });

  it('checks the file before the rows: sheet, row count, columns', () => {
    expect(problem(checkQrImport([], [], 2))?.message.zh).toBe('找不到工作表');
    const many = Array.from({ length: 101 }, (_, i) => ({ 桌號: `${i}`, 用餐方式: '內用' }));
    expect(problem(checkQrImport(sheet(many), [], 2))?.message.zh).toBe('資料太多了(上限100)');
    expect(problem(checkQrImport(sheet([], ['用餐方式']), [], 2))?.message.zh).toBe('缺少"桌號"欄');
    expect(problem(checkQrImport(sheet([], ['桌號']), [], 2))?.message.zh).toBe('缺少"用餐方式"欄');
  });

  it('names the spreadsheet row of a bad row (row 1 is the header)', () => {
    const r = checkQrImport(
      sheet([
        { 桌號: 'A', 用餐方式: '內用' },
        { 桌號: '', 用餐方式: '內用' },
      ]),
      [],
      2,
    );
    expect(problem(r)).toMatchObject({ message: { zh: '桌號不能空白' }, row: 3, column: '桌號' });
  });

  it('refuses duplicates in the file and against existing codes of the same mode: 桌號重覆', () => {
    const dup = checkQrImport(
      sheet([
        { 桌號: 'A', 用餐方式: '內用' },
        { 桌號: 'A', 用餐方式: '內用' },
      ]),
      [],
      2,
    );
    expect(problem(dup)?.message.zh).toBe('桌號重覆');
    const taken = checkQrImport(
      sheet([{ 桌號: 'A', 用餐方式: '外帶' }]),
      [{ tableNumber: 'A', qrType: 'toGo' }],
      2,
    );
    expect(problem(taken)?.message.zh).toBe('桌號重覆');
    const otherMode = checkQrImport(
      sheet([{ 桌號: 'A', 用餐方式: '內用' }]),
      [{ tableNumber: 'A', qrType: 'toGo' }],
      2,
    );
    expect(otherMode.ok).toBe(true);
  });

  it('a mode cell naming an Object member is not a mode', () => {
    const r = checkQrImport(sheet([{ 桌號: 'A', 用餐方式: 'constructor' }]), [], 2);
    expect(problem(r)?.message.zh).toBe('用餐方式只能填「內用」或「外帶」');
  });
});
