// The developer pages' calls (issue 18): the owner's personal API tokens (contract:
// shared/api/developer.ts) and the OpenAPI document the server generates from its routes.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { OpenApiDocument } from './reference';

export const TOKENS_PATH = '/api/developer/tokens';
export const TOKENS_KEY = ['developer-tokens'] as const;

/** GET /api/openapi.json, read once a visit (it changes only with the server). */
export function useOpenApiDocument() {
  return useQuery({ queryKey: ['openapi'], queryFn: () => api.get<OpenApiDocument>('/api/openapi.json'), staleTime: Infinity });
}
