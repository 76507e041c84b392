// Server-side renders of the views (no DOM needed): they show what the data and settings say.
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import type { BlockSchema } from '../shared/settings/types';
import { ChartBlock } from './chart/ChartBlock';
import { chartSchema } from './chart/schema';
import { ScorecardBlock } from './scorecard/ScorecardBlock';
import { scorecardSchema } from './scorecard/schema';
import { tableSchema } from './table/schema';
import { TableBlock } from './table/TableBlock';
import type { BlockData, BlockViewProps } from './types';
import { renderBlock, viewData } from './testing/views';

const rows = Array.from({ length: 25 }, (_, i) => ({
  Id: String(i + 1),
  Amount: String((i + 1) * 10),
  Site: `https://shop.test/${i + 1}`,
  Email: `c${i + 1}@example.com`,
  Date: '2024-03-05',
  Notes: i === 0 ? '**bold** <script>alert(1)</script>' : 'plain',
  Secret: 'hidden-value',
}));
const data = (patch: Partial<BlockData> = {}) => viewData(rows, patch);

function render(View: ComponentType<BlockViewProps>, schema: BlockSchema, input: Record<string, unknown>, d: BlockData, chrome: 'full' | 'body' = 'body') {
  return renderBlock(View, schema, { sheet_title: 'Orders', ...input }, d, 'view', chrome);
}

describe('TableBlock', () => {
  const axis = [
    { column: 'Id' },
    { column: 'Amount', type: 'number' },
    { column: 'Site', type: 'url' },
    { column: 'Email', type: 'email' },
    { column: 'Date', type: 'date' },
    { column: 'Notes', use_markdown: true },
    { column: 'Secret', hidden: true },
  ];

  it('client mode: first page, column types, hidden columns, safe markdown', () => {
    const html = render(TableBlock, tableSchema, { axis, rows_per_page: 10 }, data());
    expect(html).toContain('Page 1 of 3');
    expect(html).toContain('25 rows');
    expect(html).toContain('href="https://shop.test/1"');
    expect(html).toContain('href="mailto:c1@example.com"');
    expect(html).toContain('Mar 5, 2024');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('hidden-value');
    expect(html).not.toContain('>Secret<');
    expect(html).not.toContain('https://shop.test/11"');
    expect(html).toContain('aria-label="Search"');
    expect(html).toContain('aria-label="Download CSV"');
    expect(html).toContain('aria-label="Sort by Amount"');
    expect(html).toContain('text-align:right');
  });

  it('server mode: shows the rows it was given and the server total', () => {
    const page = rows.slice(10, 20);
    const html = render(
      TableBlock,
      tableSchema,
      { axis, rows_per_page: 10 },
      data({ rows: page, total: 95, query: { limit: 10, offset: 10, sort: 'Amount', dir: 'desc' }, setQuery: () => {} }),
    );
    expect(html).toContain('Page 2 of 10');
    expect(html).toContain('95 rows');
    expect(html).toContain('https://shop.test/11');
    expect(html).toContain('aria-sort="descending"');
  });

  it.each([
    [{ show_search: false }, 'aria-label="Search"', false],
    [{ csv_download: false }, 'aria-label="Download CSV"', false],
    [{ pdf_download: true }, 'aria-label="Download PDF"', true],
    [{ paginate: false }, 'Page 1 of', false],
    [{ show_pagination: false }, 'Page 1 of', false],
    [{ show_sort: false }, 'Sort by', false],
  ])('%j → %s shown: %s', (settings, needle, shown) => {
    const html = render(TableBlock, tableSchema, settings, data());
    expect(html.includes(needle)).toBe(shown);
  });

  it('empty, loading and error states', () => {
    expect(render(TableBlock, tableSchema, {}, data({ rows: [], total: 0 }))).toContain('No rows');
    expect(render(TableBlock, tableSchema, {}, data({ rows: [], loading: true }))).toContain('Loading');
    expect(render(TableBlock, tableSchema, {}, data({ error: 'Sheet not found' }))).toContain('Sheet not found');
    expect(render(TableBlock, tableSchema, {}, data({ error: '' }))).toContain('Data Error');
  });

  it('client-side row actions only', () => {
    const html = render(
      TableBlock,
      tableSchema,
      {
        actions: [
          { title: 'Visit', type: 'Open link', source_column: 'Site' },
          { title: 'Remove', type: 'Delete row' },
        ],
      },
      data(),
    );
    expect(html).toContain('Visit');
    expect(html).not.toContain('Remove');
  });

  it('full chrome draws the title', () => {
    expect(render(TableBlock, tableSchema, { title: 'Orders table' }, data(), 'full')).toContain('Orders table');
    expect(render(TableBlock, tableSchema, { title: 'Orders table' }, data(), 'body')).not.toContain('Orders table</h3>');
  });
});

describe('ChartBlock', () => {
  it('draws a canvas with a description, and a PDF button by default', () => {
    const html = render(ChartBlock, chartSchema, { x_axis: 'Id', axis: [{ column: 'Amount', type: 'line' }] }, data());
    expect(html).toContain('<canvas');
    expect(html).toContain('line chart of Amount');
    expect(html).toContain('aria-label="Download PDF"');
  });

  it.each([
    [{ axis: [{ column: 'Amount' }] }, 'Choose the X axis column'],
    [{ x_axis: 'Id', axis: [{ column: '' }] }, 'Add a column to plot'],
  ])('%j → %s', (settings, text) => {
    expect(render(ChartBlock, chartSchema, settings, data())).toContain(text);
  });

  it('no rows, no PDF button', () => {
    const html = render(ChartBlock, chartSchema, { x_axis: 'Id', axis: [{ column: 'Amount' }] }, data({ rows: [] }));
    expect(html).toContain('No rows');
    expect(html).not.toContain('Download PDF');
  });

  it('error text, else Data Error', () => {
    expect(render(ChartBlock, chartSchema, { x_axis: 'Id', axis: [{ column: 'Amount' }] }, data({ error: 'Boom' }))).toContain('Boom');
  });
});

describe('ScorecardBlock', () => {
  it('one card per axis with label and value', () => {
    const html = render(
      ScorecardBlock,
      scorecardSchema,
      {
        axis: [
          { source: { sheet: 'Orders', column: 'Amount' }, label: 'Revenue', function: 'sum', symbol: '$' },
          { source: { sheet: 'Orders', column: 'Amount' }, label: 'Last', function: 'last row', symbol: '€' },
        ],
      },
      data({ sheets: { Orders: rows } }),
    );
    expect(html).toContain('Revenue');
    expect(html).toContain('$3,250');
    expect(html).toContain('€250');
  });
});
