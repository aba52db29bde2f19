// Settings catalog rules and the notice line-break storage (spec 001 §2.2, §3, §5)
import { describe, expect, it } from 'vitest';
import {
  findSettingField,
  noticeFromStored,
  noticeToStored,
  SAVE_PATHS,
  SETTINGS_FIELDS,
  savePathOf,
} from '../src';

const check = (table: string, key: string, value: unknown) => {
  const result = findSettingField(table, key)!.rule.safeParse(value);
  return result.success ? 'ok' : result.error.issues[0]!.message;
};

describe('settings catalog', () => {
  it('names every key once per table and maps every table to one save path', () => {
    const names = SETTINGS_FIELDS.map((f) => `${f.table}.${f.key}`);
    expect(new Set(names).size).toBe(names.length);
    for (const f of SETTINGS_FIELDS) expect(SAVE_PATHS[savePathOf(f.table)]).toContain(f.table);
  });

  it('marks the flag keys of spec 001 §3 as toggles of their call', () => {
    const toggles = (kind: string) =>
      SETTINGS_FIELDS.filter((f) => f.toggle === kind)
        .map((f) => f.key)
        .sort();
    expect(toggles('account')).toEqual(['is_manual', 'is_new_style', 'sys_closed']);
    expect(toggles('business')).toHaveLength(17);
  });

  it('checks reset_time: empty or HH:mm with hour 00-23 (spec 001 §5)', () => {
    expect(check('business', 'reset_time', '')).toBe('ok');
    expect(check('business', 'reset_time', '23:59')).toBe('ok');
    expect(check('business', 'reset_time', '24:00')).toBe('格式錯誤');
    expect(check('business', 'reset_time', '7:00')).toBe('格式錯誤');
  });

  it('checks the minimums: start_number at least 1, others at least 0 (spec 001 §2.2, §5)', () => {
    expect(check('business', 'start_number', 0)).toBe('訂單起始編號請輸入大於等於1的數字');
    expect(check('business', 'buffer_time', 0)).toBe('ok');
    expect(check('large_order', 'qty', -1)).toBe('大量訂單數量請輸入大於等於0的數字');
  });

  it('keeps gaa-only fields to gaa (spec 001 §2.1)', () => {
    for (const key of ['shop_id', 'app_id'])
      expect(findSettingField('account_sso', key)!.who).toEqual(['gaa']);
    expect(findSettingField('both', 'name')!.who).toEqual(['gaa']);
    expect(findSettingField('business', 'code')!.who).toEqual(['gaa', 'si']);
    expect(findSettingField('business', 'phone')!.who).toEqual(['gaa', 'si', 'eaa']);
  });
});

describe('notices (spec 001 §2.2: newlines stored as line-break tags)', () => {
  it('stores newlines as <br> and escapes markup, and reads it back', () => {
    const text = '今日公休\n明日 <見> & 謝謝';
    const stored = noticeToStored(text);
    expect(stored).toBe('今日公休<br>明日 &lt;見&gt; &amp; 謝謝');
    expect(noticeFromStored(stored)).toBe(text);
    expect(check('business', 'eat_in_online_notice', stored)).toBe('ok');
    expect(check('business', 'eat_in_online_notice', '<script>x</script>')).toBe('公告內容只能包含換行');
  });
});
