// Registers the service worker (sw/sw.js) at the site root (shell §7) and reloads the page when
// an installed update takes over (shell §4): the new worker calls skipWaiting + clients.claim,
// the page gets `controllerchange` and reloads, once. The very first install also claims the page
// (an uncontrolled page gets its first controller): that is not an update, so no reload.
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  // Inside a frame (an embedded board) the page belongs to another site's visit: no worker.
  if (window.self !== window.top) return;
  const container = navigator.serviceWorker;
  let controlled = !!container.controller;
  let reloading = false;
  container.addEventListener('controllerchange', () => {
    if (!controlled) {
      controlled = true;
      return;
    }
    if (reloading) return;
    reloading = true;
    window.location.reload();
  });
  const register = () => {
    container.register('/sw.js', { scope: '/' }).catch(() => {
      // No worker (private mode, blocked by policy): the app works as before, online only.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
