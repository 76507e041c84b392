// The blog administration's calls (src/shared/api/blog.ts), through the web's request layer.
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type {
  BlogAdminPostsResponse,
  BlogAuthorPatch,
  BlogAuthorResponse,
  BlogAuthorsResponse,
  BlogCategoriesResponse,
  BlogCategoryResponse,
  BlogInvitationResponse,
  BlogInviteResponse,
  BlogMediaListResponse,
  BlogMediaResponse,
  BlogPostBody,
  BlogPostResponse,
  BlogSessionResponse,
} from '../../../shared/api/blog';
import type { BlogPostStatus, BlogRole } from '../../../shared/rules/blog';
import type { z } from 'zod';
// The request layer has no PATCH helper; the generic `request` is enough.
import { api, request, uploadFile, type Out } from '../../lib/api';

export type PostsPage = Out<typeof BlogAdminPostsResponse>;
export type MediaPage = Out<typeof BlogMediaListResponse>;
/** A post as sent: every field given. */
export type PostBody = Required<z.input<typeof BlogPostBody>>;

export interface PostsFilter {
  status: BlogPostStatus | 'all';
  category?: string;
  author?: string;
  q?: string;
  page: number;
}

const id = (v: string) => encodeURIComponent(v);

export const blogKeys = {
  all: ['blog-admin'] as const,
  session: ['blog-admin', 'session'] as const,
  posts: (f: PostsFilter) => ['blog-admin', 'posts', f] as const,
  postsAll: ['blog-admin', 'posts'] as const,
  post: (postId: string) => ['blog-admin', 'post', postId] as const,
  categories: ['blog-admin', 'categories'] as const,
  authors: ['blog-admin', 'authors'] as const,
  author: (authorId: string) => ['blog-admin', 'author', authorId] as const,
  media: (q: string, page: number) => ['blog-admin', 'media', q, page] as const,
  mediaAll: ['blog-admin', 'media'] as const,
  invitation: (token: string) => ['blog-admin', 'invitation', token] as const,
};

export const blogApi = {
  login: (email: string, password: string) => api.post<BlogSessionResponse>('/api/blog-admin/login', { email, password }),
  session: () => api.get<BlogSessionResponse>('/api/blog-admin/session'),
  logout: () => api.post<null>('/api/blog-admin/logout'),
  invitation: (token: string) => api.get<Out<typeof BlogInvitationResponse>>(`/api/blog-admin/invitations/${id(token)}`),
  acceptInvitation: (token: string, password: string) => api.post<BlogSessionResponse>('/api/blog-admin/invitations/accept', { token, password }),

  posts: (f: PostsFilter) =>
    api.get<PostsPage>('/api/blog-admin/posts', { query: { status: f.status, category: f.category, author: f.author, q: f.q, page: f.page } }),
  post: (postId: string) => api.get<Out<typeof BlogPostResponse>>(`/api/blog-admin/posts/${id(postId)}`),
  createPost: (body: PostBody) => api.post<Out<typeof BlogPostResponse>>('/api/blog-admin/posts', body),
  updatePost: (postId: string, body: PostBody & { version: number }) => api.put<Out<typeof BlogPostResponse>>(`/api/blog-admin/posts/${id(postId)}`, body),
  deletePost: (postId: string) => api.delete<null>(`/api/blog-admin/posts/${id(postId)}`),

  categories: () => api.get<Out<typeof BlogCategoriesResponse>>('/api/blog-admin/categories'),
  createCategory: (name: string, slug?: string) => api.post<Out<typeof BlogCategoryResponse>>('/api/blog-admin/categories', { name, ...(slug ? { slug } : {}) }),
  updateCategory: (catId: string, patch: { name?: string; slug?: string }) =>
    request<Out<typeof BlogCategoryResponse>>('PATCH', `/api/blog-admin/categories/${id(catId)}`, { body: patch }),
  deleteCategory: (catId: string) => api.delete<null>(`/api/blog-admin/categories/${id(catId)}`),

  authors: () => api.get<Out<typeof BlogAuthorsResponse>>('/api/blog-admin/authors'),
  author: (authorId: string) => api.get<Out<typeof BlogAuthorResponse>>(`/api/blog-admin/authors/${id(authorId)}`),
  invite: (name: string, email: string, role: BlogRole) => api.post<Out<typeof BlogInviteResponse>>('/api/blog-admin/authors', { name, email, role }),
  resend: (authorId: string) => api.post<Out<typeof BlogInviteResponse>>(`/api/blog-admin/authors/${id(authorId)}/resend`),
  updateAuthor: (authorId: string, patch: Out<typeof BlogAuthorPatch>) =>
    request<Out<typeof BlogAuthorResponse>>('PATCH', `/api/blog-admin/authors/${id(authorId)}`, { body: patch }),
  deleteAuthor: (authorId: string) => api.delete<null>(`/api/blog-admin/authors/${id(authorId)}`),

  media: (q: string, page: number) => api.get<MediaPage>('/api/blog-admin/media', { query: { q: q || undefined, page } }),
  deleteMedia: (mediaId: string) => api.delete<null>(`/api/blog-admin/media/${id(mediaId)}`),
  /** One image, multipart field `file` (the server re-encodes it). */
  uploadMedia: (file: File, onProgress: (fraction: number) => void = () => {}) => uploadFile<Out<typeof BlogMediaResponse>>('/api/blog-admin/media', 'file', file, onProgress),
};

/** The server's blog session (the real check behind the stored user). */
export function useBlogSession(enabled = true) {
  return useQuery({ queryKey: blogKeys.session, queryFn: blogApi.session, retry: false, staleTime: 30_000, enabled });
}

export function useBlogCategories() {
  return useQuery({ queryKey: blogKeys.categories, queryFn: blogApi.categories, staleTime: 30_000 });
}

export function useBlogPosts(f: PostsFilter, enabled = true) {
  return useQuery({ queryKey: blogKeys.posts(f), queryFn: () => blogApi.posts(f), placeholderData: keepPreviousData, enabled });
}

export function useBlogMedia(q: string, page: number) {
  return useQuery({ queryKey: blogKeys.media(q, page), queryFn: () => blogApi.media(q, page), placeholderData: keepPreviousData });
}

export function useBlogAuthors(enabled = true) {
  return useQuery({ queryKey: blogKeys.authors, queryFn: blogApi.authors, enabled });
}

export function useBlogAuthor(authorId: string) {
  return useQuery({ queryKey: blogKeys.author(authorId), queryFn: () => blogApi.author(authorId), enabled: !!authorId });
}

/** The media library as the page and the picker browse it: a search (sent after a pause; a new one starts at page 1) and a page. */
export function useMediaBrowser() {
  const [search, setSearchText] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const media = useBlogMedia(q, page);
  const setSearch = (text: string) => {
    setSearchText(text);
    setPage(1);
  };
  return { search, setSearch, q, page, setPage, media };
}
