// The public blog's calls (issue 17), typed with src/shared/api/blog.ts: the listing and its
// filters, a post, and the previews. The listing and a post take their first answer from the
// page data the server rendered into the HTML (boot-data.ts), so the first render needs no request.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import {
  BlogPostPageResponse,
  BlogPostsResponse,
  type BlogAuthorsPublicResponse,
  type BlogCategoriesResponse,
} from '../../../shared/api/blog';
import { api, type Out } from '../../lib/api';
import { takeBlogData } from './boot-data';
import type { BlogListingQuery } from './listing-query';

export type BlogPostList = Out<typeof BlogPostsResponse>;
export type BlogPostPage = Out<typeof BlogPostPageResponse>;
export type BlogCategoryList = Out<typeof BlogCategoriesResponse>['categories'];
export type BlogAuthorList = Out<typeof BlogAuthorsPublicResponse>['authors'];

export const blogKeys = {
  all: ['blog'] as const,
  list: (q: BlogListingQuery) => ['blog', 'posts', q] as const,
  post: (slug: string) => ['blog', 'post', slug] as const,
  categories: ['blog', 'categories'] as const,
  authors: ['blog', 'authors'] as const,
  preview: (slug: string, token: string) => ['blog', 'preview', slug, token] as const,
  previewList: ['blog', 'preview-list'] as const,
};

const slugPath = (slug: string) => encodeURIComponent(slug);

export const blogApi = {
  list: (q: BlogListingQuery) => api.get<BlogPostList>('/api/blog/posts', { query: { ...q } }),
  post: (slug: string) => api.get<BlogPostPage>(`/api/blog/posts/${slugPath(slug)}`),
  categories: async () => (await api.get<Out<typeof BlogCategoriesResponse>>('/api/blog/categories')).categories,
  authors: async () => (await api.get<Out<typeof BlogAuthorsPublicResponse>>('/api/blog/authors')).authors,
  /** Without a token the blog admin's session decides. */
  preview: (slug: string, token: string) => api.get<BlogPostPage>(`/api/blog/preview/${slugPath(slug)}`, { query: { token } }),
  previewList: () => api.get<BlogPostList>('/api/blog/preview'),
};

export function useBlogPosts(q: BlogListingQuery) {
  const location = useLocation();
  return useQuery({
    queryKey: blogKeys.list(q),
    queryFn: () => blogApi.list(q),
    initialData: () => takeBlogData(BlogPostsResponse, location),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useBlogPost(slug: string) {
  const location = useLocation();
  return useQuery({
    queryKey: blogKeys.post(slug),
    queryFn: () => blogApi.post(slug),
    initialData: () => takeBlogData(BlogPostPageResponse, location),
    staleTime: 30_000,
  });
}

export function useBlogCategories() {
  return useQuery({ queryKey: blogKeys.categories, queryFn: blogApi.categories, staleTime: 60_000 });
}

export function useBlogAuthors() {
  return useQuery({ queryKey: blogKeys.authors, queryFn: blogApi.authors, staleTime: 60_000 });
}

export function useBlogPreview(slug: string, token: string) {
  // A preview shows the draft as it is now: never an older copy.
  return useQuery({ queryKey: blogKeys.preview(slug, token), queryFn: () => blogApi.preview(slug, token), staleTime: 0 });
}

export function useBlogPreviewList() {
  return useQuery({ queryKey: blogKeys.previewList, queryFn: blogApi.previewList, staleTime: 0 });
}
