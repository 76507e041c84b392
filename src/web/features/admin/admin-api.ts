// The admin area's calls (shared/api/admin.ts; the lifetime codes of shared/api/billing.ts),
// through the web's request layer.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AdminSessionResponse,
  AdminUsersResponse,
  DecisionHistoryResponse,
  QueueItemResponse,
  QueueResponse,
} from '../../../shared/api/admin';
import type { AdminCode, AdminCodesResponse, GenerateCodesResponse, RevokeCodeResponse } from '../../../shared/api/billing';
import { api, type Out } from '../../lib/api';

export type QueueItem = Out<typeof QueueResponse>['requests'][number];
export type QueueFilter = 'pending' | 'published' | 'rejected' | 'all';
export type DecisionItem = Out<typeof DecisionHistoryResponse>['decisions'][number];
export type AdminUsersPage = Out<typeof AdminUsersResponse>;
export type CodeFilter = 'all' | AdminCode['status'];

export const adminKeys = {
  session: ['admin', 'session'] as const,
  queue: (status: QueueFilter, page: number) => ['admin', 'queue', status, page] as const,
  queueAll: ['admin', 'queue'] as const,
  decisions: ['admin', 'decisions'] as const,
  users: (search: string, page: number) => ['admin', 'users', search, page] as const,
  codes: (status: CodeFilter, page: number) => ['admin', 'codes', status, page] as const,
  codesAll: ['admin', 'codes'] as const,
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
  codes: (status: CodeFilter, page: number) => api.get<Out<typeof AdminCodesResponse>>('/api/admin/codes', { query: { status, page } }),
  generateCodes: (body: { count: number; note: string }) => api.post<Out<typeof GenerateCodesResponse>>('/api/admin/codes', body),
  revokeCode: (id: string) => api.post<Out<typeof RevokeCodeResponse>>(`/api/admin/codes/${encodeURIComponent(id)}/revoke`),
};

/** The server's admin session (the real check behind the stored flag). */
export function useAdminSession(enabled = true) {
  return useQuery({ queryKey: adminKeys.session, queryFn: adminApi.session, retry: false, staleTime: 30_000, enabled });
}

export function useReviewQueue(status: QueueFilter, page: number) {
  return useQuery({ queryKey: adminKeys.queue(status, page), queryFn: () => adminApi.queue(status, page) });
}

export function useDecisions() {
  return useQuery({ queryKey: adminKeys.decisions, queryFn: adminApi.decisions });
}

/** The list stays while the next search or page loads. */
export function useAdminUsers(search: string, page: number) {
  return useQuery({ queryKey: adminKeys.users(search, page), queryFn: () => adminApi.users(search, page), placeholderData: keepPreviousData });
}

export function useLifetimeCodes(status: CodeFilter, page: number) {
  return useQuery({ queryKey: adminKeys.codes(status, page), queryFn: () => adminApi.codes(status, page), placeholderData: keepPreviousData });
}
