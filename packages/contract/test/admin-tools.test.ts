import { describe, expect, it } from 'vitest';
import {
  checkGtmValue,
  checkPrinterTemplate,
  DEFAULT_TEMPLATE_MASTER,
  DEFAULT_TEMPLATE_OPTIONS,
  GTM_MESSAGES,
  parseAccountIds,
  renderTemplateLines,
  SAMPLE_TICKET,
  ZGtmUpdate,
} from '../src';

const DEFAULT = { master: DEFAULT_TEMPLATE_MASTER, options: DEFAULT_TEMPLATE_OPTIONS };
const texts = (lines: ReturnType<typeof renderTemplateLines>) =>
  lines.map((l) => ('rule' in l ? '---' : l.right ? `${l.text} | ${l.right}` : l.text));

describe('tag-manager setter (spec 002 §5)', () => {
  it('splits account ids on commas or spaces and removes duplicates', () => {
    // spec 002 §5: split on commas or spaces, duplicates removed
    expect(parseAccountIds('12, 7 12,,9  7')).toEqual({ ok: true, ids: [12, 7, 9] });
    expect(parseAccountIds(['12', '7 8', 12])).toEqual({ ok: true, ids: [12, 7, 8] });
  });
  it('needs at least one shop id (請輸入商店ID)', () => {
    expect(parseAccountIds('  , ')).toEqual({ ok: false, error: GTM_MESSAGES.idsRequired });
    expect(parseAccountIds([])).toEqual({ ok: false, error: GTM_MESSAGES.idsRequired });
    expect(GTM_MESSAGES.idsRequired.zh).toBe('請輸入商店ID');
  });
  it('takes only positive numbers (請輸入數字)', () => {
    for (const bad of ['0', '-3', '12a', '1.5', '99999999999'])
      expect(parseAccountIds(`5 ${bad}`)).toEqual({ ok: false, error: GTM_MESSAGES.notNumber });
    expect(GTM_MESSAGES.notNumber.zh).toBe('請輸入數字');
  });
  it('requires the GTM value (請填入GTM) and a container id (ours)', () => {
    expect(checkGtmValue('  ')).toEqual({ ok: false, error: GTM_MESSAGES.gtmRequired });
    expect(GTM_MESSAGES.gtmRequired.zh).toBe('請填入GTM');
    expect(checkGtmValue(' gtm-ab12cd ')).toEqual({ ok: true, gtm: 'GTM-AB12CD' });
    expect(checkGtmValue('GTM-1"><script>').ok).toBe(false);
  });
  it('has the result messages of spec 002 §8', () => {
    expect(GTM_MESSAGES.updated.zh).toBe('更新成功！');
    expect(GTM_MESSAGES.failed.zh).toBe('更新失敗！請重新嘗試。');
  });
  it('the request schema applies the same rules', () => {
    expect(ZGtmUpdate.safeParse({ accountIds: ['3,4'], gtm: 'GTM-ABCD' }).success).toBe(true);
    const r = ZGtmUpdate.safeParse({ accountIds: ['x'], gtm: '' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual(['請輸入數字', '請填入GTM']);
  });
});

describe('printer templates (spec 002 §3, §4)', () => {
  it('the default template checks and prints the kitchen ticket', () => {
    expect(checkPrinterTemplate(DEFAULT)).toEqual([]);
    expect(texts(renderTemplateLines(DEFAULT, SAMPLE_TICKET))).toEqual([
      '好食堂 信義店',
      // the table on a big line of its own: on 58 mm a header with it did not fit (printing.md "Ticket header")
      '#23 內用',
      '桌號 A5',
      '下單 2026-11-25 12:03',
      '王小明 0912345678',
      '備註 不要香菜',
      '---',
      '牛肉麵 x1 | 180',
      '  + 大碗',
      '  + 加辣',
      '燙青菜 x2 | 70',
      '---',
      '現金 合計 | NT$250',
    ]);
  });
  it('styles lines and leaves out optional parts whose fields are empty', () => {
    const lines = renderTemplateLines(
      { master: '[big,center]單號 {{serial}}((／{{wantedAt}}))\n((外送 {{address}}))\n', options: '' },
      SAMPLE_TICKET,
    );
    expect(lines).toEqual([{ text: '單號 23', big: true, center: true }, { text: '' }]);
  });
  it('uses the options for items, options and the reprint mark', () => {
    const t = {
      master: '{{reprint}}{{serial}}\n{{items}}',
      options: JSON.stringify({
        itemLine: '{{quantity}}× {{name}}',
        optionLine: '   ({{name}})',
        reprintMark: '再印 ',
      }),
    };
    const data = { ...SAMPLE_TICKET, fields: { ...SAMPLE_TICKET.fields, reprint: '再印 ' } };
    expect(texts(renderTemplateLines(t, data))).toEqual([
      '再印 23',
      '1× 牛肉麵',
      '   (大碗)',
      '   (加辣)',
      '2× 燙青菜',
    ]);
  });
  it('names unknown fields, unknown styles, a shared {{items}} line and bad options', () => {
    const problems = checkPrinterTemplate({
      master: '{{shop}}\n[huge]{{serial}}\n{{price}}\n合計 {{items}}',
      options: '{"itemLine":"{{name}} {{total}}"}',
    }).map((m) => m.zh);
    expect(problems).toEqual([
      '第 2 行：未知的樣式 huge',
      '第 3 行：未知的欄位 {{price}}',
      '第 4 行：{{items}} 須單獨一行',
      'itemLine：未知的欄位 {{total}}',
    ]);
    expect(checkPrinterTemplate({ master: 'x', options: '[1]' }).map((m) => m.zh)).toEqual([
      '選項不是有效的 JSON 物件',
    ]);
    expect(checkPrinterTemplate({ master: 'x', options: '{"colour":1}' }).map((m) => m.zh)).toEqual([
      '選項「colour」不正確',
    ]);
    expect(checkPrinterTemplate({ master: ' ', options: '' }).map((m) => m.zh)).toEqual(['請填入範本內容']);
  });
  it('a template that does not check prints with the default one', () => {
    expect(renderTemplateLines({ master: '{{nope}}', options: '' }, SAMPLE_TICKET)).toEqual(
      renderTemplateLines(DEFAULT, SAMPLE_TICKET),
    );
  });
});
