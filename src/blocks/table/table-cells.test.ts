import { describe, expect, it } from 'vitest';
import { normalizeBlock } from '../../shared/settings/block';
import { parseMarkdown, parseInline } from '../markdown';
import { downloadName } from '../files';
import { cellDisplay, cellStyle, fillTemplate, ruleMatches, tableColumns } from './table-cells';
import { tableSchema } from './schema';

const block = (input: Record<string, unknown>) => normalizeBlock(tableSchema, { sheet_title: 'Orders', ...input });

describe('tableColumns', () => {
  it('every sheet column as text when no axis is configured', () => {
    const cols = tableColumns(block({}), ['A', 'B']);
    expect(cols.map((c) => [c.column, c.type, c.width, c.align])).toEqual([
      ['A', 'text', '200px', 'left'],
      ['B', 'text', '200px', 'left'],
    ]);
  });

  it('configured axes in order, hidden ones dropped, widths and alignment resolved', () => {
    const cols = tableColumns(
      block({
        column_width: '120px',
        axis: [
          { column: 'Amount', type: 'number' },
          { column: 'Secret', hidden: true },
          { column: 'City', column_width: '300px', text_alignment: 'center' },
          { column: '' },
          { column: 'Notes', type: 'markdowntext', character_limit: 5 },
        ],
      }),
      ['City', 'Amount', 'Secret', 'Notes'],
    );
    expect(cols.map((c) => [c.column, c.width, c.align, c.markdown, c.characterLimit])).toEqual([
      ['Amount', '120px', 'right', false, 0],
      ['City', '300px', 'center', false, 0],
      ['Notes', '120px', 'left', true, 5],
    ]);
  });

  it('conditional formatting applies to text columns only', () => {
    const rule = { condition: 'equals', value: 'x', text_color: '#000000', background_color: '#ffffff' };
    const cols = tableColumns(
      block({ axis: [{ column: 'A', Conditional_formatting: [rule] }, { column: 'B', type: 'number', Conditional_formatting: [rule] }] }),
      [],
    );
    expect(cols[0]!.rules).toEqual([rule]);
    expect(cols[1]!.rules).toEqual([]);
  });
});

describe('cellDisplay by type', () => {
  const col = (type: string, extra: Record<string, unknown> = {}) =>
    ({ type, markdown: false, characterLimit: 0, column: 'C', ...extra }) as Parameters<typeof cellDisplay>[1];
  it.each([
    ['https://example.com/a', col('url'), { kind: 'link', text: 'https://example.com/a', href: 'https://example.com/a' }],
    ['www.example.com', col('url'), { kind: 'link', text: 'www.example.com', href: 'https://www.example.com' }],
    ['javascript:alert(1)', col('url'), { kind: 'text', text: 'javascript:alert(1)' }],
    ['https://img.test/a.png', col('image'), { kind: 'image', src: 'https://img.test/a.png', alt: 'C' }],
    ['javascript:x', col('image'), { kind: 'text', text: 'javascript:x' }],
    ['ann@example.com', col('email'), { kind: 'link', text: 'ann@example.com', href: 'mailto:ann@example.com' }],
    ['not an email', col('email'), { kind: 'text', text: 'not an email' }],
    ['+1 (555) 010-2000', col('tel'), { kind: 'link', text: '+1 (555) 010-2000', href: 'tel:+15550102000' }],
    ['a, b,,c', col('multi-select'), { kind: 'tags', tags: ['a', 'b', 'c'] }],
    ['**hi**', col('text', { markdown: true }), { kind: 'markdown', text: '**hi**' }],
    ['abcdefgh', col('text', { characterLimit: 3 }), { kind: 'text', text: 'abc…' }],
    ['2024-01-02', col('date'), { kind: 'text', text: 'Jan 2, 2024' }],
  ])('%j', (value, c, expected) => expect(cellDisplay(value, c)).toEqual(expected));
});

describe('conditional formatting', () => {
  it.each([
    ['equals', 'Paid', 'paid', true],
    ['equals', 'Paid', 'Due', false],
    ['not_equals', 'Paid', 'Due', true],
    ['contains', 'ai', 'Paid', true],
    ['contains', '', 'Paid', false],
    ['starts_with', 'pa', 'Paid', true],
    ['ends_with', 'id', 'Paid', true],
    ['empty', '', '', true],
    ['empty', '', 'x', false],
    ['not_empty', '', 'x', true],
    ['bogus', '', 'x', false],
  ])('%s %j on %j → %s', (condition, value, cell, expected) => {
    expect(ruleMatches({ condition, value }, cell)).toBe(expected);
  });

  it('first matching rule wins', () => {
    const rules = [
      { condition: 'equals', value: 'a', text_color: '#111111', background_color: '' },
      { condition: 'not_empty', value: '', text_color: '#222222', background_color: '#eeeeee' },
    ];
    expect(cellStyle(rules, 'a')).toEqual({ color: '#111111' });
    expect(cellStyle(rules, 'b')).toEqual({ color: '#222222', backgroundColor: '#eeeeee' });
    expect(cellStyle(rules, '')).toBeNull();
  });
});

describe('misc', () => {
  it('fillTemplate', () => {
    expect(fillTemplate('Order {{ Id }} for {{Customer}} {{Missing}}', { Id: 7, Customer: 'Ann' })).toBe('Order 7 for Ann ');
  });

  it.each([
    ['Sales 2024', 'table', 'csv', 'Sales 2024.csv'],
    ['  a/b:c  ', 'table', 'pdf', 'abc.pdf'],
    ['', 'chart', 'pdf', 'chart.pdf'],
    [undefined, 'chart', 'pdf', 'chart.pdf'],
  ])('downloadName(%j)', (title, fallback, ext, expected) => expect(downloadName(title, fallback, ext)).toBe(expected));

});

describe('markdown', () => {
  it('parses inline marks into a tree', () => {
    expect(parseInline('a **b** *c* `d` [e](https://x.y) [f](javascript:alert(1))')).toEqual([
      { t: 'text', v: 'a ' },
      { t: 'strong', c: [{ t: 'text', v: 'b' }] },
      { t: 'text', v: ' ' },
      { t: 'em', c: [{ t: 'text', v: 'c' }] },
      { t: 'text', v: ' ' },
      { t: 'code', v: 'd' },
      { t: 'text', v: ' ' },
      { t: 'link', href: 'https://x.y', c: [{ t: 'text', v: 'e' }] },
      { t: 'text', v: ' ' },
      // An unsafe link shows its label only: nothing of the target (not even its last ")") is left.
      { t: 'text', v: 'f' },
    ]);
  });

  it('keeps HTML as text', () => {
    expect(parseInline('<img src=x onerror=alert(1)>')).toEqual([{ t: 'text', v: '<img src=x onerror=alert(1)>' }]);
  });

  it('parses headings, lists and paragraphs', () => {
    expect(parseMarkdown('# Title\n\n- one\n- two\n1. first\n\nline1\nline2')).toEqual([
      { t: 'h', level: 1, c: [{ t: 'text', v: 'Title' }] },
      { t: 'ul', items: [[{ t: 'text', v: 'one' }], [{ t: 'text', v: 'two' }]] },
      { t: 'ol', items: [[{ t: 'text', v: 'first' }]] },
      { t: 'p', c: [{ t: 'text', v: 'line1' }, { t: 'br' }, { t: 'text', v: 'line2' }] },
    ]);
  });
});
