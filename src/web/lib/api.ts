// The request layer. Every call carries the spec's `board` (the page path) and `referer` query
// params (shell §7). The `_id` / `_email` params of the spec are deliberately NOT sent: the
// server takes identity from the session cookie only (ARCHITECTURE.md, "Server").
import type { z } from 'zod';
import type { ErrorResponse } from '../../shared/api';
import { checkAccountRequired } from './account-required';
import { previewHeaders } from './preview';

export const NETWORK_ERROR = 'Network error occurred';

export type Issue = { path: string; message: string };

/**
 * A refused request. `code` is the server's machine-readable reason (`conflict`, `invalid`,
 * `unauthorized`...), so callers can branch on it instead of on the wording of `message`, which
 * is the user-facing text. Network failures (status 0) and non-JSON answers have no code.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly issues: Issue[] = [],
    readonly body: unknown = null,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  body?: unknown;
  query?: Query;
  /** Overrides the `board` param (default: the current page path). */
  board?: string;
  signal?: AbortSignal;
}

/** Builds `/api/...?board=..&referer=..&...`. */
export function apiUrl(path: string, query: Query = {}, board?: string): string {
  const params = new URLSearchParams();
  params.set('board', board ?? window.location.pathname);
  params.set('referer', window.location.href);
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  }
  return `${path}?${params.toString()}`;
}

const isIssue = (i: unknown): i is Issue =>
  !!i && typeof i === 'object' && typeof (i as Issue).path === 'string' && typeof (i as Issue).message === 'string';

/**
 * The spec's error text rule: the response `message`, else the serialised response, else the
 * network text. The server's `code` and `issues` (`{message, code?, issues?}`) are kept as given.
 */
export function errorFrom(status: number, body: unknown, raw: string): ApiError {
  const b = body !== null && typeof body === 'object' ? (body as Partial<Record<keyof ErrorResponse, unknown>>) : null;
  const code = typeof b?.code === 'string' && b.code ? b.code : undefined;
  const issues = Array.isArray(b?.issues) ? b.issues.filter(isIssue) : [];
  if (typeof b?.message === 'string' && b.message) return new ApiError(b.message, status, issues, body, code);
  const text = body !== null && body !== undefined ? JSON.stringify(body) : raw;
  return new ApiError(text || `${NETWORK_ERROR} (${status})`, status, issues, body, code);
}

function parse(raw: string): unknown {
  if (!raw) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

export async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(apiUrl(path, opts.query, opts.board), {
      method,
      credentials: 'include',
      // FormData sets its own multipart Content-Type (with the boundary).
      headers: {
        ...(opts.body !== undefined && !(opts.body instanceof FormData) ? { 'Content-Type': 'application/json' } : {}),
        Accept: 'application/json',
        // A "Preview as" tab asks as the viewer it shows (lib/preview.ts).
        ...previewHeaders(),
      },
      body: opts.body instanceof FormData ? opts.body : opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
      signal: opts.signal,
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(NETWORK_ERROR, 0);
  }
  const raw = res.status === 204 ? '' : await res.text();
  const body = parse(raw);
  if (!res.ok) {
    const error = errorFrom(res.status, body, raw);
    // Shell §8: a visitor without an account is sent to sign up.
    checkAccountRequired(error.message);
    throw error;
  }
  return (body ?? raw) as T;
}

/** Typed with the zod schemas of src/shared/api (inferred output types). */
export type Out<S extends z.ZodType> = z.infer<S>;

export const api = {
  get: <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, opts),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', path, { ...opts, body: body ?? {} }),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', path, { ...opts, body: body ?? {} }),
  delete: <T>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, opts),
  /** multipart/form-data POST (small uploads; uploadFile below reports progress for big ones). */
  form: <T>(path: string, form: FormData, opts?: RequestOptions) => request<T>('POST', path, { ...opts, body: form }),
};

/**
 * Multipart upload through XMLHttpRequest, because fetch cannot report upload progress and a
 * 50 MB spreadsheet takes a while on a slow line.
 */
export function uploadFile<T>(
  path: string,
  field: string,
  file: File,
  onProgress: (fraction: number) => void,
  /** Form fields sent before the file (the server reads them whatever their order, but small parts first is cheaper). */
  fields: Record<string, string> = {},
): { promise: Promise<T>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<T>((resolve, reject) => {
    xhr.open('POST', apiUrl(path));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else {
        const error = errorFrom(xhr.status, body, xhr.responseText);
        checkAccountRequired(error.message);
        reject(error);
      }
    };
    xhr.onerror = () => reject(new ApiError(NETWORK_ERROR, 0));
    xhr.onabort = () => reject(new ApiError('Upload cancelled', 0));
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append(field, file, file.name);
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}

/** Message of anything thrown, for toasts. */
export function messageOf(e: unknown, fallback = 'There was an error. Please try again or reach out via chat'): string {
  if (e instanceof Error && e.message) return e.message;
  return fallback;
}

/** Server issues as a map path → message, for showing them on the named fields. */
export function issuesByPath(e: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (e instanceof ApiError) for (const i of e.issues) out[i.path] ??= i.message;
  return out;
}
