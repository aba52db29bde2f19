import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { SessionProvider } from '../features/platform/session/session-context';
import { detectVariant, VariantProvider } from '../shell/variant';
import { AntdProvider } from './AntdProvider';
import { DocumentTitle } from './DocumentTitle';
import { AppRoutes } from './router';

/**
 * Providers from the outside in: variant (from the URL), antd theme/locale, router, session. The data
 * cache joins per page (PageScope in RoutePage).
 */
export const App = () => {
  const [variant] = useState(() => detectVariant(window.location.pathname));
  return (
    <VariantProvider value={variant}>
      <AntdProvider>
        <BrowserRouter basename={variant.basename}>
          <SessionProvider>
            <DocumentTitle />
            <AppRoutes />
          </SessionProvider>
        </BrowserRouter>
      </AntdProvider>
    </VariantProvider>
  );
};
