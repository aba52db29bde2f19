import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { matchRoutes, useLocation } from 'react-router';
import type { TRouteDef } from '../shell/route-types';
import { useVariant } from '../shell/variant';

/**
 * The route definition the current URL matches, ranked the way <Routes> ranks them; undefined on the
 * not-found page. The layout's top bar and the document title read it (they sit above the page).
 */
export const useCurrentRoute = (): TRouteDef | undefined => {
  const { routes } = useVariant();
  const { pathname } = useLocation();
  const objects = useMemo(() => routes.map((route) => ({ path: route.path, route })), [routes]);
  const matches = matchRoutes(objects, pathname);
  return matches?.[matches.length - 1]?.route.route;
};

/** Route name in the current language (spec 000 §1 top bar, §2 page title). */
export const useRouteTitle = (): string => {
  const route = useCurrentRoute();
  const { t } = useTranslation(['common', 'routes']);
  return route ? t(`routes:${route.id}`) : t('notFoundTitle');
};
