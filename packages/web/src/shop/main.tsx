import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { hasFirstScreen } from './prerendered';
import { loadApp, Root } from './Root';
import './shop.css';

const start = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
// the server's first screen stays until the app can draw the same (server storefront/shop-page.ts)
if (hasFirstScreen()) loadApp().then(start, start);
else start();
