import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { hasFirstScreen } from './prerendered';
import { loadApp, Root } from './Root';
import './shop.css';

/** How long the app waits for the server's first photo before it draws over it anyway. */
const FIRST_PHOTO_WAIT_MS = 3_000;

const start = () => {
  const root = createRoot(document.getElementById('root')!);
  // a transition: React draws the first screen in slices that yield to the browser (no long task on an old
  // phone while the menu's cards are built)
  startTransition(() =>
    root.render(
      <StrictMode>
        <Root />
      </StrictMode>,
    ),
  );
};

/**
 * The server's first photo painted before the app draws its own: the page's largest paint is then the
 * server's, not one that waited for the script (docs/decisions/customer-app.md "Customer app: first paint
 * from the server"). Capped, and a photo that fails counts as done.
 */
const firstPhotoShown = () => {
  const img = document.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]');
  if (!img || img.complete) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const done = () => requestAnimationFrame(() => resolve());
    img.addEventListener('load', done, { once: true });
    img.addEventListener('error', done, { once: true });
    setTimeout(resolve, FIRST_PHOTO_WAIT_MS);
  });
};

// the server's first screen stays until the app can draw the same (server storefront/shop-page.ts)
if (hasFirstScreen()) Promise.all([loadApp(), firstPhotoShown()]).then(start, start);
else start();
