import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { LateNotifyHost } from '../components/AntdScope';
import { SessionProvider } from '../features/platform/session/session-context';
import { detectVariant, VariantProvider } from '../shell/variant';
import { DocumentTitle } from './DocumentTitle';
import { AppRoutes } from './router';

/**
 * Providers from the outside in: variant (from the URL), router, session. antd's theme and locale join
 * where antd is used (AntdScope: the shell, the pages; not the console's login page), the data cache per
 * page (PageScope in RoutePage); the toast host mounts once the first screen is drawn.
 */
export const App = () => {
  const [variant] = useState(() => detectVariant(window.location.pathname));
  return (
    <VariantProvider value={variant}>
      <BrowserRouter basename={variant.basename}>
        <SessionProvider>
          <DocumentTitle />
          <AppRoutes />
        </SessionProvider>
      </BrowserRouter>
      <LateNotifyHost />
    </VariantProvider>
  );
};
