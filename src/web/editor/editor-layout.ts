// Which layout the board editor uses (shell §2.3): the sidebar layout (top bar + left sidebar),
// or the legacy board layout (one nav bar) when the address asks for it with `layout=legacy`.
// Multipage apps have their own layout and ignore it.
export type EditorLayoutKind = 'sidebar' | 'legacy';

export function editorLayoutOf(search: string, kind: 'board' | 'multipage'): EditorLayoutKind {
  if (kind !== 'board') return 'sidebar';
  return new URLSearchParams(search).get('layout')?.trim().toLowerCase() === 'legacy' ? 'legacy' : 'sidebar';
}
