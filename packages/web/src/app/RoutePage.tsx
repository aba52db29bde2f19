import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { AntdScope } from '../components/AntdScope';
import { CenteredSpin } from '../components/CenteredSpin';
import { useSession } from '../features/platform/session/session-context';
import { withTimeout } from '../shell/lazy-page';
import { aclsOpen } from '../shell/manager-pages';
import { canOpen, type TRouteDef } from '../shell/route-types';
import { PAGES } from './pages';
import { RouteErrorBoundary } from './RouteErrorBoundary';

// The notices live in their own chunk: the login route never shows them.
const statusPages = () => withTimeout(() => import('../shell/StatusPages'));
const NotBuiltPage = lazy(() =>
  withTimeout(() => import('../shell/NotBuiltPage')).then((m) => ({ default: m.NotBuiltPage })),
);
const ForbiddenPage = lazy(() => statusPages().then((m) => ({ default: m.ForbiddenPage })));
export const NotFoundPage = lazy(() => statusPages().then((m) => ({ default: m.NotFoundPage })));
const PageScope = lazy(() =>
  withTimeout(() => import('./page-scope')).then((m) => ({ default: m.PageScope })),
);

/**
 * One route's screen: the registered page (lazy, in PageScope: query cache and dayjs locale) or the
 * not-built notice, behind the role check.
 */
export const RoutePage = ({ route }: { route: TRouteDef }) => {
  const { user } = useSession();
  const { t } = useTranslation();
  const Page = PAGES[route.id];
  // spec 000 §6: roles choose what a user may open. Signed-out visitors never reach guarded routes
  // (RequireSession); 'pos' routes get their own guard with the POS sign-in.
  // spec 002 §3: a shop manager also needs the acl of the page's call (the no-permission page otherwise)
  const allowed =
    typeof route.who === 'string' || (canOpen(route.who, user?.type) && aclsOpen(user, route.id));
  const screen = !allowed ? (
    <ForbiddenPage />
  ) : !Page ? (
    <NotBuiltPage route={route} />
  ) : route.portal ? (
    // Login pages call the API directly: the query cache is not part of the login route.
    <Page route={route} />
  ) : (
    <PageScope>
      <Page route={route} />
    </PageScope>
  );
  return (
    <RouteErrorBoundary key={route.id}>
      <Suspense fallback={<CenteredSpin tip={t('loading')} />}>
        {/* The console's login pages are drawn without antd (AntdScope); the POS sign-in uses its Form. */}
        {allowed && Page !== undefined && route.portal && route.portal !== 'pos' ? (
          screen
        ) : (
          <AntdScope>{screen}</AntdScope>
        )}
      </Suspense>
    </RouteErrorBoundary>
  );
};
