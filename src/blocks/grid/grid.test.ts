import { describe, expect, it } from 'vitest';
import { normalizeBlock } from '../../shared/settings/block';
import type { BlockData } from '../types';
import { renderView, viewData } from '../testing/views';
import {
  applyCardFilter,
  buttonHref,
  buttonTarget,
  cardFields,
  filterValues,
  gridColumns,
  inDetails,
  onCard,
  sortColumns,
  type CardField,
} from './grid-cards';
import { GridBlock } from './GridBlock';
import { gridSchema } from './schema';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const rows = [
  { _id: 'r1', Photo: PNG, Name: 'Ada', Role: 'Engineer', Site: 'https://ada.example', Secret: 'notes-1' },
  { _id: 'r2', Photo: PNG, Name: 'Grace', Role: 'Admiral', Site: 'javascript:alert(1)', Secret: 'notes-2' },
  { _id: 'r3', Photo: '', Name: 'Linus', Role: 'Engineer', Site: 'www.linus.example', Secret: 'notes-3' },
];
const columns = ['Photo', 'Name', 'Role', 'Site', 'Secret'];
const axis = [
  { column: 'Photo', type: 'image', image_size: 'small', round_image: true, alignment: 'center' },
  { column: 'Name', type: 'text', alignment: 'center' },
  { column: 'Role' },
  { column: 'Site', type: 'button', button_text: 'Visit', round_button: true },
  { column: 'Secret', hide_on_grid: true },
];
const config = (input: Record<string, unknown> = {}) => normalizeBlock(gridSchema, { sheet_title: 'People', axis, ...input });

describe('grid fields', () => {
  it('axes become fields in order with their options', () => {
    const fields = cardFields(config(), columns);
    expect(fields.map((f) => [f.column, f.type, f.align])).toEqual([
      ['Photo', 'image', 'center'],
      ['Name', 'text', 'center'],
      ['Role', 'text', 'left'],
      ['Site', 'button', 'left'],
      ['Secret', 'text', 'left'],
    ]);
    expect(fields[0]).toMatchObject({ imageHeight: 96, roundImage: true });
    expect(fields[3]).toMatchObject({ buttonText: 'Visit', roundButton: true, buttonColor: '#4f46e5', buttonTextColor: '#ffffff' });
  });

  it('hide_on_grid fields are left off the cards but shown in the details', () => {
    const fields = cardFields(config(), columns);
    expect(onCard(fields).map((f) => f.column)).toEqual(['Photo', 'Name', 'Role', 'Site']);
    expect(inDetails(fields).map((f) => f.column)).toEqual(['Photo', 'Name', 'Role', 'Site', 'Secret']);
  });

  it('no axes: every sheet column as text; axes without a column are skipped', () => {
    expect(cardFields(config({ axis: [] }), ['A', 'B']).map((f) => [f.column, f.type])).toEqual([
      ['A', 'text'],
      ['B', 'text'],
    ]);
    expect(cardFields(config({ axis: [{ column: '' }, { column: 'Name' }] }), columns).map((f) => f.column)).toEqual(['Name']);
  });

  it.each<[string | undefined, number]>([
    ['small', 96],
    ['medium', 160],
    ['large', 240],
    [undefined, 160],
    ['huge', 160],
  ])('image_size %s → %ipx', (size, px) => {
    expect(cardFields(config({ axis: [{ column: 'Photo', type: 'image', image_size: size }] }), columns)[0]!.imageHeight).toBe(px);
  });

  it('button text defaults to "Click me"; sort offers the text fields only', () => {
    const fields = cardFields(config({ axis: [{ column: 'Site', type: 'button' }, { column: 'Name' }, { column: 'Photo', type: 'image' }] }), columns);
    expect(fields[0]!.buttonText).toBe('Click me');
    expect(sortColumns(fields)).toEqual(['Name']);
  });

  it.each<[unknown, number]>([
    [1, 1],
    [3, 3],
    [4, 4],
    [0, 3],
    [5, 3],
    ['2', 2],
    [undefined, 3],
  ])('columns %j → %i', (v, n) => expect(gridColumns(config({ columns: v }))).toBe(n));
});

