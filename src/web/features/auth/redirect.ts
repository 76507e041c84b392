// After sign-in the user returns to a stored template redirect URL if any, else /dashboard
// (shell §4). The use-template flow (features/templates/use-flow.ts) writes this key before it
// sends a visitor to /dashboard/auth; sign-in and sign-up both read it.
import { templatePreviewPath, templatesApi } from '../templates/api';

export const TEMPLATE_REDIRECT_KEY = 'template_redirect_url';

export function takeRedirect(): string {
  const url = localStorage.getItem(TEMPLATE_REDIRECT_KEY);
  if (url) {
    localStorage.removeItem(TEMPLATE_REDIRECT_KEY);
    return url;
  }
  return '/dashboard';
}

/** Stores where sign-in (or sign-up) returns to (the use-template flow, before /dashboard/auth). */
export function rememberTemplateRedirect(url: string): void {
  try {
    localStorage.setItem(TEMPLATE_REDIRECT_KEY, url);
  } catch {
    /* storage off (private mode): the template_id in the address still leads back */
  }
}

/** The template_id an auth page was opened with (the use-template flow carries it); null when none. */
export function templateIdOf(search: string): string | null {
  const id = new URLSearchParams(search).get('template_id')?.trim();
  return id && id.length <= 200 ? id : null;
}

/** `path` with the template_id kept (the sign-in ↔ sign-up links carry it). */
export function withTemplateId(path: string, templateId: string | null): string {
  return templateId ? `${path}?${new URLSearchParams({ template_id: templateId }).toString()}` : path;
}

/**
 * Where to go once signed in: the stored template redirect URL; else, when the page was opened
 * with template_id (the flow started on another host, whose storage this host cannot read), that
 * template's preview with its clone modal open; else /dashboard. A failed look-up ends at /dashboard.
 */
export async function redirectAfterSignIn(
  templateId: string | null,
  lookup: (key: string) => Promise<{ id: string; subdomain: string }>,
  /** Where to go when nothing else is asked: sign-up sends a new owner to /dashboard/start. */
  home = '/dashboard',
): Promise<string> {
  const stored = takeRedirect();
  if (stored !== '/dashboard') return stored;
  if (!templateId) return home;
  try {
    return templatePreviewPath(await lookup(templateId), { openCloneModal: true });
  } catch {
    return '/dashboard';
  }
}

/** Navigates within the SPA for local paths, with a full load for other hosts (board hosts). */
export function go(url: string, navigate: (to: string, opts?: { replace?: boolean }) => void) {
  if (/^https?:\/\//.test(url) && !url.startsWith(window.location.origin)) window.location.assign(url);
  else navigate(url.replace(window.location.origin, ''), { replace: true });
}

/** Sign-in and sign-up end here: on to redirectAfterSignIn's target. */
export async function continueAfterSignIn(templateId: string | null, navigate: (to: string, opts?: { replace?: boolean }) => void, home = '/dashboard'): Promise<void> {
  go(await redirectAfterSignIn(templateId, templatesApi.detail, home), navigate);
}
