import { lazy, type ReactNode, Suspense } from 'react';
import { pick, setLang, useLang, useT } from './i18n';
import { LandingPage } from './pages/LandingPage';
import { MenuPage } from './pages/MenuPage';
import { ErrorPage, MissingPage } from './pages/Missing';
import { linkProps, matchRoute, useLocation } from './router';
import { useShop } from './shop-data';

// The menu is the first screen of a table QR code: it ships in the entry; the others load when opened.
const OrderPage = lazy(() => import('./pages/OrderPage'));
const OrdersPage = lazy(() => import('./pages/OrdersPage'));
const InfoPage = lazy(() => import('./pages/InfoPage'));
const ManagerPage = lazy(() => import('./pages/ManagerPage'));
const GroupPage = lazy(() => import('./pages/GroupPage'));

/** The page frame: the shop's name, its links and the language switch. */
export const Frame = ({
  shopId,
  title,
  children,
}: {
  shopId: number;
  title: string;
  children: ReactNode;
}) => {
  const t = useT();
  const lang = useLang();
  return (
    <div className="app">
      <header className="top">
        <a className="top-name" {...linkProps(`/shop/${shopId}`)}>
          {title}
        </a>
        <nav className="top-links" aria-label={t('menu')}>
          <a {...linkProps(`/shop/${shopId}/menu`)}>{t('menu')}</a>
          <a {...linkProps(`/shop/${shopId}/orders`)}>{t('myOrders')}</a>
          <a {...linkProps(`/shop/${shopId}/info`)}>{t('info')}</a>
          <button type="button" className="lang" onClick={() => setLang(lang === 'zh' ? 'en' : 'zh')}>
            {t('language')}
          </button>
        </nav>
      </header>
      <main>{children}</main>
    </div>
  );
};

const Loading = () => {
  const t = useT();
  return (
    <p className="center muted" role="status">
      {t('loading')}
    </p>
  );
};

export const App = () => {
  const { path } = useLocation();
  const route = matchRoute(path);
  const lang = useLang();
  const shop = useShop(route.page === 'badShop' ? 0 : route.shopId);
  if (route.page === 'badShop') return <MissingPage kind="shop" />;
  if (shop.state === 'loading') return <Loading />;
  if (shop.state === 'missing') return <MissingPage kind="shop" />;
  if (shop.state === 'error')
    return <ErrorPage message={pick({ zh: shop.error.zh, en: shop.error.en }, lang)} />;
  const s = shop.data;
  document.title = s.name;
  const page = (() => {
    switch (route.page) {
      case 'landing':
        return <LandingPage shop={s} />;
      case 'menu':
        return <MenuPage shop={s} />;
      case 'order':
        return <OrderPage shop={s} token={route.token} />;
      case 'group':
        return <GroupPage shop={s} token={route.token} />;
      case 'orders':
        return <OrdersPage shop={s} />;
      case 'info':
        return <InfoPage shop={s} />;
      case 'manager':
        return <ManagerPage shop={s} />;
      default:
        return <MissingPage kind="page" shopId={s.id} />;
    }
  })();
  return (
    <Frame shopId={s.id} title={s.name}>
      <Suspense fallback={<Loading />}>{page}</Suspense>
    </Frame>
  );
};
