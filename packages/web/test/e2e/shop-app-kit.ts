// Shared steps of the customer-app browser tests (issue 15): the console API calls that set a shop up and the
// phone's steps through the menu and the checkout.
import type { APIRequestContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { poll, url } from './browser';

export type TProduct = {
  id: number;
  name: string;
  soldOut: boolean;
  calories: number | null;
  optionGroups: { min: number; max: number; options: { soldOut: boolean }[] }[];
};

export const ok = async (
  res: Promise<{ status: () => number; text: () => Promise<string> }>,
  status = 200,
) => {
  const r = await res;
  expect(r.status(), await r.text()).toBe(status);
};

export const shopKit = (shop: number) => {
  const api = (path: string) => url(`/console/apis${path}`);
  const storefront = (path: string) => api(`/storefront/v1/shops/${shop}${path}`);
  return {
    api,
    storefront,
    /** Products a tap on "add" orders as they are: every required group is a single choice. */
    simpleProducts: async (req: APIRequestContext, mealType: string): Promise<TProduct[]> => {
      const res = await req.get(storefront(`/menu?mealType=${mealType}`));
      expect(res.status(), await res.text()).toBe(200);
      const menu = (await res.json()) as { classes: { products: TProduct[] }[] };
      return menu.classes
        .flatMap((c) => c.products)
        .filter(
          (p) => !p.soldOut && p.optionGroups.every((g) => g.min === 0 || (g.min === 1 && g.max === 1)),
        );
    },
    /** One switch or number of the settings page (spec 001 §3), as its tabs save it. */
    saveBusiness: (admin: Page, key: string, value: unknown, table = 'business') =>
      ok(
        // the save path of the table (spec 001 §7 SAVE_PATHS)
        admin.request.put(api(`/console/${shop}/${table === 'large_order' ? 'large-order' : table}`), {
          data: { table, key, value, label: key },
        }),
      ),
    /** Fields of the shop edit form (spec 000 §3), saved as the form saves the whole shop. */
    saveShopForm: async (admin: Page, patch: Record<string, unknown>) => {
      const res = await admin.request.get(api(`/gaa/shops/${shop}`));
      expect(res.status(), await res.text()).toBe(200);
      const { businessData } = await res.json();
      await ok(
        admin.request.put(api(`/gaa/shops/${shop}`), {
          data: { businessData: { ...businessData, ...patch } },
        }),
      );
    },
    /** One of `product` into the phone's cart, with a note when given (the note box must be there). */
    addToCart: async (phone: Page, product: string, note?: string) => {
      await phone
        .getByRole('button', { name: new RegExp(product) })
        .first()
        .click();
      if (note !== undefined) await phone.getByTestId('item-note-input').fill(note);
      await phone
        .getByRole('dialog')
        .getByRole('button', { name: /加入購物車/ })
        .click();
      await poll(() => phone.getByRole('dialog').count()).toBe(0);
    },
    /** The checkout with a name and, unless null, a phone ('' clears what the device remembered). */
    openCheckout: async (phone: Page, name: string, phoneNo: string | null = '0912345678') => {
      await phone.getByRole('button', { name: /購物車/ }).click();
      await phone.getByLabel(/姓名/).fill(name);
      if (phoneNo !== null) await phone.getByLabel(/手機號碼/).fill(phoneNo);
    },
    sendButton: (phone: Page) => phone.getByRole('button', { name: /送出訂單/ }),
  };
};
