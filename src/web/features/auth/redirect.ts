// After sign-in the user returns to a stored template redirect URL if any, else /dashboard
// (shell §4). The use-template flow (a later issue) writes this key.
export const TEMPLATE_REDIRECT_KEY = 'template_redirect_url';

export function takeRedirect(): string {
  const url = localStorage.getItem(TEMPLATE_REDIRECT_KEY);
  if (url) {
    localStorage.removeItem(TEMPLATE_REDIRECT_KEY);
    return url;
  }
  return '/dashboard';
}

/** Navigates within the SPA for local paths, with a full load for other hosts (board hosts). */
export function go(url: string, navigate: (to: string, opts?: { replace?: boolean }) => void) {
  if (/^https?:\/\//.test(url) && !url.startsWith(window.location.origin)) window.location.assign(url);
  else navigate(url.replace(window.location.origin, ''), { replace: true });
}
