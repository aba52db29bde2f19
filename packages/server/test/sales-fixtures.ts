import { addDays, localToday } from '@shopdesk/contract';
import type { Db } from '../src/db/client';
import { orderItems, orders } from '../src/db/schema';

export type TOrderSpec = {
  day: number; // days before today (Asia/Taipei)
  hour?: number; // local hour
  status?: 'new' | 'accepted' | 'rejected' | 'completed' | 'canceled';
  mealType?: 'eat_in' | 'to_go' | 'delivery';
  paymentMethod?: 'cash' | 'online';
  subtotal?: number;
  voucher?: { code: string; discount: number };
  phone?: string;
};

const serials = new Map<number, number>();

/** Orders written straight to the tables (the sales pages only read them), at Asia/Taipei local times. */
export const insertOrders = async (
  db: Db,
  shop: { accountId: number; siAccountId: number | null },
  specs: TOrderSpec[],
) => {
  const today = localToday();
  const rows = specs.map((s) => {
    const serial = (serials.get(shop.accountId) ?? 100) + 1;
    serials.set(shop.accountId, serial);
    const day = addDays(today, -s.day);
    const subtotal = s.subtotal ?? 200;
    const discount = s.voucher?.discount ?? 0;
    return {
      accountId: shop.accountId,
      siAccountId: shop.siAccountId,
      serial,
      status: s.status ?? 'completed',
      mealType: s.mealType ?? 'eat_in',
      paymentMethod: s.paymentMethod ?? 'cash',
      customerName: '王小明',
      customerPhone: s.phone ?? '0912345678',
      subtotal,
      discount,
      total: subtotal - discount,
      voucherCode: s.voucher?.code ?? null,
      itemCount: 2,
      idempotencyKey: `t-${shop.accountId}-${serial}`,
      createdAt: new Date(`${day}T${String(s.hour ?? 12).padStart(2, '0')}:00:00+08:00`),
    };
  });
  const made = [];
  for (let k = 0; k < rows.length; k += 500) {
    made.push(
      ...(await db
        .insert(orders)
        .values(rows.slice(k, k + 500))
        .returning({ id: orders.id })),
    );
  }
  for (let k = 0; k < made.length; k += 500) {
    await db.insert(orderItems).values(
      made.slice(k, k + 500).map((o) => ({
        orderId: o.id,
        productId: 1,
        names: { zh: '牛肉麵', en: 'Beef noodles' },
        unitPrice: 100,
        quantity: 2,
        lineTotal: 200,
      })),
    );
  }
  return made.map((o) => o.id);
};
