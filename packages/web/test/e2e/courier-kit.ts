// Shared by the courier browser tests: a cash delivery order placed through the storefront API as the customer
// app does. Demo shops 10–12 deliver through the vendor simulator (zones around Taipei City Hall and NTU).
import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from 'playwright-core';
import { expect } from 'vitest';
import { url } from './browser';

export const COURIER_SHOP = 10;
export const CITY_HALL = { lat: 25.037531, lng: 121.563694, address: '台北市信義區市府路45號' };

type TOrderOptions = {
  shop?: number;
  customer: { name: string; phone: string };
  quantity?: number;
  /** Where the order goes: near the point (0.002° off), at its address. */
  at?: { lat: number; lng: number; address: string };
};

/** Places a delivery order of a product needing no choice; answers the intake's 201 body. */
export const placeDeliveryOrder = async (request: APIRequestContext, o: TOrderOptions) => {
  const storefront = url(`/console/apis/storefront/v1/shops/${o.shop ?? COURIER_SHOP}`);
  const menu = await (await request.get(`${storefront}/menu?mealType=delivery`)).json();
  const product = (
    menu.classes as { products: { id: number; soldOut: boolean; optionGroups: { min: number }[] }[] }[]
  )
    .flatMap((c) => c.products)
    .find((p) => !p.soldOut && p.optionGroups.every((g) => g.min === 0));
  expect(product).toBeDefined();
  const at = o.at ?? CITY_HALL;
  const res = await request.post(`${storefront}/orders`, {
    headers: { 'idempotency-key': randomUUID() },
    data: {
      mealType: 'delivery',
      customer: o.customer,
      items: [{ productId: product!.id, quantity: o.quantity ?? 3, optionIds: [] }],
      paymentMethod: 'cash',
      delivery: { address: at.address, lat: at.lat + 0.002, lng: at.lng + 0.002 },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as {
    order: { id: number; serial: number; status: string };
    orderToken: string;
  };
};
