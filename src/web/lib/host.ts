// Which app a URL names. Boards live at `http://{subdomain}.{BASE_HOST}/` (the app host) and at
// `http://{BASE_HOST}/{board_slug}` (shell §2.1). The base host comes from the server setting
// (GET /api/getENV/BOARD_BASE_URL, a raw value); when that call fails we fall back to the
// spec's first-label rule.
import { useQuery } from '@tanstack/react-query';
import { appNameFromHost } from '../../shared/rules/slug';
import { api } from './api';

export const DEFAULT_BASE_HOST = 'localhost:3000';

function hostOf(value: string): string {
  const v = value.trim().replace(/^"|"$/g, '');
  try {
    return new URL(v.includes('://') ? v : `http://${v}`).host;
  } catch {
    return v;
  }
}

export function useBaseUrl() {
  return useQuery({
    queryKey: ['env', 'BOARD_BASE_URL'],
    queryFn: async (): Promise<string> => {
      try {
        const raw = await api.get<unknown>('/api/getENV/BOARD_BASE_URL');
        const value = typeof raw === 'string' ? raw : (raw as { value?: string } | null)?.value;
        if (value) return value.includes('://') ? value.replace(/\/$/, '') : `${window.location.protocol}//${value}`;
      } catch {
        /* fall back below */
      }
      return `${window.location.protocol}//${DEFAULT_BASE_HOST}`;
    },
    staleTime: Infinity,
  });
}

/** The subdomain when this page is served on an app host, else null (the base host). */
export function appSubdomain(baseUrl: string, host = window.location.host): string | null {
  const base = hostOf(baseUrl);
  if (host === base) return null;
  if (host.endsWith(`.${base}`)) return host.slice(0, -(base.length + 1)).split('.').pop() || null;
  // Custom or unknown host: the first label names the app unless it is www or a number.
  const name = appNameFromHost(host);
  const labels = host.split(':')[0]!.split('.');
  return labels.length > 1 && name ? name : null;
}

/** Public URL of a board, for links and the embed snippet. */
export function boardUrl(baseUrl: string, subdomain: string): string {
  try {
    const u = new URL(baseUrl);
    return `${u.protocol}//${subdomain}.${u.host}/`;
  } catch {
    return `/${subdomain}`;
  }
}
