// A small, safe Markdown reader for cells: it turns text into a tree the view renders as React
// elements, so raw input never reaches innerHTML. Supported: paragraphs, line breaks, "- " and
// "1. " lists, # headings, **bold**, *italic* / _italic_, `code`, ``` fenced code blocks ```,
// [links](https://...) with safe URLs only. Anything else is shown as plain text; a link to an
// unsafe target (javascript:, data:, ...) shows its label alone, with nothing of the target left.
import { safeUrl } from './cells/cells';

export type MdInline =
  | { t: 'text'; v: string }
  | { t: 'strong'; c: MdInline[] }
  | { t: 'em'; c: MdInline[] }
  | { t: 'code'; v: string }
  | { t: 'link'; href: string; c: MdInline[] }
  | { t: 'br' };

export type MdBlock =
  | { t: 'p'; c: MdInline[] }
  | { t: 'h'; level: number; c: MdInline[] }
  | { t: 'ul' | 'ol'; items: MdInline[][] }
  /** A fenced code block: its lines as typed. */
  | { t: 'pre'; v: string };

// A link target may hold balanced parentheses ("javascript:alert(1)", "…/Foo_(bar)") and spaces,
// so the whole "(…)" is taken: an unsafe target never leaves a stray ")" or half a URL behind.
const LINK = /^\[([^\]]+)\]\(((?:[^()\n]|\([^()\n]*\))*)\)/;

export function parseInline(src: string): MdInline[] {
  const out: MdInline[] = [];
  let text = '';
  const flush = () => {
    if (text) out.push({ t: 'text', v: text });
    text = '';
  };
  let i = 0;
  while (i < src.length) {
    const rest = src.slice(i);
    let m: RegExpExecArray | null;
    if ((m = /^`([^`]+)`/.exec(rest))) {
      flush();
      out.push({ t: 'code', v: m[1]! });
    } else if ((m = /^\*\*(.+?)\*\*/.exec(rest)) || (m = /^__(.+?)__/.exec(rest))) {
      flush();
      out.push({ t: 'strong', c: parseInline(m[1]!) });
    } else if ((m = /^\*([^*\s][^*]*?)\*/.exec(rest)) || (m = /^_([^_\s][^_]*?)_(?![A-Za-z0-9])/.exec(rest))) {
      flush();
      out.push({ t: 'em', c: parseInline(m[1]!) });
    } else if ((m = LINK.exec(rest))) {
      flush();
      const target = m[2]!.trim();
      const href = /\s/.test(target) ? null : (safeUrl(target) ?? (/^mailto:[^\s]+$/i.test(target) ? target : null));
      if (href) out.push({ t: 'link', href, c: parseInline(m[1]!) });
      else out.push({ t: 'text', v: m[1]! });
    } else if (rest[0] === '\n') {
      flush();
      out.push({ t: 'br' });
      m = /^\n/.exec(rest);
    } else {
      text += rest[0];
      i += 1;
      continue;
    }
    i += m![0].length;
  }
  flush();
  return out;
}

export function parseMarkdown(src: string): MdBlock[] {
  const blocks: MdBlock[] = [];
  const lines = src.replace(/\r\n?/g, '\n').split('\n');
  let para: string[] = [];
  let list: { t: 'ul' | 'ol'; items: MdInline[][] } | null = null;
  const endPara = () => {
    if (para.length) blocks.push({ t: 'p', c: parseInline(para.join('\n')) });
    para = [];
  };
  const endList = () => {
    if (list) blocks.push(list);
    list = null;
  };
  let fence: string[] | null = null;
  for (const line of lines) {
    let m: RegExpExecArray | null;
    if (fence) {
      if (/^\s*```\s*$/.test(line)) {
        blocks.push({ t: 'pre', v: fence.join('\n') });
        fence = null;
      } else fence.push(line);
    } else if (/^\s*```/.test(line)) {
      endPara();
      endList();
      fence = [];
    } else if (line.trim() === '') {
      endPara();
      endList();
    } else if ((m = /^(#{1,6})\s+(.*)$/.exec(line))) {
      endPara();
      endList();
      blocks.push({ t: 'h', level: m[1]!.length, c: parseInline(m[2]!) });
    } else if ((m = /^\s*[-*+]\s+(.*)$/.exec(line)) || (m = /^\s*\d+[.)]\s+(.*)$/.exec(line))) {
      endPara();
      const kind = /^\s*\d/.test(line) ? 'ol' : 'ul';
      if (!list || list.t !== kind) {
        endList();
        list = { t: kind, items: [] };
      }
      list.items.push(parseInline(m[1]!));
    } else {
      endList();
      para.push(line);
    }
  }
  // An unclosed fence runs to the end of the text.
  if (fence) blocks.push({ t: 'pre', v: fence.join('\n') });
  endPara();
  endList();
  return blocks;
}
