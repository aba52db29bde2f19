import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { AntdScope } from '../components/AntdScope';
import { CenteredSpin } from '../components/CenteredSpin';
import { RequireSession } from '../features/platform/session/RequireSession';
import { useSession } from '../features/platform/session/session-context';
import { withTimeout } from '../shell/lazy-page';
import { RETAIL_ROUTES } from '../shell/retail-route-table';
import { CONSOLE_ROUTES, REDIRECTS } from '../shell/route-table';
import type { TRouteDef } from '../shell/route-types';
import { useVariant } from '../shell/variant';
import { PublicFrame } from './PublicFrame';
import { PAGES } from './pages';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { NotFoundPage, RoutePage } from './RoutePage';

// The signed-in shell is its own chunk: the login route does not pay for menus and drawers.
const ConsoleLayout = lazy(() =>
  withTimeout(() => import('./layout/ConsoleLayout')).then((m) => ({ default: m.ConsoleLayout })),
);

const Shell = ({ children }: { children?: ReactNode }) => (
  <RouteErrorBoundary>
    <Suspense fallback={<CenteredSpin fullScreen />}>
      <AntdScope>
        <ConsoleLayout>{children}</ConsoleLayout>
      </AntdScope>
    </Suspense>
  </RouteErrorBoundary>
);

/** spec 000 §2: unknown paths show the not-found page, inside the shell when signed in. */
const NotFoundRoute = () => {
  const { user } = useSession();
  const page = (
    <Suspense fallback={<CenteredSpin />}>
      <AntdScope>
        <NotFoundPage />
      </AntdScope>
    </Suspense>
  );
  return user ? <Shell>{page}</Shell> : <PublicFrame>{page}</PublicFrame>;
};

// A page registered under an id no route table has would never show: say so while developing.
if (import.meta.env.DEV) {
  const known = new Set([...CONSOLE_ROUTES, ...RETAIL_ROUTES].map((r) => r.id));
  for (const id of Object.keys(PAGES))
    if (!known.has(id)) console.warn(`pages.ts: no route has the id "${id}"`);
}

const toRoute = (route: TRouteDef) => (
  <Route key={route.id} path={route.path} element={<RoutePage route={route} />} />
);

/**
 * The routes of the current tree (spec 000 §2), from its route table: pages without sign-in in the
 * public frame, every other page behind the guard in the console shell. A declarative router: the data
 * router's loaders are not used and would cost the login route 16 kB gzip.
 */
export const AppRoutes = () => {
  const { routes } = useVariant();
  return useMemo(
    () => (
      <Routes>
        {REDIRECTS.map(({ from, to }) => (
          <Route key={from} path={from} element={<Navigate to={to} replace />} />
        ))}
        <Route element={<PublicFrame />}>
          {routes.filter((r) => typeof r.who === 'string').map(toRoute)}
        </Route>
        <Route
          element={
            <RequireSession>
              <Shell />
            </RequireSession>
          }
        >
          {routes.filter((r) => typeof r.who !== 'string').map(toRoute)}
        </Route>
        <Route path="*" element={<NotFoundRoute />} />
      </Routes>
    ),
    [routes],
  );
};
