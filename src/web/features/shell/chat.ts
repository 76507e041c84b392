// Where the live chat may show (shell §1, §9): only on /, /dashboard, /admin, /marketplace,
// /dashboard/auth and /dashboard/signup, of the product's own site (the base host: an app host or
// a custom domain serves an owner's board, not our pages), and never in an embed (`embed=true`,
// or any page inside a frame).
export const CHAT_PATHS = ['/', '/dashboard', '/admin', '/marketplace', '/dashboard/auth', '/dashboard/signup'] as const;

export function chatAllowed(where: { pathname: string; search: string; framed: boolean; appHost: boolean }): boolean {
  if (where.framed || where.appHost) return false;
  if (/^(true|1)$/i.test(new URLSearchParams(where.search).get('embed')?.trim() ?? '')) return false;
  const path = where.pathname.length > 1 ? where.pathname.replace(/\/+$/, '') : where.pathname;
  return (CHAT_PATHS as readonly string[]).includes(path);
}

/** Chatwoot's loader address: `{CHATWOOT_URL}/packs/js/sdk.js`. */
export function chatwootSdkUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/packs/js/sdk.js`;
}

/** Both settings present and the address an http(s) origin: otherwise the chat stays off. */
export function chatSettings(url: unknown, token: unknown): { baseUrl: string; websiteToken: string } | null {
  const baseUrl = typeof url === 'string' ? url.trim().replace(/\/+$/, '') : '';
  const websiteToken = typeof token === 'string' ? token.trim() : '';
  if (!baseUrl || !websiteToken || !/^https?:\/\/[^/\s?#]+$/i.test(baseUrl)) return null;
  return { baseUrl, websiteToken };
}
