// The provider admin area's view of the blog team (issue 17; shared/api/blog.ts): every blog
// admin account, and the invitation that makes the first one (and any later one).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlogAuthorsResponse, BlogInviteResponse } from '../../../shared/api/blog';
import type { BlogRole } from '../../../shared/rules/blog';
import { api, type Out } from '../../lib/api';

export type BlogTeamMember = Out<typeof BlogAuthorsResponse>['authors'][number];
export type BlogTeamInvite = Out<typeof BlogInviteResponse>;

export const blogTeamKeys = { list: ['admin', 'blog-team'] as const };

export const blogTeamApi = {
  list: () => api.get<Out<typeof BlogAuthorsResponse>>('/api/admin/blog-admins'),
  invite: (body: { name: string; email: string; role: BlogRole }) => api.post<BlogTeamInvite>('/api/admin/blog-admins', body),
};

export function useBlogTeam() {
  return useQuery({ queryKey: blogTeamKeys.list, queryFn: blogTeamApi.list });
}

/** Invites someone to the blog team; the list is read again afterwards. */
export function useInviteToBlogTeam() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: blogTeamApi.invite,
    onSuccess: () => qc.invalidateQueries({ queryKey: blogTeamKeys.list }),
  });
}
