// Several workspaces per owner (issue 18): the calls and the cache rules of the switcher,
// /dashboard/new-workspace, renaming and deleting, and /boardWorkspace.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { BoardSort, BoardWorkspaceResponse, WorkspaceResponseOne, WorkspacesResponse } from '../../../shared/api/workspaces';
import { api, request, type Out } from '../../lib/api';
import { keys } from '../../lib/queries';

export const workspaceKeys = {
  list: ['workspaces'] as const,
  boards: (q: string, sort: BoardSort) => ['board-workspace', q, sort] as const,
};

export function useWorkspaces() {
  return useQuery({ queryKey: workspaceKeys.list, queryFn: async () => (await api.get<Out<typeof WorkspacesResponse>>('/api/workspaces')).workspaces });
}

export function useBoardWorkspace(q: string, sort: BoardSort) {
  return useQuery({
    queryKey: workspaceKeys.boards(q, sort),
    queryFn: () => api.get<Out<typeof BoardWorkspaceResponse>>('/api/board-workspace', { query: { ...(q ? { q } : {}), sort } }),
    placeholderData: (previous) => previous,
  });
}

/**
 * Everything the dashboard shows belongs to the current workspace: after a switch (or a new or
 * deleted workspace) it is all read again. The account itself stays (no sign-in flash).
 */
export function afterSwitch(qc: QueryClient) {
  return qc.resetQueries({ predicate: (q) => q.queryKey[0] !== keys.me[0] });
}

export function useSwitchWorkspace() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.put<Out<typeof WorkspaceResponseOne>>('/api/workspaces/current', { id }),
    onSuccess: () => afterSwitch(qc),
  });
}

export function useCreateWorkspace() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.post<Out<typeof WorkspaceResponseOne>>('/api/workspaces', { name }),
    onSuccess: () => afterSwitch(qc),
  });
}

export function useRenameWorkspace() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => request<Out<typeof WorkspaceResponseOne>>('PATCH', `/api/workspaces/${encodeURIComponent(id)}`, { body: { name } }),
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: workspaceKeys.list });
      qc.invalidateQueries({ queryKey: keys.workspace });
    },
  });
}

export function useDeleteWorkspace() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, confirm }: { id: string; confirm: string }) => api.delete(`/api/workspaces/${encodeURIComponent(id)}`, { body: { confirm } }),
    onSuccess: () => afterSwitch(qc),
  });
}
