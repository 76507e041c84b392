// Query hooks shared by several screens, typed with the zod contracts of src/shared/api.
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type {
  AppsResponse,
  CatalogueResponse,
  PagesResponse,
  SessionResponse,
  SpreadsheetsResponse,
  UserResponse,
  WorkspaceResponse,
} from '../../shared/api';
import { api, type Out } from './api';

export type User = Out<typeof UserResponse>['user'];
export type CatalogueEntry = Out<typeof CatalogueResponse>['blocks'][number];

export const keys = {
  me: ['me'] as const,
  workspace: ['workspace'] as const,
  apps: ['apps'] as const,
  spreadsheets: ['spreadsheets'] as const,
  catalogue: ['catalogue'] as const,
  pages: (appId: string) => ['pages', appId] as const,
  /** GET /api/apps/{id}: one app with its privacy settings (Push to Live). */
  app: (appId: string) => ['app', appId] as const,
  /** GET /api/mutipageapp_users/{appId}: the app's users (owner only). */
  appUsers: (appId: string) => ['app-users', appId] as const,
  board: (key: string) => ['board', key] as const,
  /** GET /api/workspace/editors: the signed-in owner's workspace editors. */
  workspaceEditors: ['workspace-editors'] as const,
};

/**
 * The signed-in user, or null. Asked of /api/auth/session, which answers a visitor 200 with null:
 * a signed-out visitor is no error (no 401 in the console of every signed-out page).
 */
/**
 * The visitor has just signed in (or up) as `user`: every answer kept so far was given to someone
 * else (a signed-out visitor: a template's can_clone, a listing's purchases), so it is dropped
 * before anything reads it, and the account is kept as "me".
 */
export function signedInAs(qc: QueryClient, user: User): void {
  qc.removeQueries({ predicate: (q) => q.queryKey[0] !== keys.me[0] });
  qc.setQueryData(keys.me, user);
}

export function useMe() {
  return useQuery({
    queryKey: keys.me,
    queryFn: async (): Promise<User | null> => (await api.get<Out<typeof SessionResponse>>('/api/auth/session')).user,
    staleTime: 60_000,
  });
}

export function useWorkspace(enabled = true) {
  return useQuery({
    queryKey: keys.workspace,
    queryFn: () => api.get<Out<typeof WorkspaceResponse>>('/api/board/workspace'),
    enabled,
    staleTime: 60_000,
  });
}

export function useApps() {
  return useQuery({ queryKey: keys.apps, queryFn: async () => (await api.get<Out<typeof AppsResponse>>('/api/apps')).apps });
}

export function useSpreadsheets() {
  return useQuery({
    queryKey: keys.spreadsheets,
    queryFn: async () => (await api.get<Out<typeof SpreadsheetsResponse>>('/api/spreadsheets')).spreadsheets,
  });
}

/** 'Choose Your Block' catalogue; an empty list on failure (blocks-and-data §8). */
export function useCatalogue() {
  return useQuery({
    queryKey: keys.catalogue,
    queryFn: async (): Promise<CatalogueEntry[]> => {
      try {
        return (await api.get<Out<typeof CatalogueResponse>>('/api/blocks')).blocks;
      } catch {
        return [];
      }
    },
    staleTime: 5 * 60_000,
  });
}

export function usePages(appId: string | undefined) {
  return useQuery({
    queryKey: keys.pages(appId ?? ''),
    queryFn: async () => (await api.get<Out<typeof PagesResponse>>(`/api/pages/${encodeURIComponent(appId!)}`)).pages,
    enabled: !!appId,
  });
}

export type PageRecord = Out<typeof PagesResponse>['pages'][number];
