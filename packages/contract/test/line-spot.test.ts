import { describe, expect, it } from 'vitest';
import {
  deleteLineSpotOp,
  LINE_SPOT_DEFAULT_SI,
  LINE_SPOT_LIMITS,
  LINE_SPOT_SIS,
  LINE_SPOT_USERS,
  lineSpotRemoveConfirm,
  lookupLineSpotOp,
  uploadLineSpotOp,
  ZLineSpotUpload,
} from '../src';

const good = {
  id: 12,
  si: 'quickclick',
  name: '阿嬤牛肉麵',
  phone: '02-2345-6789',
  address: '台北市信義區市府路1號',
  useConvertedAddress: false,
};
const issues = (input: object) =>
  ZLineSpotUpload.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ?? [];

describe('the store directory tool (spec 000 §2, §7, §8)', () => {
  it('spec 000 §8: the delete confirmation names the shop number exactly', () => {
    expect(lineSpotRemoveConfirm(123).zh).toBe('確定要將商店號碼「123」從LINE SPOT中移除嗎？');
  });

  it('spec 000 §2: the SI is quickclick or lifeplus; spec 000 §7: the look-up defaults to quickclick', () => {
    expect(LINE_SPOT_SIS).toEqual(['quickclick', 'lifeplus']);
    expect(LINE_SPOT_DEFAULT_SI).toBe('quickclick');
    expect(issues({ ...good, si: 'foodhub' })).toHaveLength(1);
  });

  it('spec 000 §7: the paths of the calls', () => {
    expect(lookupLineSpotOp.path).toBe('/line-spot/si/:siName/accounts/:id');
    expect(uploadLineSpotOp.path).toBe('/line-spot');
    expect(deleteLineSpotOp.path).toBe('/line-spot/si/:si/accounts/:id');
    // spec 000 §6 "labelled QC only": the platform's own staff (gaa)
    expect(LINE_SPOT_USERS).toEqual(['gaa']);
  });

  it('an upload needs a name, a Taiwan phone and an address within the shop form limits (spec 000 §9)', () => {
    expect(issues(good)).toEqual([]);
    expect(issues({ ...good, name: '   ' })).toEqual(['name:請輸入商店名稱']);
    expect(issues({ ...good, name: '店'.repeat(LINE_SPOT_LIMITS.name + 1) })).toEqual([
      'name:商店名稱最多20個字',
    ]);
    expect(issues({ ...good, phone: '12345' })[0]).toMatch(/^phone:電話格式錯誤/);
    expect(issues({ ...good, phone: '0912 345 678' })).toEqual([]);
    expect(issues({ ...good, address: '' })).toEqual(['address:請輸入地址']);
    expect(issues({ ...good, address: '台'.repeat(LINE_SPOT_LIMITS.address + 1) })).toEqual([
      'address:地址最多100個字',
    ]);
    expect(issues({ ...good, useConvertedAddress: undefined })).toHaveLength(1);
  });

  it('trims what it keeps', () => {
    expect(ZLineSpotUpload.parse({ ...good, name: ' 阿嬤牛肉麵 ' }).name).toBe('阿嬤牛肉麵');
  });
});
