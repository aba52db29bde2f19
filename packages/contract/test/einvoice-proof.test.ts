// The e-invoice proof's texts (spec 001 §2.7 "printer serial and device id"; the MoF proof layout, ours in
// docs/decisions/payments.md "E-invoice proof"): period, ROC date, barcode, QR texts, auto-issue switch.
import { describe, expect, it } from 'vitest';
import {
  autoIssueSwitchOf,
  invoicePeriod,
  proofBarcode,
  proofQrTexts,
  proofTextLines,
  rocDate,
  salesAmount,
} from '../src';

describe('the proof texts', () => {
  it('periods are two months of the ROC year in Asia/Taipei', () => {
    expect(invoicePeriod('2026-11-27T05:00:00Z')).toEqual({ label: '115年11-12月', code: '11512' });
    expect(invoicePeriod('2026-01-03T00:00:00Z')).toEqual({ label: '115年01-02月', code: '11502' });
    // 2026-12-31 16:30 UTC is already 2027-01-01 in Taipei
    expect(invoicePeriod('2026-12-31T16:30:00Z')).toEqual({ label: '116年01-02月', code: '11602' });
    expect(rocDate('2026-12-31T16:30:00Z')).toBe('1160101');
  });

  it('the barcode is period + number + random code, 19 characters', () => {
    expect(proofBarcode('2026-11-27T05:00:00Z', 'AB12345678', '0042')).toBe('11512AB123456780042');
  });

  it('B2B shows the sales amount before the 5 % tax; B2C the total', () => {
    expect(salesAmount(105, '04595257')).toBe(100);
    expect(salesAmount(105, null)).toBe(105);
  });

  it('the left QR carries the header and what fits; the right starts with ** and carries the rest', () => {
    const inv = {
      number: 'AB12345678',
      randomCode: '0042',
      issuedAt: '2026-11-27T05:00:00Z',
      total: 255,
      buyerTaxId: null,
      sellerTaxId: '04595257',
      verification: 'x'.repeat(24),
      items: [
        { name: '牛肉麵', quantity: 1, unitPrice: 180 },
        { name: '燙青菜', quantity: 1, unitPrice: 40 },
        { name: '滷蛋', quantity: 1, unitPrice: 15 },
        { name: '紅茶: 大', quantity: 1, unitPrice: 20 },
        { name: '豆干', quantity: 1, unitPrice: 0 },
        { name: '海帶', quantity: 1, unitPrice: 0 },
      ],
    };
    const { left, right } = proofQrTexts(inv);
    expect(left.startsWith(`AB1234567811511270042${(255).toString(16).padStart(8, '0')}`)).toBe(true);
    expect(left).toContain('0000000004595257');
    expect(left).toContain(':**********:6:6:1:牛肉麵:1:180');
    expect(right.startsWith('**')).toBe(true);
    // a colon inside a name cannot split the fields
    expect(`${left}${right}`).toContain('紅茶： 大:1:20');
    expect(proofTextLines({ ...inv, shopTitle: '麵店' }).number).toBe('AB-12345678');
  });

  it('QC decides cash orders, QP online ones (spec 001 §3 Account flags)', () => {
    expect(autoIssueSwitchOf('cash')).toBe('is_qc_invoice');
    expect(autoIssueSwitchOf('online')).toBe('is_qp_invoice');
  });
});
