// The use-template flow of shell §4, as pure steps: what the preview banner's button (and the
// preview page's open_clone_modal) do for who is looking. The screens run the steps (toasts,
// navigation, look-ups); the decisions live here so they are tested without a browser.
import { TEMPLATE_MESSAGES } from '../../../shared/rules/templates';
import { templatePreviewPath } from './api';

/** Longest key the detail call takes (TemplateKeyParams). */
const KEY_MAX = 200;

export interface UseFlowInput {
  /** The visitor has an account session on this host. */
  signedIn: boolean;
  /** The visitor edits the board being previewed (can_edit). */
  canEdit: boolean;
  /** The address's template_id (null or '' when absent). */
  templateId: string | null;
  /** The previewed board's key: its subdomain (board slug on the base host); null when none. */
  boardKey: string | null;
  /** The board base URL (`http://localhost:3000`): the board host, where sessions live. */
  baseUrl: string;
}

export type FlowMessage = typeof TEMPLATE_MESSAGES.unidentified | typeof TEMPLATE_MESSAGES.notFound | typeof TEMPLATE_MESSAGES.loadFailed;

export type FlowStep =
  /** Go there; `remember` is first stored as the template redirect URL (sign-in and sign-up return to it). */
  | { kind: 'go'; url: string; remember: string | null }
  /** Find the template by `key` (id, slug, subdomain or name), then `afterLookup`. */
  | { kind: 'lookup'; key: string }
  /** Show the §8 text for TEMPLATE_FLOW_FALLBACK_MS, then go to `fallback` (/templates). */
  | { kind: 'fail'; message: FlowMessage; fallback: string };

const clean = (v: string | null | undefined): string | null => {
  const t = v?.trim();
  return t ? t : null;
};

/** `path` on the board host. */
export function onBase(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${path}`;
}

export function templatesUrl(baseUrl: string): string {
  return onBase(baseUrl, '/templates');
}

/** The preview of a template on the board host, with the clone modal open. */
export function cloneModalUrl(baseUrl: string, t: { id: string; subdomain: string }): string {
  return onBase(baseUrl, templatePreviewPath(t, { openCloneModal: true }));
}

/** A key the detail call can take: set, and not longer than it accepts. */
function usable(key: string | null): key is string {
  return !!key && key.length <= KEY_MAX;
}

/**
 * §4: an editor or a signed-in visitor with template_id goes to the template's preview on the board
 * host (clone modal open); without template_id the template is found by the board's subdomain /
 * slug / name and its clone modal opened, or, with nothing to look up, /templates. Anyone else goes
 * to /dashboard/auth on the board host carrying template_id, the way back stored first.
 */
export function decideUseTemplate(input: UseFlowInput): FlowStep {
  const templateId = clean(input.templateId);
  const boardKey = clean(input.boardKey);
  const fallback = templatesUrl(input.baseUrl);
  if ((templateId && !usable(templateId)) || (!templateId && boardKey && !usable(boardKey)))
    return { kind: 'fail', message: TEMPLATE_MESSAGES.unidentified, fallback };

  if (input.signedIn || input.canEdit) {
    if (templateId) {
      // On the template's own preview the board key is its subdomain: no look-up needed.
      if (boardKey && usable(boardKey)) return { kind: 'go', url: cloneModalUrl(input.baseUrl, { id: templateId, subdomain: boardKey }), remember: null };
      return { kind: 'lookup', key: templateId };
    }
    if (boardKey) return { kind: 'lookup', key: boardKey };
    return { kind: 'go', url: fallback, remember: null };
  }

  const auth = onBase(input.baseUrl, `/dashboard/auth${templateId ? `?${new URLSearchParams({ template_id: templateId }).toString()}` : ''}`);
  let remember: string | null = null;
  if (boardKey && usable(boardKey)) {
    remember = templateId
      ? cloneModalUrl(input.baseUrl, { id: templateId, subdomain: boardKey })
      : onBase(input.baseUrl, `/${encodeURIComponent(boardKey)}?${new URLSearchParams({ preview: 'true', open_clone_modal: 'true' }).toString()}`);
  }
  // With template_id and no board, the sign-in page finds the preview from template_id itself.
  return { kind: 'go', url: auth, remember };
}

/** What a failed look-up means: 404 not in the marketplace, 400 not a key, anything else not loaded. */
export function lookupFailure(status: number | undefined, baseUrl: string): FlowStep {
  const message = status === 404 ? TEMPLATE_MESSAGES.notFound : status === 400 ? TEMPLATE_MESSAGES.unidentified : TEMPLATE_MESSAGES.loadFailed;
  return { kind: 'fail', message, fallback: templatesUrl(baseUrl) };
}

/** The step after a successful look-up: the template's preview with the clone modal open. */
export function afterLookup(t: { id: string; subdomain: string }, baseUrl: string): FlowStep {
  return { kind: 'go', url: cloneModalUrl(baseUrl, t), remember: null };
}

/**
 * Which template the clone modal of a preview page is for: the address's template_id, else the
 * board's subdomain (§4's look-up by subdomain, slug or name); null when neither is usable.
 */
export function cloneModalKey(templateId: string | null, boardKey: string | null): string | null {
  const id = clean(templateId);
  if (id) return usable(id) ? id : null;
  const key = clean(boardKey);
  return usable(key) ? key : null;
}

/** The current address without open_clone_modal (closing the modal must not reopen it on reload). */
export function withoutCloneModal(search: string): string {
  const q = new URLSearchParams(search);
  q.delete('open_clone_modal');
  const s = q.toString();
  return s ? `?${s}` : '';
}

/**
 * When the flow's target is the preview being looked at (same host, same board), the path that
 * opens the clone modal right here (the page, its row and the other parameters kept); else null.
 */
export function cloneModalHere(target: string, current: { origin: string; pathname: string; search: string }): string | null {
  let url: URL;
  try {
    url = new URL(target, current.origin);
  } catch {
    return null;
  }
  const board = (p: string) => p.split('/').filter(Boolean)[0] ?? '';
  if (url.origin !== current.origin || board(url.pathname) !== board(current.pathname)) return null;
  const q = new URLSearchParams(current.search);
  for (const [k, v] of url.searchParams) q.set(k, v);
  return `${current.pathname}?${q.toString()}`;
}
