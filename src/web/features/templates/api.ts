// The calls of the marketplace's visitor side (issue 15), typed with src/shared/api/templates.ts:
// listing, detail, clone, checkout, purchase status, app origins and the column mapping.
import { useQuery } from '@tanstack/react-query';
import type {
  AppOriginsResponse,
  CheckoutResponse,
  CloneBody,
  CloneResponse,
  MappingBody,
  MappingPlan,
  MappingResponse,
  PurchaseResponse,
  TemplateDetailResponse,
  TemplateListQuery,
  TemplateListResponse,
  TemplateRestoreResponse,
  TemplateUpdatePreview,
  TemplateUpdateResponse,
} from '../../../shared/api/templates';
import { api, type Out } from '../../lib/api';

export const TEMPLATES_PATH = '/api/multipage/marketplace/templates';

export type TemplateList = Out<typeof TemplateListResponse>;
export type TemplateDetail = Out<typeof TemplateDetailResponse>['template'];
export type AppOrigin = Out<typeof AppOriginsResponse>['origins'][number];
export type UpdatePreview = Out<typeof TemplateUpdatePreview>;

export const templateKeys = {
  all: ['templates'] as const,
  list: (q: TemplateListQuery) => ['templates', 'listing', q] as const,
  detail: (key: string) => ['templates', 'detail', key] as const,
  purchase: (sessionId: string) => ['templates', 'purchase', sessionId] as const,
  origins: ['templates', 'origins'] as const,
  mapping: (appId: string, spreadsheetId: string | null) => ['templates', 'mapping', appId, spreadsheetId] as const,
  update: (appId: string) => ['templates', 'update', appId] as const,
};

export const templatesApi = {
  list: (q: TemplateListQuery) => api.get<TemplateList>(TEMPLATES_PATH, { query: { ...q } }),
  /** `key`: id, slug, version subdomain or a name (the use-template flow's lookup). */
  detail: async (key: string) => (await api.get<Out<typeof TemplateDetailResponse>>(`${TEMPLATES_PATH}/${encodeURIComponent(key)}`)).template,
  clone: (id: string, body: CloneBody) => api.post<Out<typeof CloneResponse>>(`${TEMPLATES_PATH}/${encodeURIComponent(id)}/clone`, body),
  checkout: (id: string) => api.post<Out<typeof CheckoutResponse>>(`${TEMPLATES_PATH}/${encodeURIComponent(id)}/checkout`, {}),
  purchase: async (sessionId: string) => (await api.get<Out<typeof PurchaseResponse>>(`/api/multipage/marketplace/purchases/${encodeURIComponent(sessionId)}`)).purchase,
  origins: async () => (await api.get<Out<typeof AppOriginsResponse>>('/api/multipage/marketplace/origins')).origins,
  mapping: (appId: string, spreadsheetId: string | null) =>
    api.get<Out<typeof MappingPlan>>(`/api/apps/${encodeURIComponent(appId)}/column-mapping`, { query: spreadsheetId ? { spreadsheet_id: spreadsheetId } : {} }),
  applyMapping: (appId: string, body: MappingBody) => api.post<Out<typeof MappingResponse>>(`/api/apps/${encodeURIComponent(appId)}/column-mapping`, body),
  update: (appId: string) => api.get<UpdatePreview>(`/api/apps/${encodeURIComponent(appId)}/template-update`),
  applyUpdate: (appId: string, body: { version_number: number; resolutions: Record<string, 'mine' | 'theirs'> }) =>
    api.post<Out<typeof TemplateUpdateResponse>>(`/api/apps/${encodeURIComponent(appId)}/template-update`, body),
  restoreUpdate: (appId: string, snapshotId: string) =>
    api.post<Out<typeof TemplateRestoreResponse>>(`/api/apps/${encodeURIComponent(appId)}/template-update/restore`, { snapshot_id: snapshotId }),
};

export function useTemplateList(q: TemplateListQuery) {
  return useQuery({ queryKey: templateKeys.list(q), queryFn: () => templatesApi.list(q), placeholderData: (prev) => prev, staleTime: 30_000 });
}

export function useTemplate(key: string | undefined) {
  return useQuery({ queryKey: templateKeys.detail(key ?? ''), queryFn: () => templatesApi.detail(key!), enabled: !!key, retry: false });
}

/**
 * Where a template is previewed (shell §2.3 preview mode), on the board host: its approved
 * version at `/{subdomain}?preview=true&template_id={id}`; `openCloneModal` adds §4's
 * open_clone_modal so the clone modal opens there at once.
 */
export function templatePreviewPath(t: { id: string; subdomain: string }, opts: { openCloneModal?: boolean } = {}): string {
  const q = new URLSearchParams({ preview: 'true', template_id: t.id });
  if (opts.openCloneModal) q.set('open_clone_modal', 'true');
  return `/${encodeURIComponent(t.subdomain)}?${q.toString()}`;
}
