// What the customer app says about a product: its English names in English, and how many are left when the
// day's stock is short (docs/decisions/customer-app.md "Stock left", docs/decisions/menus.md "Names").
import { describe, expect, it } from 'vitest';
import { hasChromium, poll, shot } from './browser';
import { ok, PHONE_PROFILE, shopApp, shopKit } from './shop-app-kit';

// A demo shop no other browser test touches.
const SHOP = 16;
const kit = shopKit(SHOP);
const app = shopApp(kit, ({ admin }) => kit.toGoCashNow(admin));

type TNamed = { name: string; nameEn?: string };
type TMenuProduct = TNamed & { id: number; optionGroups: (TNamed & { options: TNamed[] })[] };

const setStock = (data: Record<string, unknown>) =>
  ok(app.admin.request.patch(kit.api(`/gaa/shops/${SHOP}/menu/products/${app.product.id}`), { data }));

describe.skipIf(!hasChromium)('product words in the customer app', () => {
  it('in English the menu and the product sheet show the English names, zh where none', async () => {
    const res = await app.phone.request.get(kit.storefront('/menu?mealType=to_go'));
    const menu = (await res.json()) as { classes: (TNamed & { products: TMenuProduct[] })[] };
    const product = menu.classes
      .flatMap((c) => c.products)
      .find((p) => p.nameEn && p.optionGroups.some((g) => g.nameEn));
    expect(product, `demo shop ${SHOP} has a product with English names`).toBeDefined();
    const en = await (await app.browser.newContext({ ...PHONE_PROFILE, locale: 'en-US' })).newPage();
    await kit.menu(en);
    await poll(() => en.getByText(product!.nameEn!, { exact: true }).count()).toBeGreaterThan(0);
    expect(await en.getByText(product!.name, { exact: true }).count()).toBe(0);
    await en
      .getByRole('button', { name: new RegExp(product!.nameEn!) })
      .first()
      .click();
    const sheet = en.getByRole('dialog');
    for (const g of product!.optionGroups) {
      await poll(() => sheet.getByText(g.nameEn || g.name, { exact: false }).count()).toBeGreaterThan(0);
      for (const o of g.options)
        expect(await sheet.getByText(o.nameEn || o.name, { exact: false }).count()).toBeGreaterThan(0);
    }
    await en.screenshot({ path: shot('shop-menu-words-english.png') });
    await en.context().close();
  });

  it('stock left: the sheet stops at what is left, the checkout marks a line ordered beyond it', async () => {
    await setStock({ dailyStock: 5, stockLeft: 2 });
    try {
      await app.menu();
      await app.phone
        .getByRole('button', { name: new RegExp(app.product.name) })
        .first()
        .click();
      const sheet = app.phone.getByRole('dialog');
      const more = sheet.getByRole('button', { name: '增加 數量' });
      await more.click();
      await poll(() => sheet.getByTestId('sheet-stock-left').textContent()).toBe('只剩 2 份');
      expect(await more.isDisabled()).toBe(true);
      await sheet.getByRole('button', { name: /加入購物車/ }).click();
      await poll(() => app.phone.getByRole('dialog').count()).toBe(0);
      await kit.openCheckout(app.phone, '庫存客');
      // one more than is left, from the checkout's own + button
      await app.phone.getByRole('button', { name: `增加 ${app.product.name}` }).click();
      await poll(() => app.phone.getByTestId('line-stock-left').textContent()).toBe('只剩 2 份');
      const alert = app.phone.getByRole('alert').filter({ hasText: '請減少數量' });
      await poll(() => alert.textContent()).toContain(`「${app.product.name}」只剩 2 份，請減少數量`);
      expect(await alert.textContent()).toContain('商品剩餘數量不足');
      await app.phone.screenshot({ path: shot('shop-menu-words-stock.png'), fullPage: true });
    } finally {
      await setStock({ dailyStock: null });
    }
  });
});
