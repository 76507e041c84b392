// The page data the server puts in /blog and /blog/{slug} (`<script type="application/json"
// id="sb-blog-data">` holding {path, data}, data being exactly the API's answer for that page).
// It is taken out of the document at start-up, before React's first render replaces what #root
// holds, so this module stays tiny and free of the blog's schemas: the eager bundle the guest
// board viewer downloads carries only these few lines. The blog's pages check the data's shape
// with the contract's zod schema when they use it (features/blog/api.ts).
import type { z } from 'zod';

export const BLOG_DATA_ID = 'sb-blog-data';

/** The query params that change what /blog lists: data rendered for page 1 unfiltered does not fit. */
const LISTING_PARAMS = ['category', 'author', 'q'] as const;

interface BootPayload {
  path: string;
  data: unknown;
}

type Doc = { getElementById(id: string): { textContent: string | null; remove(): void } | null };

let captured: BootPayload | null = null;
/** What the server rendered in #root, shown again while the page's chunk loads (BootFallback). */
let serverNodes: Node[] = [];

/** {path, data} from the element's text; null when it is not JSON of that form. */
export function parseBootPayload(text: string | null | undefined): BootPayload | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const { path, data } = value as { path?: unknown; data?: unknown };
  if (typeof path !== 'string' || data === undefined) return null;
  return { path, data };
}

/**
 * Reads the element once and removes it (a later render or a second read finds nothing).
 * Called by the router module, which loads before the app's first render.
 */
export function captureBlogData(doc: Doc | undefined = typeof document === 'undefined' ? undefined : document): void {
  const el = doc?.getElementById(BLOG_DATA_ID);
  if (!el) return;
  captured = parseBootPayload(el.textContent);
  el.remove();
  // React's first render empties #root; the nodes are kept (not copied as HTML) to be put back.
  if (typeof document !== 'undefined' && doc === document) serverNodes = Array.from(document.getElementById('root')?.childNodes ?? []);
}

/** The server's nodes of a blog page (the router shows its fallback only on the first load). */
export function serverMarkup(): readonly Node[] {
  return serverNodes;
}

const trimPath = (p: string) => p.replace(/\/+$/, '') || '/';

/** True when a page at this address shows what the server rendered for `payloadPath`. */
export function bootDataFits(payloadPath: string, location: { pathname: string; search: string }): boolean {
  if (trimPath(payloadPath) !== trimPath(location.pathname)) return false;
  const params = new URLSearchParams(location.search);
  const page = params.get('page');
  if (page !== null && page !== '' && page !== '1') return false;
  return LISTING_PARAMS.every((k) => !params.get(k)?.trim());
}

/**
 * The captured data when it belongs to this address and has the schema's shape, once: later
 * calls give undefined (the query cache holds it by then). Anything else is dropped, and the page
 * asks the server as usual.
 */
export function takeBlogData<S extends z.ZodType>(schema: S, location: { pathname: string; search: string }): z.infer<S> | undefined {
  const payload = captured;
  if (!payload || !bootDataFits(payload.path, location)) return undefined;
  captured = null;
  const parsed = schema.safeParse(payload.data);
  return parsed.success ? parsed.data : undefined;
}
