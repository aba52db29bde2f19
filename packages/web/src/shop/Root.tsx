import { WEB_VERSION_PARAM, webVersionOf } from '@shopdesk/contract';
import { lazy, Suspense } from 'react';
import { useT } from './i18n';
import { matchRoute, useLocation } from './router';
import { useShop } from './shop-data';

// Two layouts, each its own chunk (docs/decisions/customer-app.md "Web version"): the classic one page of web
// version 1 loads none of Web2.0's menu, sheet and pages, and Web2.0 none of it.
const App = lazy(() => import('./App').then((m) => ({ default: m.App })));
// loaded before the first render when the server drew the first screen: no "loading" flashes over it
let loadedApp: typeof import('./App')['App'] | null = null;
export const loadApp = () =>
  import('./App').then((m) => {
    loadedApp = m.App;
  });
const ClassicApp = lazy(() => import('./classic/ClassicApp'));

const versionKey = (shopId: number) => `shopdesk.shop.${shopId}.v`;

/** The link's `v`, kept for the tab: the order page's and the menu links of the same visit keep the layout. */
const linkVersion = (shopId: number, v: string | null): string | null => {
  try {
    if (v === '1' || v === '2') {
      sessionStorage.setItem(versionKey(shopId), v);
      return v;
    }
    return sessionStorage.getItem(versionKey(shopId));
  } catch {
    return v;
  }
};

const Loading = () => {
  const t = useT();
  return (
    <p className="center muted" role="status">
      {t('loading')}
    </p>
  );
};

/**
 * Chooses the layout of the menu (and the shop's landing): the link's `v`, else the shop's version
 * (contract webVersionOf); 1 opens the classic page. Every other page is Web2.0's.
 */
export const Root = () => {
  const { path, query } = useLocation();
  const route = matchRoute(path);
  const menuRoute = route.page === 'menu' || route.page === 'landing';
  const shopId = menuRoute ? route.shopId : 0;
  const linkV = menuRoute ? linkVersion(shopId, query.get(WEB_VERSION_PARAM)) : null;
  // read here for both layouts (one request per visit: the app reads the same cached answer)
  const shop = useShop(shopId);
  if (menuRoute && linkV !== '2') {
    if (shop.state === 'loading') return <Loading />;
    if (shop.state === 'ok' && webVersionOf(linkV, shop.data.webVersion) === 1)
      return (
        <Suspense fallback={<Loading />}>
          <ClassicApp shop={shop.data} />
        </Suspense>
      );
  }
  const Loaded = loadedApp;
  if (Loaded) return <Loaded />;
  return (
    <Suspense fallback={<Loading />}>
      <App />
    </Suspense>
  );
};
