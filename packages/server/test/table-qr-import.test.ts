// Batch import of table QR codes through the spreadsheet service (spec 000 §5 Excel import, §7, §8, §9).
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { build } from './helpers';

const t = await build();
const quick = await t.createSiAccount('quickclick');
const life = await t.createSiAccount('lifeplus');
const shop = await t.createShop({ name: '巷口豆花', siAccountId: quick.id });
const gaa = await t.signedIn('gaa');
const id = shop.account.id;

type Headers = Record<string, string>;

/** A workbook built here, as the bytes of an .xlsx. */
const xlsx = async (sheets: { name: string; rows: (string | number)[][] }[]) => {
  const wb = new ExcelJS.Workbook();
  for (const s of sheets) wb.addWorksheet(s.name).addRows(s.rows);
  return Buffer.from(await wb.xlsx.writeBuffer());
};

const multipart = (field: string, filename: string, content: Buffer, type = 'application/octet-stream') => {
  const boundary = `----shopdesk${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
};

const upload = (
  content: Buffer,
  headers: Headers = gaa.headers,
  filename = 'tables.xlsx',
  field = 'excel',
) => {
  const body = multipart(field, filename, content);
  return t.app.inject({
    method: 'POST',
    url: '/console/apis/excel-upload',
    headers: { ...headers, 'content-type': body.contentType },
    payload: body.payload,
  });
};
const parse = (fileId: string, headers: Headers = gaa.headers) =>
  t.app.inject({ method: 'GET', url: `/console/apis/excel-json/${fileId}`, headers });
const importRows = (body: object, headers: Headers = gaa.headers, type = 'gaa') =>
  t.app.inject({
    method: 'POST',
    url: `/console/apis/${type}/shops/${id}/qrcode/import`,
    headers,
    payload: body,
  });
const count = async () =>
  (
    await t.app.inject({ method: 'GET', url: `/console/apis/gaa/shops/${id}/qrcode`, headers: gaa.headers })
  ).json().results.length as number;

/** The page's flow: upload the file, parse it, post the parsed sheets. */
const importFile = async (content: Buffer) => {
  const up = await upload(content);
  expect(up.statusCode).toBe(201);
  const parsed = await parse(up.json().file_id);
  expect(parsed.statusCode).toBe(200);
  return importRows({ sheets: parsed.json().sheets, webVersion: 2 });
};
const HEADER = ['桌號', '用餐方式'];

describe('sample file (spec 000 §7 GET /{type}/qrcode-example)', () => {
  it('downloads a real .xlsx with the columns 桌號 and 用餐方式 that imports as it is', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/console/apis/gaa/qrcode-example',
      headers: gaa.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain('attachment');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect([ws.getCell('A1').text, ws.getCell('B1').text]).toEqual(HEADER);
    expect(['內用', '外帶']).toContain(ws.getCell('B2').text);

    const up = await upload(res.rawPayload, gaa.headers, 'example.xlsx');
    const parsed = (await parse(up.json().file_id)).json();
    expect(parsed.sheetNames).toHaveLength(1);
    expect(parsed.sheets[0].header).toEqual(HEADER);
    expect(parsed.sheets[0].data[0]).toEqual({ 桌號: 'A1', 用餐方式: '內用' });
  });

  it('needs a session (401) and a shop portal (line 403)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/console/apis/gaa/qrcode-example' })).statusCode).toBe(
      401,
    );
    const line = await t.signedIn('line', { shopAccountId: id });
    const res = await t.app.inject({
      method: 'GET',
      url: '/console/apis/line/qrcode-example',
      headers: line.headers,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('spreadsheet service (spec 000 §7 excel-upload, excel-json)', () => {
  it('refuses a file that is not .xlsx with a message the page shows', async () => {
    const res = await upload(Buffer.from('桌號,用餐方式\n1,內用\n'), gaa.headers, 'tables.csv');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      message: '只接受 .xlsx 檔案',
      messageEn: 'Only .xlsx files are accepted',
    });
    const renamed = await upload(Buffer.from('not a zip'), gaa.headers, 'tables.xlsx');
    expect(renamed.json().error.message).toBe('只接受 .xlsx 檔案');
  });

  it('refuses a file over the size limit (413) and a missing excel field', async () => {
    const big = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(1024 * 1024 + 10)]);
    const res = await upload(big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe('檔案過大（上限 1 MB）');
    const wrongField = await upload(
      await xlsx([{ name: 'S', rows: [HEADER] }]),
      gaa.headers,
      'a.xlsx',
      'file',
    );
    expect(wrongField.json().error.message).toBe('請選擇要上傳的檔案');
  });

  it('serves a parsed file only to its uploader', async () => {
    const up = await upload(await xlsx([{ name: 'S', rows: [HEADER, ['1', '內用']] }]));
    const fileId = up.json().file_id;
    const other = await t.signedIn('gaa');
    expect((await parse(fileId, other.headers)).statusCode).toBe(403);
    expect((await parse(fileId, {})).statusCode).toBe(401);
    expect((await parse('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('needs a session to upload (401)', async () => {
    expect((await upload(await xlsx([]), {})).statusCode).toBe(401);
  });
});

describe('import rules (spec 000 §5 Excel import)', () => {
  const refused = async (content: Buffer, message: string) => {
    const before = await count();
    const res = await importFile(content);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.json().error.message).toBe(message);
    expect(await count()).toBe(before); // nothing saved
    return res;
  };

  it('a workbook without sheets: 找不到工作表', async () => {
    await refused(await xlsx([]), '找不到工作表');
  });

  it('101 rows: 資料太多了(上限100)', async () => {
    const rows = Array.from({ length: 101 }, (_, i) => [`T${i + 1}`, '內用']);
    await refused(await xlsx([{ name: 'S', rows: [HEADER, ...rows] }]), '資料太多了(上限100)');
  });

  it('missing 桌號 column: 缺少"桌號"欄', async () => {
    await refused(
      await xlsx([
        {
          name: 'S',
          rows: [
            ['桌', '用餐方式'],
            ['1', '內用'],
          ],
        },
      ]),
      '缺少"桌號"欄',
    );
  });

  it('missing 用餐方式 column: 缺少"用餐方式"欄', async () => {
    await refused(
      await xlsx([
        {
          name: 'S',
          rows: [
            ['桌號', '方式'],
            ['1', '內用'],
          ],
        },
      ]),
      '缺少"用餐方式"欄',
    );
  });

  it('a duplicate inside the file: 桌號重覆, nothing saved', async () => {
    const rows = [HEADER, ['1', '內用'], ['2', '內用'], ['1', '內用']];
    const res = await refused(await xlsx([{ name: 'S', rows }]), '桌號重覆');
    expect(res.json().error.field).toBe('sheets.0.data.2.桌號');
  });

  it('a bad row (empty table number) saves nothing: 桌號不能空白', async () => {
    const rows = [HEADER, ['11', '內用'], ['12', '外帶'], ['', '外帶'], ['13', '內用']];
    await refused(await xlsx([{ name: 'S', rows }]), '桌號不能空白');
  });

  it('a good file imports every row, audited', async () => {
    const rows = [HEADER, ['1', '內用'], ['2', '內用'], ['1', '外帶'], [3, '外帶']];
    const res = await importFile(await xlsx([{ name: 'S', rows }]));
    expect(res.statusCode).toBe(201);
    expect(
      res.json().results.map((r: { tableNumber: string; qrType: string }) => `${r.qrType}:${r.tableNumber}`),
    ).toEqual(['eatIn:1', 'eatIn:2', 'toGo:1', 'toGo:3']);
    expect(await count()).toBe(4);
  });

  it('a table already created in the same mode: 桌號重覆', async () => {
    await refused(await xlsx([{ name: 'S', rows: [HEADER, ['9', '內用'], ['2', '內用']] }]), '桌號重覆');
  });

  it('an unknown dining mode is refused', async () => {
    await refused(
      await xlsx([{ name: 'S', rows: [HEADER, ['9', '外送']] }]),
      '用餐方式只能填「內用」或「外帶」',
    );
  });

  it('si of another SI and eaa of another owner are 403, line 403, no session 401', async () => {
    const sheets = [{ name: 'S', header: HEADER, data: [{ 桌號: '50', 用餐方式: '內用' }] }];
    const si = await t.signedIn('si', { siAccountId: life.id });
    expect((await importRows({ sheets }, si.headers, 'si')).statusCode).toBe(403);
    const eaa = await t.signedIn('eaa');
    expect((await importRows({ sheets }, eaa.headers, 'eaa')).statusCode).toBe(403);
    const line = await t.signedIn('line', { shopAccountId: id });
    expect((await importRows({ sheets }, line.headers, 'line')).statusCode).toBe(403);
    expect((await importRows({ sheets }, {})).statusCode).toBe(401);
    const mine = await t.signedIn('si', { siAccountId: quick.id });
    expect((await importRows({ sheets }, mine.headers, 'si')).statusCode).toBe(201);
  });
});
