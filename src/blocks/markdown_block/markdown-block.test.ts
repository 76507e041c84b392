import { describe, expect, it } from 'vitest';
import type { MdBlock } from '../markdown';
import type { BlockData } from '../types';
import { renderBlock, viewData } from '../testing/views';
import { bracketNames, gapPx, markdownColumns, renderTemplate, resolveColumn, substitute } from './markdown-template';
import { MarkdownBlock, NO_SHEET_NOTE } from './MarkdownBlock';
import { parseMarkdown } from '../markdown';
import { markdownSchema } from './schema';

const columns = ['Name', 'City', 'Url', 'Note'];
const row = { Name: 'Ada', City: 'London', Url: 'https://ada.example/profile', Note: '<img src=x onerror=alert(1)>' };

/** The visible text of a tree (what a reader sees), with markup marked. */
function flat(blocks: MdBlock[]): string {
  const inl = (nodes: unknown[]): string =>
    nodes
      .map((n) => {
        const x = n as { t: string; v?: string; c?: unknown[]; href?: string };
        if (x.t === 'text') return x.v;
        if (x.t === 'code') return `\`${x.v}\``;
        if (x.t === 'br') return '\n';
        if (x.t === 'strong') return `<b>${inl(x.c!)}</b>`;
        if (x.t === 'em') return `<i>${inl(x.c!)}</i>`;
        if (x.t === 'link') return `<a ${x.href}>${inl(x.c!)}</a>`;
        return '';
      })
      .join('');
  return blocks
    .map((b) => (b.t === 'pre' ? `<pre>${b.v}</pre>` : 'items' in b ? b.items.map((i) => `- ${inl(i)}`).join('\n') : b.t === 'h' ? `# ${inl(b.c)}` : inl(b.c)))
    .join('\n\n');
}

describe('column references', () => {
  it.each<[string, string | null]>([
    ['Name', 'Name'],
    ['name', 'Name'],
    [' CITY ', 'City'],
    ['Country', null],
    ['', null],
  ])('[%s] → %s', (name, column) => {
    expect(resolveColumn(name, columns)).toBe(column);
  });

  it.each<[string, string]>([
    ['Hello [Name]', 'Hello Ada'],
    ['[Name] lives in [City].', 'Ada lives in London.'],
    ['**[Name]**', '<b>Ada</b>'],
    ['# [City]', '# London'],
    ['- [Name]\n- [City]', '- Ada\n- London'],
    ['[Country] stays', '[Country] stays'],
    ['[ ] and [] stay', '[ ] and [] stay'],
    ['`[Name]`', '`Ada`'],
    ['[name] any case', 'Ada any case'],
    ['[Visit](https://x.example/[Name])', '<a https://x.example/Ada>Visit</a>'],
    ['[Website]([Url])', '<a https://ada.example/profile>Website</a>'],
  ])('%j → %j', (template, text) => {
    expect(flat(renderTemplate(template, row, columns))).toBe(text);
  });

  it('values are text: markup and Markdown in a cell are shown as typed', () => {
    const evil = { Name: '**bold** [x](javascript:alert(1))', City: '<script>alert(1)</script>' };
    const tree = renderTemplate('[Name] / [City]', evil, columns);
    expect(tree).toEqual([{ t: 'p', c: [{ t: 'text', v: '**bold** [x](javascript:alert(1)) / <script>alert(1)</script>' }] }]);
  });

  it('a value in a link target cannot change the scheme or break out of the link', () => {
    expect(flat(renderTemplate('[Go]([Url])', { Url: 'javascript:alert(1)' }, columns))).toBe('Go');
    expect(flat(renderTemplate('[Go]([Url])', { Url: 'https://a.example/x) [y](https://evil.example' }, columns))).toBe(
      '<a https://a.example/x%29%20%5By%5D%28https://evil.example>Go</a>',
    );
  });

  it('no row: references show empty; no columns (no sheet): brackets stay as typed', () => {
    expect(flat(renderTemplate('Hi [Name]!', null, columns))).toBe('Hi !');
    expect(flat(renderTemplate('Hi [Name]!', null, []))).toBe('Hi [Name]!');
  });

  it('substitute keeps placeholders out of typed text and lists the values', () => {
    const { source, values } = substitute('[Name] and [City] and [Nope]', row, columns);
    expect(values).toEqual(['Ada', 'London']);
    expect(source).toContain('[Nope]');
    expect(source).not.toContain('Ada');
  });

  it('bracketNames: the columns used once each, and the names that are not columns (link labels skipped)', () => {
    expect(bracketNames('[Name] [name] [City] [X] [X] [ ] [Go](https://x.example/[Nope])', columns)).toEqual({
      columns: ['Name', 'City'],
      unknown: ['X', 'Nope'],
    });
  });

  it.each<[unknown, number]>([
    [0, 0],
    ['3', 12],
    [6, 24],
    ['10', 40],
    [5, 12],
    [undefined, 12],
  ])('gap %j → %ipx', (gap, px) => expect(gapPx(gap)).toBe(px));

  it.each<[unknown, number]>([
    [1, 1],
    [4, 4],
    [0, 4],
    [5, 4],
    ['2', 2],
    [2.5, 4],
  ])('columns %j → %i', (v, n) => expect(markdownColumns(v)).toBe(n));
});

