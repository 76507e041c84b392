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

/**
 * The app this page is served for: the subdomain on an app host, null on the base host. Any other
 * host name is an app's too (issue 5: a custom host set in the Publish URL serves its app): the key
 * is its first label by the spec's rule (shell §8, app-info), or the whole name where that rule
 * names none (`www.shop.com`); the server finds the app by the request's Host first either way.
 * An IP address or a one-label name (`localhost:5173`) is the base site reached another way.
 */
export function appSubdomain(baseUrl: string, host = window.location.host): string | null {
  const base = hostOf(baseUrl);
  if (host === base) return null;
  if (host.endsWith(`.${base}`)) return host.slice(0, -(base.length + 1)).split('.').pop() || null;
  const hostname = host.replace(/:\d+$/, '').toLowerCase();
  const labels = hostname.split('.');
  if (labels.length < 2 || hostname.startsWith('[') || labels.every((l) => /^\d+$/.test(l))) return null;
  return appNameFromHost(hostname) || hostname;
}

/**
 * Where the base host's `/{subdomain}[/{page}]{search}` is shown on the app's own origin (the
 * server's redirect does the same), or null when `origin` is not an http(s) origin.
 */
export function appOriginTarget(origin: string, pageSlug: string | undefined, search: string): string | null {
  let u: URL;
  try {
    u = new URL(origin);
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  return `${u.origin}/${pageSlug ? encodeURIComponent(pageSlug) : ''}${search}`;
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

/** The data editor of a spreadsheet, on the base host (where the owner's session is). */
export function dataEditorUrl(baseUrl: string | undefined, spreadsheetId: string): string {
  const path = `/dashboard/data/${encodeURIComponent(spreadsheetId)}`;
  if (!baseUrl) return path;
  try {
    return new URL(path, baseUrl).toString();
  } catch {
    return path;
  }
}
