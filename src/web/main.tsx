import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dropzone/styles.css';
import '@mantine/nprogress/styles.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { reloadForChunkError } from './features/shell/chunk-reload';
import { registerServiceWorker } from './features/shell/register-sw';

// A failed code-chunk load (e.g. after a deploy) reloads the page once, at most once a minute
// (shell §4); a lazy screen whose import fails reaches the root's error boundary (RouteError).
window.addEventListener('vite:preloadError', (event) => {
  if (reloadForChunkError()) event.preventDefault();
});
// The service worker (shell §4, §7): offline shell, and a reload when an update is installed.
// Built apps only (the build emits /sw.js); the dev server (hot reload) has none.
if (!import.meta.hot) registerServiceWorker();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
