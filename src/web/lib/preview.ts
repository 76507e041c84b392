// "Preview as" (issue 34): a tab the editor opens to show the app as one of its app users (or a
// visitor who is not signed in) sees it. The choice comes in the address (`preview_as`, with the
// name to show) and is kept for the tab (sessionStorage), so moving between the app's pages stays
// in the preview. Every request of the tab then carries PREVIEW_HEADER: the server, which checks
// that the owner's session sends it, answers as that viewer and refuses every change.
export const PREVIEW_HEADER = 'X-Sheetboard-Preview-As';
const KEY = 'sheetboard-preview-as';

export interface Preview {
  /** An app user's id, or 'guest'. */
  as: string;
  /** Whose view it is, in words. */
  name: string;
}

function read(): Preview | null {
  if (typeof window === 'undefined') return null;
  try {
    const params = new URLSearchParams(window.location.search);
    const as = params.get('preview_as');
    if (as) {
      const preview = { as, name: params.get('preview_name') || (as === 'guest' ? 'a visitor who is not signed in' : 'an app user') };
      window.sessionStorage.setItem(KEY, JSON.stringify(preview));
      return preview;
    }
    const kept = window.sessionStorage.getItem(KEY);
    return kept ? (JSON.parse(kept) as Preview) : null;
  } catch {
    return null;
  }
}

let current: Preview | null | undefined;

/** The preview this tab shows, if any. */
export function activePreview(): Preview | null {
  if (current === undefined) current = read();
  return current;
}

/** Ends the preview in this tab. */
export function endPreview(): void {
  current = null;
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Storage may be off; the tab closes anyway.
  }
}

/** The header every request of a preview tab carries (none outside a preview). */
export function previewHeaders(): Record<string, string> {
  const p = activePreview();
  return p ? { [PREVIEW_HEADER]: p.as } : {};
}
