import { describe, expect, it } from 'vitest';
import { normalizeBlock } from '../../shared/settings/block';
import { isVisible } from '../../shared/settings/visibility';
import { cardFields } from '../grid/grid-cards';
import type { BlockData } from '../types';
import { renderView, viewData } from '../testing/views';
import { applyDataListFilters, cardRadius, listType, sortRows, sortSpec, timelineLayout, zigzagSide } from './data-list';
import { DataListBlock } from './DataListBlock';
import { dataListSchema } from './schema';

const rows = [
  { _id: 'a', Year: '2010', Event: 'Founded', Plan: 'Pro', Paid: 'pro', Link: 'https://a.example' },
  { _id: 'b', Year: '9', Event: 'Idea', Plan: 'Free', Paid: 'Pro', Link: '' },
  { _id: 'c', Year: '2024', Event: 'Launch', Plan: ' Team ', Paid: 'team', Link: 'javascript:alert(1)' },
  { _id: 'd', Year: '', Event: 'someday', Plan: 'Free', Paid: 'free', Link: '' },
];
const columns = ['Year', 'Event', 'Plan', 'Paid', 'Link'];
const config = (input: Record<string, unknown> = {}) => normalizeBlock(dataListSchema, { sheet_title: 'History', ...input });

describe('sorting', () => {
  const fields = (axis: Record<string, unknown>[]) => cardFields(config({ axis }), columns);
  it.each<[string, Record<string, unknown>, Record<string, unknown>[], unknown]>([
    ['None sorts nothing', { sorting: 'None' }, [{ column: 'Event' }], null],
    ['Ascending by the first text field', { sorting: 'Ascending' }, [{ column: 'Link', type: 'image' }, { column: 'Event' }], { column: 'Event', dir: 'asc' }],
    ['Descending by sort_column', { sorting: 'Descending', sort_column: 'Year' }, [{ column: 'Event' }], { column: 'Year', dir: 'desc' }],
    ['no text field → the first field', { sorting: 'Ascending' }, [{ column: 'Link', type: 'button' }], { column: 'Link', dir: 'asc' }],
    ['no axes → the first sheet column', { sorting: 'Ascending' }, [], { column: 'Year', dir: 'asc' }],
  ])('%s', (_, input, axis, spec) => {
    expect(sortSpec(config({ ...input, axis }), fields(axis), columns)).toEqual(spec);
  });

  it.each<['asc' | 'desc', string[]]>([
    ['asc', ['9', '2010', '2024', '']],
    ['desc', ['2024', '2010', '9', '']],
  ])('%s: numbers compare naturally, empty cells last', (dir, years) => {
    expect(sortRows(rows, { column: 'Year', dir }).map((r) => r.Year)).toEqual(years);
  });

  it('text ignores case; no spec keeps the sheet order', () => {
    expect(sortRows(rows, { column: 'Event', dir: 'asc' }).map((r) => r.Event)).toEqual(['Founded', 'Idea', 'Launch', 'someday']);
    expect(sortRows(rows, null)).toBe(rows);
  });
});

describe('conditional filter (the chart rule)', () => {
  it.each<[string, unknown, string[]]>([
    ['no filters', undefined, ['a', 'b', 'c', 'd']],
    ['Plan Is Paid (trimmed, any case)', [{ select_column: 'Plan', condition: 'Is', filter_by: 'None', match_with_column: 'Paid' }], ['a', 'c', 'd']],
    ['half-filled filters are ignored', [{ select_column: 'Plan', match_with_column: '' }], ['a', 'b', 'c', 'd']],
    [
      'several filters all hold',
      [
        { select_column: 'Plan', match_with_column: 'Paid' },
        { select_column: 'Event', match_with_column: 'Event' },
        { select_column: 'Year', match_with_column: 'Year' },
      ],
      ['a', 'c', 'd'],
    ],
    ['junk is ignored', 'nope', ['a', 'b', 'c', 'd']],
  ])('%s', (_, filters, ids) => {
    expect(applyDataListFilters(rows, filters).map((r) => r._id)).toEqual(ids);
  });
});

