// The marketplace calls of the editor (shell §7), typed with src/shared/api/marketplace.ts.
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { AppResponse } from '../../../shared/api';
import type {
  CancelResponse,
  ReviewRequestResponse,
  StripeSubmitStatus,
  SubmitForm,
  SubmitResponse,
  TemplateContentsResponse,
  UploadFileResponse,
} from '../../../shared/api/marketplace';
import { api, type Out } from '../../lib/api';
import { keys } from '../../lib/queries';

export type ReviewRequest = NonNullable<Out<typeof ReviewRequestResponse>['reviewRequest']>;
export type EditorApp = Out<typeof AppResponse>['app'];

export const REVIEW_REQUEST_PATH = '/api/multipage/marketplace/review-request';

export const reviewRequestKey = (appId: string) => ['review-request', appId] as const;

/** The app's review request; a failure is treated as none (§7). */
export function useReviewRequest(appId: string | undefined) {
  return useQuery({
    queryKey: reviewRequestKey(appId ?? ''),
    queryFn: async (): Promise<ReviewRequest | null> => {
      try {
        return (await api.get<Out<typeof ReviewRequestResponse>>(REVIEW_REQUEST_PATH, { query: { app_id: appId } })).reviewRequest ?? null;
      } catch {
        return null;
      }
    },
    enabled: !!appId,
    staleTime: 30_000,
  });
}

/** What a submission of the app would ship now (the sheets and columns its guests read, with their rows). Read afresh each time the form opens. */
export function useTemplateContents(appId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: ['template-contents', appId ?? ''] as const,
    queryFn: async () => (await api.get<Out<typeof TemplateContentsResponse>>(`${REVIEW_REQUEST_PATH}/contents`, { query: { app_id: appId } })).sheets,
    enabled: !!appId && enabled,
    staleTime: 0,
  });
}

/** The app's public and sign_in_method, read as Privacy Settings reads them (same cache: a privacy save shows at once). */
export function useEditorApp(appId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: keys.app(appId ?? ''),
    queryFn: () => api.get<Out<typeof AppResponse>>(`/api/apps/${encodeURIComponent(appId!)}`),
    enabled: !!appId && enabled,
    select: (r) => r.app,
  });
}

/** The app as it is at submit time (never a cached copy). */
export async function fetchAppNow(qc: QueryClient, appId: string): Promise<EditorApp> {
  const r = await qc.fetchQuery({
    queryKey: keys.app(appId),
    queryFn: () => api.get<Out<typeof AppResponse>>(`/api/apps/${encodeURIComponent(appId)}`),
    staleTime: 0,
  });
  return r.app;
}

export const submitRequest = (form: SubmitForm) => api.put<Out<typeof SubmitResponse>>(REVIEW_REQUEST_PATH, { form });

export const cancelRequest = (appId: string) => api.delete<Out<typeof CancelResponse>>(REVIEW_REQUEST_PATH, { body: { app_id: appId } });

export const stripeSubmitStatus = () => api.get<Out<typeof StripeSubmitStatus>>('/api/multipage/marketplace/check-stripe-submit-status');

/** One image to POST /api/upload-file, under `thumbnail` or `image`. */
export function uploadImage(field: 'thumbnail' | 'image', file: File) {
  const form = new FormData();
  form.append(field, file, file.name);
  return api.form<Out<typeof UploadFileResponse>>('/api/upload-file', form);
}
