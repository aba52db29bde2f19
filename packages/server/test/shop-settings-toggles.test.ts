// Settings page toggles: flag keys through account-toggle / business-toggle, the payment-type consistency,
// the dining-mode rule and the PUT switches (spec 001 §1, §3, §4, §5, §7; 002 §7 Admin tools)
import { describe, expect, it } from 'vitest';
import { settingsFixture } from './shop-settings-fixture';

const { gaa, eaa, si, line, id, call, save, businessRow, accountRow, audits } = await settingsFixture();

describe('toggles (spec 001 §3 flag keys, §7; 002 §7 Admin tools)', () => {
  it('business-toggle and account-toggle save a flag at once, audited', async () => {
    const res = await call(gaa, 'PATCH', `/gaa/accounts/${id}/business-toggle`, {
      key: 'is_calorie',
      value: true,
    });
    expect(res.json().changes).toEqual([{ table: 'business', key: 'is_calorie', value: true }]);
    expect((await businessRow()).isCalorie).toBe(true);
    await call(gaa, 'PATCH', `/gaa/accounts/${id}/account-toggle`, {
      key: 'sys_closed',
      value: true,
      label: '系統服務開啟',
    });
    expect((await accountRow()).sysClosed).toBe(true);
    // sys_closed is shown inverted: the audit line reads in the shown sense
    expect((await audits()).at(-1)!.displayLog).toBe('系統服務開啟：開啟 → 關閉');
  });

  it('refuses keys that are not flag keys of their call', async () => {
    expect(
      (await call(gaa, 'PATCH', `/gaa/accounts/${id}/business-toggle`, { key: 'is_enabled', value: true }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await call(gaa, 'PATCH', `/gaa/accounts/${id}/account-toggle`, {
          key: 'is_calorie',
          value: true,
          label: 'x',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await call(gaa, 'PATCH', `/gaa/accounts/${id}/business-toggle`, { key: 'drop_table', value: true }))
        .statusCode,
    ).toBe(400);
  });

  it('are gaa only', async () => {
    for (const who of [eaa, si, line]) {
      expect(
        (await call(who, 'PATCH', `/gaa/accounts/${id}/business-toggle`, { key: 'is_calorie', value: false }))
          .statusCode,
      ).toBe(403);
      expect(
        (
          await call(who, 'PATCH', `/gaa/accounts/${id}/account-toggle`, {
            key: 'is_manual',
            value: true,
            label: 'x',
          })
        ).statusCode,
      ).toBe(403);
    }
    expect(
      (await call(null, 'PATCH', `/gaa/accounts/${id}/business-toggle`, { key: 'is_calorie', value: false }))
        .statusCode,
    ).toBe(401);
  });

  it('applies the payment-type consistency (spec 001 §4)', async () => {
    const toggle = (key: string, value: boolean) =>
      call(gaa, 'PATCH', `/gaa/accounts/${id}/business-toggle`, { key, value });
    // online pay while mobile payment is off: reset, warning, nothing written
    const n = (await audits()).length;
    const refused = await toggle('is_eat_in_pay', true);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('尚未啟用線上支付');
    expect((await businessRow()).isEatInPay).toBe(false);
    expect((await audits()).length).toBe(n);
    // mobile payment on sets the three online-pay flags, each audited
    const on = (await toggle('is_mobile_payment', true)).json();
    expect(on.changes.map((c: { key: string }) => c.key).sort()).toEqual([
      'is_delivery_pay',
      'is_eat_in_pay',
      'is_mobile_payment',
      'is_to_go_pay',
    ]);
    expect((await audits()).length).toBe(n + 4);
    // off clears them again
    await toggle('is_mobile_payment', false);
    expect(await businessRow()).toMatchObject({ isEatInPay: false, isToGoPay: false, isDeliveryPay: false });
    // enabling a dining mode with neither cash nor online pay sets cash
    const toGo = (await toggle('is_to_go', true)).json();
    expect(toGo.changes).toContainEqual({ table: 'business', key: 'is_to_go_cash', value: true });
  });

  it('refuses a switch that leaves no dining mode (spec 001 §5)', async () => {
    await call(gaa, 'PATCH', `/gaa/accounts/${id}/business-toggle`, { key: 'is_to_go', value: false });
    const res = await call(gaa, 'PATCH', `/gaa/accounts/${id}/business-toggle`, {
      key: 'is_eat_in',
      value: false,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('請至少設定一種用餐方式');
    expect((await businessRow()).isEatIn).toBe(true);
  });

  it('other switches save through PUT, also for an eaa on its own shop', async () => {
    const res = await save(eaa, 'business', {
      table: 'business',
      key: 'is_not_comment_product_display',
      value: true,
    });
    expect(res.statusCode).toBe(200);
    expect((await businessRow()).isNotCommentProductDisplay).toBe(true);
    expect(
      (await save(eaa, 'business', { table: 'business', key: 'is_mobile_payment', value: true })).statusCode,
    ).toBe(403);
  });
});
