// The banner's title and subtitle allow a little HTML. This reads it into a tree of the few
// inline tags allowed (b, strong, i, em, u, span, br), every attribute dropped; any other tag
// is removed but its text kept (script and style lose their content too). The view renders the
// tree as React elements: nothing typed is ever inserted as HTML.

export type InlineTag = 'b' | 'strong' | 'i' | 'em' | 'u' | 'span';
export type InlineNode = string | { tag: 'br' } | { tag: InlineTag; children: InlineNode[] };

const ALLOWED = new Set<string>(['b', 'strong', 'i', 'em', 'u', 'span']);
const DROP_CONTENT = new Set(['script', 'style', 'template', 'iframe', 'object', 'noscript', 'textarea', 'title']);
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', '#39': "'" };
const MAX_DEPTH = 8;

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8}|#39);/gi, (m, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('#x') || lower.startsWith('#')) {
      const code = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[lower] ?? m;
  });
}

type Frame = { tag: InlineTag | null; children: InlineNode[] };

export function parseInlineHtml(src: unknown): InlineNode[] {
  const text = typeof src === 'string' ? src : '';
  const root: Frame = { tag: null, children: [] };
  const stack: Frame[] = [root];
  let dropping: string | null = null;
  const re = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)\b[^>]*>|<!--[\s\S]*?-->/g;
  let last = 0;
  const pushText = (s: string) => {
    if (!s || dropping) return;
    const top = stack[stack.length - 1]!;
    const decoded = decodeEntities(s);
    const prev = top.children[top.children.length - 1];
    if (typeof prev === 'string') top.children[top.children.length - 1] = prev + decoded;
    else top.children.push(decoded);
  };
  for (let m = re.exec(text); m; m = re.exec(text)) {
    pushText(text.slice(last, m.index));
    last = re.lastIndex;
    if (!m[2]) continue; // a comment
    const closing = m[1] === '/';
    const name = m[2].toLowerCase();
    if (dropping) {
      if (closing && name === dropping) dropping = null;
      continue;
    }
    if (DROP_CONTENT.has(name)) {
      if (!closing && !/\/>$/.test(m[0])) dropping = name;
      continue;
    }
    if (name === 'br') {
      if (!closing) stack[stack.length - 1]!.children.push({ tag: 'br' });
      continue;
    }
    if (!ALLOWED.has(name)) continue;
    if (!closing) {
      if (stack.length > MAX_DEPTH) continue;
      const frame: Frame = { tag: name as InlineTag, children: [] };
      stack[stack.length - 1]!.children.push(frame as { tag: InlineTag; children: InlineNode[] });
      stack.push(frame);
    } else {
      // Close up to the matching open tag; a stray closing tag is ignored.
      const at = stack.map((f) => f.tag).lastIndexOf(name as InlineTag);
      if (at > 0) stack.length = at;
    }
  }
  pushText(text.slice(last));
  return root.children;
}

/** The text of a tree (for labels and empty checks). */
export function inlineText(nodes: InlineNode[]): string {
  return nodes.map((n) => (typeof n === 'string' ? n : n.tag === 'br' ? ' ' : inlineText(n.children))).join('');
}
