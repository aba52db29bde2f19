import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n';
import { App } from './app/App';
import { installPopGuard } from './lib/pop-guard';
import './styles.css';

// before the router adds its own popstate listener (lib/pop-guard.ts)
installPopGuard();
const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