describe('markdown schema', () => {
  it('works without a sheet, loads rows when it has one; columns 1–4 default 4, gap 0/3/6/10 default 3', () => {
    expect(markdownSchema.usesSheet).toBe(false);
    expect(markdownSchema.data).toBe('paged');
    expect(markdownSchema.settings.markdown_text!.type).toBe('markdowntext');
    expect(markdownSchema.settings.columns).toMatchObject({ default: 4, min: 1, max: 4, showIf: { setting: 'loop', equals: true } });
    expect(markdownSchema.settings.gap!.options!.map((o) => o.value)).toEqual(['0', '3', '6', '10']);
    expect(markdownSchema.settings.gap!.default).toBe('3');
    expect(markdownSchema.settings.loop!.default).toBe(false);
  });
});

const rows = [
  { _id: 'r1', Name: 'Ada', City: 'London', Url: '', Note: '<img src=x onerror=alert(1)>' },
  { _id: 'r2', Name: 'Grace', City: 'New York', Url: '', Note: 'two' },
];

const data = (patch: Partial<BlockData> = {}) => viewData(rows, { columns, ...patch });

const render = (input: Record<string, unknown>, d: BlockData = data(), mode: 'view' | 'edit' = 'view') => renderBlock(MarkdownBlock, markdownSchema, input, d, mode);

describe('MarkdownBlock renders', () => {
  it('the first row without loop, values escaped', () => {
    const html = render({ sheet_title: 'People', markdown_text: '**[Name]** from [City]: [Note]' });
    expect(html).toContain('<strong>Ada</strong> from London');
    expect(html).not.toContain('Grace');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('one block per row with loop, in the chosen columns and gap', () => {
    const html = render({ sheet_title: 'People', markdown_text: '[Name]', loop: true, columns: 2, gap: '6' });
    expect(html).toContain('Ada');
    expect(html).toContain('Grace');
    expect(html.match(/role="listitem"/g)).toHaveLength(2);
    expect(html).toContain('gap:24px');
    expect(html).toContain('/ 2)');
  });

  it('without a sheet: the text as typed, brackets kept', () => {
    const html = render({ markdown_text: '# Welcome\nSee [Name]' }, viewData());
    expect(html).toContain('Welcome</h3>');
    expect(html).toContain('See [Name]');
  });

  it('the editor lists brackets that are not columns; guests never see the note', () => {
    const edit = render({ sheet_title: 'People', markdown_text: '[Name] [Nmae]' }, data(), 'edit');
    expect(edit).toContain('Not columns of People (shown as typed): [Nmae]');
    expect(render({ sheet_title: 'People', markdown_text: '[Name] [Nmae]' })).not.toContain('Not columns');
  });

  it('offers more rows when the server has them', () => {
    const html = render({ sheet_title: 'People', markdown_text: '[Name]', loop: true }, data({ total: 30, query: { limit: 2 }, setQuery: () => {} }));
    expect(html).toContain('Show more');
  });
});

describe('unsafe links and code (issue 13)', () => {
  it.each([
    '[x](javascript:alert(1))',
    '[x](javascript:void(0))',
    "[x](javascript:alert('a b'))",
    '[x](JaVaScRiPt:alert(document.cookie))',
    '[x]( javascript:alert(1) )',
    '[x](data:text/html,<script>alert(1)</script>)',
    '[x](vbscript:msgbox(1))',
  ])('%s shows its label as plain text, nothing of the target left over', (src) => {
    for (const tree of [parseMarkdown(src), renderTemplate(src, row, columns), renderTemplate(src, null, [])])
      expect(tree).toEqual([{ t: 'p', c: [{ t: 'text', v: 'x' }] }]);
    const html = render({ markdown_text: `Before ${src} after` }, viewData()).replace(/<!-- -->/g, '');
    expect(html).toContain('Before x after');
    expect(html).not.toMatch(/javascript|vbscript|data:|href/i);
  });

  it('a safe link with parentheses in its address stays whole', () => {
    expect(parseMarkdown('[Wiki](https://en.wikipedia.org/wiki/Foo_(bar)) end')).toEqual([
      { t: 'p', c: [{ t: 'link', href: 'https://en.wikipedia.org/wiki/Foo_(bar)', c: [{ t: 'text', v: 'Wiki' }] }, { t: 'text', v: ' end' }] },
    ]);
  });

  it('inline code and fenced code blocks are styled as code; a fence keeps its lines and shows values as text', () => {
    expect(parseMarkdown('Run `npm start`\n\n```\nconst a = 1;\n  **not bold**\n```\nafter')).toEqual([
      { t: 'p', c: [{ t: 'text', v: 'Run ' }, { t: 'code', v: 'npm start' }] },
      { t: 'pre', v: 'const a = 1;\n  **not bold**' },
      { t: 'p', c: [{ t: 'text', v: 'after' }] },
    ]);
    expect(flat(renderTemplate('```\n[Name] <b>\n```', row, columns))).toBe('<pre>Ada <b></pre>');
    const html = render({ sheet_title: 'People', markdown_text: '`x` and\n\n```\n[Note]\n```' });
    expect(html).toContain('<code class="sb-md-code">x</code>');
    expect(html).toContain('<pre class="sb-md-pre"><code>&lt;img src=x onerror=alert(1)&gt;</code></pre>');
  });

  it('without a sheet the editor says why [Column] stays as typed; guests never see the note', () => {
    const none = viewData();
    const edit = render({ markdown_text: 'Hello [Name]' }, none, 'edit');
    expect(edit).toContain(NO_SHEET_NOTE.replace(/\[/g, '[').slice(0, 20));
    expect(edit).toContain('Hello [Name]');
    expect(render({ markdown_text: 'Hello [Name]' }, none)).not.toContain('No sheet chosen');
    // No brackets, no note.
    expect(render({ markdown_text: 'Hello' }, none, 'edit')).not.toContain('No sheet chosen');
  });
});
