import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dropzone/styles.css';
import '@mantine/nprogress/styles.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

// A failed code-chunk load (e.g. after a deploy) reloads the page once, at most once a minute
// (shell §4).
window.addEventListener('vite:preloadError', () => {
  const last = Number(sessionStorage.getItem('chunk_reload_at') ?? 0);
  if (Date.now() - last > 60_000) {
    sessionStorage.setItem('chunk_reload_at', String(Date.now()));
    window.location.reload();
  }
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