describe('layout choices', () => {
  it.each<[unknown, string]>([
    ['vertical', 'vertical'],
    ['horizontal', 'horizontal'],
    ['timeline', 'timeline'],
    ['other', 'vertical'],
  ])('list_type %j → %s', (v, t) => expect(listType(config({ list_type: v }))).toBe(t));

  it.each<[unknown, string]>([
    ['vertical', 'vertical'],
    ['horizontal', 'horizontal'],
    ['zigzag', 'zigzag'],
    [undefined, 'vertical'],
  ])('timeline_layout %j → %s', (v, t) => expect(timelineLayout(config({ timeline_layout: v }))).toBe(t));

  it.each<[unknown, number]>([
    ['default', 8],
    ['rounded', 18],
    ['sharp', 0],
    [undefined, 8],
  ])('card_style %j → radius %i', (v, r) => expect(cardRadius(v)).toBe(r));

  it('zigzag alternates sides', () => {
    expect([0, 1, 2, 3].map(zigzagSide)).toEqual(['left', 'right', 'left', 'right']);
  });

  it('timeline settings show only for timelines; sort column only when sorting', () => {
    const s = dataListSchema.settings;
    for (const k of ['timeline_layout', 'timeline_line_color', 'timeline_dot_color']) {
      expect(isVisible(s[k]!, { list_type: 'timeline' }), k).toBe(true);
      expect(isVisible(s[k]!, { list_type: 'horizontal' }), k).toBe(false);
    }
    expect(isVisible(s.sort_column!, { sorting: 'None' })).toBe(false);
    expect(isVisible(s.sort_column!, { sorting: 'Descending' })).toBe(true);
    expect(s.sorting!.options!.map((o) => o.value)).toEqual(['None', 'Ascending', 'Descending']);
    expect(s.card_style!.options!.map((o) => o.value)).toEqual(['default', 'rounded', 'sharp']);
    expect(dataListSchema.axis!.settings.button_text!.default).toBe('Click me');
    expect(Object.keys(dataListSchema.filters!.settings)).toEqual(['select_column', 'condition', 'filter_by', 'match_with_column']);
  });
});

const data = (patch: Partial<BlockData> = {}) => viewData(rows, { columns, ...patch });

function render(input: Record<string, unknown>, d: BlockData = data()) {
  return renderView(DataListBlock, config(input), d);
}

const axis = [{ column: 'Event' }, { column: 'Year' }, { column: 'Link', type: 'button', button_text: 'Open' }];

describe('DataListBlock renders', () => {
  it.each<[Record<string, unknown>, string, number]>([
    [{ list_type: 'vertical' }, 'vertical', 0],
    [{ list_type: 'horizontal' }, 'horizontal', 0],
    [{ list_type: 'timeline' }, 'timeline-vertical', 4],
    [{ list_type: 'timeline', timeline_layout: 'horizontal' }, 'timeline-horizontal', 4],
    [{ list_type: 'timeline', timeline_layout: 'zigzag' }, 'timeline-zigzag', 4],
  ])('%j → %s with %i dots', (input, type, dots) => {
    const html = render({ axis, ...input });
    expect(html).toContain(`data-list-type="${type}"`);
    expect(html.match(/data-testid="timeline-dot"/g) ?? []).toHaveLength(dots);
    expect(html.match(/role="listitem"/g)).toHaveLength(4);
  });

  it('browser mode sorts and filters; buttons open only safe links', () => {
    const html = render({
      axis,
      sorting: 'Descending',
      sort_column: 'Year',
      filters: [{ select_column: 'Plan', condition: 'Is', filter_by: 'None', match_with_column: 'Paid' }],
    });
    expect(html.indexOf('Launch')).toBeLessThan(html.indexOf('Founded'));
    expect(html).not.toContain('Idea');
    expect(html).toContain('href="https://a.example/"');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('>Open<');
  });

  it('timeline colours and card style reach the page', () => {
    const html = render({ axis, list_type: 'timeline', timeline_line_color: '#ff0000', timeline_dot_color: '#00ff00', card_style: 'sharp' });
    expect(html).toContain('background:#ff0000');
    expect(html).toContain('background:#00ff00');
    expect(html).toContain('border-radius:0');
  });

  it('animations follow enable_animations', () => {
    expect(render({ axis })).toContain('sb-dl-anim');
    expect(render({ axis, enable_animations: false })).not.toContain('sb-dl-anim');
  });

  it('server mode waits for the sorted page, then offers more rows', () => {
    const unsorted = render({ axis, sorting: 'Ascending' }, data({ total: 40, query: { limit: 10 }, setQuery: () => {} }));
    expect(unsorted).toContain('Loading');
    const sorted = render({ axis, sorting: 'Ascending' }, data({ total: 40, query: { limit: 10, sort: 'Event', dir: 'asc' }, setQuery: () => {} }));
    expect(sorted).toContain('Load more');
    expect(sorted).toContain('Founded');
  });
});
