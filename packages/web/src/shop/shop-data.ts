import type { TMealType, TStorefrontShop } from '@shopdesk/contract';
import { useEffect, useState } from 'react';
import { api, type ShopApiError } from './api';
import { loadTagManager } from './gtm';
import { pageShop } from './prerendered';

export type TLoad<T> =
  | { state: 'loading' }
  | { state: 'ok'; data: T }
  | { state: 'missing' }
  | { state: 'error'; error: ShopApiError };

const shops = new Map<number, Promise<TStorefrontShop>>();

/** The shop's public face, read once per visit (every screen shows its name). */
export const useShop = (shopId: number): TLoad<TStorefrontShop> => {
  const [load, setLoad] = useState<TLoad<TStorefrontShop>>(() => {
    const inPage = pageShop(shopId);
    return inPage ? { state: 'ok', data: inPage } : { state: 'loading' };
  });
  useEffect(() => {
    // 0: no shop in the path (a bad link): nothing to read
    if (!shopId) return;
    let live = true;
    let p = shops.get(shopId);
    if (!p) {
      const inPage = pageShop(shopId);
      p = inPage ? Promise.resolve(inPage) : api.shop(shopId);
      shops.set(shopId, p);
    }
    p.then(
      (data) => {
        loadTagManager(data.gtmId);
        if (live) setLoad({ state: 'ok', data });
      },
      (error: ShopApiError) => {
        shops.delete(shopId);
        if (live) setLoad(error.status === 404 ? { state: 'missing' } : { state: 'error', error });
      },
    );
    return () => {
      live = false;
    };
  }, [shopId]);
  return load;
};

export const money = (n: number) => `NT$${n.toLocaleString('en-US')}`;

export const when = (iso: string, lang: 'zh' | 'en') =>
  new Date(iso).toLocaleString(lang === 'zh' ? 'zh-TW' : 'en-GB', {
    timeZone: 'Asia/Taipei',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });

/** The contract's MEAL_TYPES, repeated here: menu-model.ts carries zod schemas the bundle must not load. */
export const MEAL_TYPES = ['eat_in', 'to_go', 'delivery'] as const satisfies readonly TMealType[];
