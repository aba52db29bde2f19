import type { TShopKind } from '@shopdesk/contract';
import { createContext, type ReactNode, useContext } from 'react';
import { RETAIL_ROUTES } from './retail-route-table';
import { CONSOLE_ROUTES } from './route-table';
import type { TRouteDef } from './route-types';

/**
 * spec 000 §1: a parallel "retail" console lives under /retail/ with the same pages. The server answers
 * index.html for both trees; the app picks its basename and route table from the URL it was opened at.
 */
export type TVariant = 'console' | 'retail';

export type TVariantInfo = {
  variant: TVariant;
  basename: '/console' | '/retail';
  routes: readonly TRouteDef[];
};

export const detectVariant = (pathname: string): TVariantInfo =>
  pathname === '/retail' || pathname.startsWith('/retail/')
    ? { variant: 'retail', basename: '/retail', routes: RETAIL_ROUTES }
    : { variant: 'console', basename: '/console', routes: CONSOLE_ROUTES };

const VariantContext = createContext<TVariantInfo>(detectVariant('/console/'));

export const VariantProvider = ({ value, children }: { value: TVariantInfo; children: ReactNode }) => (
  <VariantContext.Provider value={value}>{children}</VariantContext.Provider>
);

/** The tree the app runs in; retail pages branch on `variant === 'retail'` (e.g. type=retail queries). */
export const useVariant = () => useContext(VariantContext);

/**
 * The shop kind of the tree: the retail tree's report pages and shop selects ask for retail shops, the
 * console's for catering ones (?kind=, docs/decisions/shops.md "Retail tree").
 */
export const useShopKind = (): TShopKind => (useVariant().variant === 'retail' ? 'retail' : 'catering');