describe('buttons', () => {
  it.each<[unknown, string | null]>([
    ['https://ada.example', 'https://ada.example/'],
    ['http://x.example/a?b=1', 'http://x.example/a?b=1'],
    ['www.linus.example', 'https://www.linus.example'],
    ['javascript:alert(1)', null],
    ['data:text/html,hi', null],
    ['/relative', null],
    ['mailto:a@b.c', null],
    ['', null],
    [null, null],
  ])('href of %j → %j', (v, href) => expect(buttonHref(v)).toBe(href));

  const field = cardFields(config(), columns)[3]!;
  const withPage: CardField = { ...field, page: 'person' };
  it.each<[string, CardField, Record<string, unknown>, boolean, unknown]>([
    ['link', field, rows[0]!, false, { kind: 'link', href: 'https://ada.example/' }],
    ['no safe link', field, rows[1]!, false, null],
    ['detail page with the row (multipage)', withPage, rows[1]!, true, { kind: 'page', page: 'person', rowId: 'r2' }],
    ['page chosen but a board has no pages → the link', withPage, rows[0]!, false, { kind: 'link', href: 'https://ada.example/' }],
  ])('%s', (_, f, row, pages, target) => expect(buttonTarget(f, row, pages)).toEqual(target));
});

describe('on-page filter', () => {
  it('offers the distinct values and keeps exact matches', () => {
    expect(filterValues(rows, 'Role')).toEqual(['Admiral', 'Engineer']);
    expect(applyCardFilter(rows, 'Role', 'Engineer').map((r) => r.Name)).toEqual(['Ada', 'Linus']);
    expect(applyCardFilter(rows, 'Role', null)).toHaveLength(3);
    expect(applyCardFilter(rows, null, 'Engineer')).toHaveLength(3);
  });
});

const data = (patch: Partial<BlockData> = {}) => viewData(rows, { columns, ...patch });

function render(input: Record<string, unknown> = {}, d: BlockData = data()) {
  return renderView(GridBlock, config(input), d);
}

describe('GridBlock renders', () => {
  it('cards with their fields, no hide_on_grid values, safe buttons only', () => {
    const html = render();
    expect(html.match(/role="listitem"/g)).toHaveLength(3);
    expect(html).toContain('Ada');
    expect(html).toContain('Engineer');
    expect(html).not.toContain('notes-1');
    expect(html).toContain('href="https://ada.example/"');
    expect(html).toContain('href="https://www.linus.example"');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('border-radius:50%');
    expect(html).toContain('/ 3)');
  });

  it('the toolbar follows show_search, show_sort and show_filter', () => {
    const all = render({ show_filter: true });
    expect(all).toContain('aria-label="Search"');
    expect(all).toContain('aria-label="Sort by"');
    expect(all).toContain('aria-label="Filter column"');
    const none = render({ show_search: false, show_sort: false });
    expect(none).not.toContain('aria-label="Search"');
    expect(none).not.toContain('aria-label="Sort by"');
    expect(none).not.toContain('aria-label="Filter column"');
  });

  it('pages of 12 with the server total', () => {
    const html = render({}, data({ total: 30, query: { limit: 12, offset: 12 }, setQuery: () => {} }));
    expect(html).toContain('Page 2 of 3');
    expect(html).toContain('30 rows');
  });

  it('the data error', () => {
    expect(render({}, data({ rows: [], error: 'Sheet not found' }))).toContain('Sheet not found');
  });
});

describe('grid schema', () => {
  it('columns 1–4 default 3; axis options shown by type', () => {
    expect(gridSchema.settings.columns).toMatchObject({ default: 3, min: 1, max: 4 });
    expect(gridSchema.data).toBe('paged');
    const a = gridSchema.axis!.settings;
    expect(a.type!.options!.map((o) => o.value)).toEqual(['text', 'image', 'button']);
    expect(a.round_image!.showIf).toEqual({ setting: 'type', equals: 'image' });
    expect(a.round_button!.showIf).toEqual({ setting: 'type', equals: 'button' });
    expect(a.button_text!.default).toBe('Click me');
    expect(a.hide_on_grid!.default).toBe(false);
  });
});
