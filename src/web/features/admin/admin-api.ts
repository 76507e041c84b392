// The admin area's calls (shared/api/admin.ts), through the web's request layer.
import { useQuery } from '@tanstack/react-query';
import type {
  AdminSessionResponse,
  AdminUsersResponse,
  DecisionHistoryResponse,
  QueueItemResponse,
  QueueResponse,
} from '../../../shared/api/admin';
import { api, type Out } from '../../lib/api';

export type QueueItem = Out<typeof QueueResponse>['requests'][number];
export type QueueFilter = 'pending' | 'published' | 'rejected' | 'all';
export type DecisionItem = Out<typeof DecisionHistoryResponse>['decisions'][number];
export type AdminUsersPage = Out<typeof AdminUsersResponse>;

export const adminKeys = {
  session: ['admin', 'session'] as const,
  queue: (status: QueueFilter, page: number) => ['admin', 'queue', status, page] as const,
  queueAll: ['admin', 'queue'] as const,
  decisions: ['admin', 'decisions'] as const,
  users: (search: string, page: number) => ['admin', 'users', search, page] as const,
};

export const adminApi = {
  login: (email: string, password: string) => api.post<AdminSessionResponse>('/api/admin/login', { email, password }),
  session: () => api.get<AdminSessionResponse>('/api/admin/session'),
  logout: () => api.post<null>('/api/admin/logout'),
  queue: (status: QueueFilter, page: number) => api.get<Out<typeof QueueResponse>>('/api/admin/review-requests', { query: { status, page } }),
  approve: (id: string) => api.post<Out<typeof QueueItemResponse>>(`/api/admin/review-requests/${encodeURIComponent(id)}/approve`),
  reject: (id: string, reason: string) =>
    api.post<Out<typeof QueueItemResponse>>(`/api/admin/review-requests/${encodeURIComponent(id)}/reject`, { reason }),
  decisions: () => api.get<Out<typeof DecisionHistoryResponse>>('/api/admin/decisions'),
  users: (search: string, page: number) => api.get<AdminUsersPage>('/api/admin/users', { query: { search: search || undefined, page } }),
};

/** The server's admin session (the real check behind the stored flag). */
export function useAdminSession(enabled = true) {
  return useQuery({ queryKey: adminKeys.session, queryFn: adminApi.session, retry: false, staleTime: 30_000, enabled });
}
