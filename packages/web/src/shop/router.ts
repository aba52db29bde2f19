import { useSyncExternalStore } from 'react';

/** A router of a few lines: the app has six screens, no library needed (bundle budget). */
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};
if (typeof window !== 'undefined') window.addEventListener('popstate', notify);

export const navigate = (to: string, opts: { replace?: boolean } = {}) => {
  if (opts.replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  window.scrollTo(0, 0);
  notify();
};

const current = () => location.pathname + location.search;

export const useLocation = () => {
  const href = useSyncExternalStore((cb) => {
    listeners.add(cb);
    return () => listeners.delete(cb);
  }, current);
  const url = new URL(href, location.origin);
  return { path: url.pathname, query: url.searchParams };
};

export type TRoute =
  | { page: 'landing'; shopId: number }
  | { page: 'menu'; shopId: number }
  | { page: 'orders'; shopId: number }
  | { page: 'order'; shopId: number; token: string }
  | { page: 'group'; shopId: number; token: string }
  | { page: 'info'; shopId: number }
  | { page: 'manager'; shopId: number }
  | { page: 'badShop' }
  | { page: 'notFound'; shopId: number };

export const matchRoute = (path: string): TRoute => {
  const parts = path.replace(/\/+$/, '').split('/').filter(Boolean);
  if (parts[0] !== 'shop' || !parts[1] || !/^\d{1,9}$/.test(parts[1])) return { page: 'badShop' };
  const shopId = Number(parts[1]);
  const [, , page, token, ...rest] = parts;
  if (rest.length > 0) return { page: 'notFound', shopId };
  if (!page && !token) return { page: 'landing', shopId };
  if (page === 'orders' && token) return { page: 'order', shopId, token: decodeURIComponent(token) };
  if (page === 'group' && token) return { page: 'group', shopId, token: decodeURIComponent(token) };
  if (token) return { page: 'notFound', shopId };
  if (page === 'menu' || page === 'orders' || page === 'info' || page === 'manager') return { page, shopId };
  return { page: 'notFound', shopId };
};

/** A link inside the app: plain <a> (works without JS, opens in a new tab) that navigates in place. */
export const linkProps = (to: string) => ({
  href: to,
  onClick: (e: { preventDefault: () => void; metaKey?: boolean; ctrlKey?: boolean }) => {
    if (e.metaKey || e.ctrlKey) return;
    e.preventDefault();
    navigate(to);
  },
});
