// Markdown text with [Column] references, filled from a row. References are resolved before the
// Markdown is read but their values go in as placeholders that no Markdown syntax matches, and
// are put back only into the parsed tree's text: a cell is always shown as text, never read as
// Markdown or HTML (a cell holding "**x**" or "<img onerror=...>" shows exactly that).
// Link targets are the one place where a value is written into the source, percent-encoded, so
// "[Website]([Url])" works and the safe-URL rule of the Markdown reader still decides the link.
import { parseMarkdown, type MdBlock, type MdInline } from '../markdown';
import { cellText } from '../cells/cells';

type Row = Record<string, unknown>;

// Private-use characters: typed text never holds them, and the Markdown reader treats them as text.
const OPEN = '\uE000';
const CLOSE = '\uE001';
const PLACEHOLDER = /\uE000(\d+)\uE001/g;

/**
 * The column a bracketed name refers to: the exact name, else the one equal ignoring case and
 * surrounding spaces; null when no column has that name (the bracket then stays as typed).
 */
export function resolveColumn(name: string, columns: readonly string[]): string | null {
  if (columns.includes(name)) return name;
  const want = name.trim().toLowerCase();
  if (!want) return null;
  return columns.find((c) => c.trim().toLowerCase() === want) ?? null;
}

/**
 * The bracketed names of a template: the columns they refer to, and the others (shown as typed;
 * the editor lists them so a misspelt column is noticed). Link labels are not references.
 */
export function bracketNames(template: string, columns: readonly string[]): { columns: string[]; unknown: string[] } {
  const out = { columns: [] as string[], unknown: [] as string[] };
  for (const m of template.matchAll(/\[([^\][\n]+)\](?!\()/g)) {
    const name = m[1]!;
    const c = resolveColumn(name, columns);
    if (c) {
      if (!out.columns.includes(c)) out.columns.push(c);
    } else if (name.trim() && !out.unknown.includes(name)) out.unknown.push(name);
  }
  return out;
}

/** A value written into a link target: spaces, brackets, parentheses, quotes and < > encoded. */
function urlPart(value: string): string {
  // encodeURIComponent leaves ( ) ' alone, so ASCII is encoded by hand.
  return value
    .trim()
    .replace(/[\s()[\]<>"'`\\]/g, (ch) => (ch.charCodeAt(0) < 128 ? `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}` : encodeURIComponent(ch)));
}

/**
 * The template with every reference replaced: placeholders in text, encoded values in link
 * targets. `values` collects what the placeholders stand for.
 */
export function substitute(template: string, row: Row | null, columns: readonly string[]): { source: string; values: string[] } {
  const values: string[] = [];
  const valueOf = (column: string) => cellText(row ? row[column] : '');
  // Links first: "[label](target)". The label stays literal (it is the link's text); references
  // inside the target become the encoded value.
  const link = /\[([^\][\n]+)\]\(((?:[^()\s[\]]|\[[^\][\n]+\])+)\)/g;
  const refs = /\[([^\][\n]+)\]/g;
  let out = '';
  let last = 0;
  const text = (chunk: string) =>
    chunk.replace(refs, (whole, name: string) => {
      const column = resolveColumn(name, columns);
      if (!column) return whole;
      values.push(valueOf(column));
      return `${OPEN}${values.length - 1}${CLOSE}`;
    });
  for (const m of template.matchAll(link)) {
    out += text(template.slice(last, m.index));
    const target = m[2]!.replace(refs, (whole, name: string) => {
      const column = resolveColumn(name, columns);
      return column ? urlPart(valueOf(column)) : whole;
    });
    out += `[${m[1]!}](${target})`;
    last = m.index + m[0].length;
  }
  out += text(template.slice(last));
  return { source: out, values };
}

function fill(s: string, values: string[]): string {
  return s.replace(PLACEHOLDER, (_, i: string) => values[Number(i)] ?? '');
}

function fillInline(nodes: MdInline[], values: string[]): MdInline[] {
  return nodes.map((n) => {
    switch (n.t) {
      case 'text':
      case 'code':
        return { ...n, v: fill(n.v, values) };
      case 'strong':
      case 'em':
      case 'link':
        return { ...n, c: fillInline(n.c, values) };
      default:
        return n;
    }
  });
}

/** The Markdown tree of a template for one row (null: no row, references show empty). */
export function renderTemplate(template: string, row: Row | null, columns: readonly string[]): MdBlock[] {
  const { source, values } = substitute(template, row, columns);
  return parseMarkdown(source).map((b): MdBlock => {
    if (b.t === 'pre') return { ...b, v: fill(b.v, values) };
    if ('items' in b) return { ...b, items: b.items.map((item) => fillInline(item, values)) };
    return { ...b, c: fillInline(b.c, values) };
  });
}

/** gap setting (0, 3, 6, 10: spacing steps of 4px) → px; anything else is the default 3 → 12px. */
export function gapPx(gap: unknown): number {
  const n = Number(gap);
  return [0, 3, 6, 10].includes(n) ? n * 4 : 12;
}

/** columns setting → 1..4; anything else is the default 4. */
export function markdownColumns(value: unknown): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 4 ? n : 4;
}
