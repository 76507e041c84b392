import { describe, expect, it } from 'vitest';
import { normalizeBlock } from '../../shared/settings/block';
import { tableSchema } from '../table/schema';
import { holds, nextQuery, pageInfo, queryControlsOf, rowsPerPage, searchRows } from './sheet-query';

const block = (input: Record<string, unknown>) => normalizeBlock(tableSchema, { sheet_title: 'Orders', ...input });

describe('rows per page', () => {
  it.each([
    [10, 10],
    [25, 25],
    ['', 10],
    ['30', 30],
    [0, 10],
    [-5, 10],
    [null, 10],
    [7.8, 7],
  ])('%j → %i', (rows_per_page, expected) => {
    expect(rowsPerPage(block({ rows_per_page }))).toBe(expected);
  });
});

describe('query controls', () => {
  const flags = { show_pagination: true, show_search: false, show_sort: true };
  it('paged: rows_per_page rows, the pager as show_pagination says', () => {
    expect(queryControlsOf(block({ rows_per_page: 25 }), { paginate: true, ...flags })).toEqual({ pageSize: 25, showPagination: true, showSearch: false, showSort: true });
    expect(queryControlsOf(block({}), { ...flags, paginate: true, show_pagination: false }).showPagination).toBe(false);
  });
  it('unpaged: up to 1000 rows and never a pager', () => {
    expect(queryControlsOf(block({ rows_per_page: 25 }), { paginate: false, ...flags })).toEqual({ pageSize: 1000, showPagination: false, showSearch: false, showSort: true });
  });
});

describe('pages', () => {
  it.each([
    [0, 10, 0, { page: 1, pages: 1 }],
    [95, 10, 0, { page: 1, pages: 10 }],
    [95, 10, 90, { page: 10, pages: 10 }],
    [95, 10, 500, { page: 10, pages: 10 }],
  ])('pageInfo(%i, %i, %i)', (total, limit, offset, expected) => expect(pageInfo(total, limit, offset)).toEqual(expected));
});

describe('whole queries', () => {
  it.each([
    [{ limit: 10, offset: 20, q: 'ann' }, { q: undefined, offset: 0 }, { limit: 10, offset: 0 }],
    [{ limit: 10, offset: 0 }, { q: '' }, { limit: 10, offset: 0 }],
    [{ limit: 10, offset: 0, sort: 'A', dir: 'asc' }, { sort: undefined, dir: undefined }, { limit: 10, offset: 0 }],
    [{ limit: 10 }, { sort: 'B', dir: 'desc', offset: 0 }, { limit: 10, sort: 'B', dir: 'desc', offset: 0 }],
  ] as const)('%j with %j → %j', (query, changes, expected) => expect(nextQuery(query, changes)).toEqual(expected));

  it.each([
    [undefined, { limit: 12 }, false],
    [{ limit: 10, offset: 0 }, { limit: 12 }, false],
    [{ limit: 12, offset: 24 }, { limit: 12 }, true],
    [{ limit: 10, sort: 'A', dir: 'asc' }, { sort: 'A', dir: 'asc' }, true],
    [{ limit: 10, sort: 'A', dir: 'asc' }, { sort: 'A', dir: 'desc' }, false],
    [{ limit: 10, sort: 'A' }, { sort: undefined, dir: undefined }, false],
    [{ limit: 10 }, { sort: undefined, dir: undefined }, true],
    [undefined, { sort: undefined, dir: undefined }, true],
  ] as const)('%j holds %j: %s', (query, pinned, expected) => expect(holds(query, pinned)).toBe(expected));
});

describe('browser search', () => {
  const rows = [
    { Name: 'Ann', City: 'Oslo' },
    { Name: 'Bob', City: 'Rome' },
    { Name: 'Cid', City: 'oslo' },
  ];
  it.each([
    [undefined, ['Ann', 'Bob', 'Cid']],
    ['', ['Ann', 'Bob', 'Cid']],
    ['OSLO', ['Ann', 'Cid']],
    ['bob, cid', ['Bob', 'Cid']],
    ['nobody', []],
  ])('%j → %j', (q, names) => expect(searchRows(rows, ['Name', 'City'], q).map((r) => r.Name)).toEqual(names));

  it('reads every column of the rows when none are listed', () => {
    expect(searchRows(rows, [], 'rome').map((r) => r.Name)).toEqual(['Bob']);
  });

  it('searches only the listed columns', () => {
    expect(searchRows(rows, ['Name'], 'oslo')).toEqual([]);
  });
});
