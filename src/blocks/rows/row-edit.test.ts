import { describe, expect, it } from 'vitest';
import type { ViewerRole } from '../audience';
import { normalizeBlock } from '../../shared/settings/block';
import { listSchema } from '../list/schema';
import { actionRun, canAddRow, editableAudience, editableFields, pageButtons, rowActions, rowFields } from './row-edit';
import { tableSchema } from '../table/schema';

const table = (input: Record<string, unknown>) => normalizeBlock(tableSchema, { sheet_title: 'S', ...input });
const list = (input: Record<string, unknown>) => normalizeBlock(listSchema, { sheet_title: 'S', ...input });

describe('editable audience defaults (spec: None for tables, Everyone for lists)', () => {
  it.each<['table' | 'list', Record<string, unknown>, unknown]>([
    ['table', {}, 'None'],
    ['list', {}, 'Everyone'],
    ['table', { editable: 'Admins' }, 'Admins'],
    ['list', { editable: 'None' }, 'None'],
  ])('%s %j → %s', (kind, entry, want) => expect(editableAudience(kind, entry)).toBe(want));
});

describe('editableFields: columns a role may edit in place', () => {
  const axis = [
    { column: 'Name', editable: 'Everyone' },
    { column: 'Price', type: 'number', editable: 'Admins' },
    { column: 'Kind', type: 'select', editable: 'Admins & Guests', options: 'A, B' },
    { column: 'Secret', editable: 'Everyone', hidden: true },
    { column: 'Note' },
    { column: '', editable: 'Everyone' },
  ];
  it.each<[ViewerRole, string[]]>([
    ['guest', ['Name', 'Kind']],
    ['admin', ['Name', 'Price', 'Kind']],
  ])('%s', (role, want) => expect([...editableFields(table({ axis }), role).keys()]).toEqual(want));

  it('carries type, options, limit and upload', () => {
    const fields = editableFields(
      table({
        axis: [
          { column: 'Kind', type: 'multi-select', editable: 'Everyone', from_google_sheet: true, source: { sheet: 'K', column: 'N' } },
          { column: 'Pic', type: 'image', editable: 'Everyone', image_source: 'Upload Image', character_limit: 300 },
        ],
      }),
      'guest',
      { K: [{ N: 'x' }, { N: 'y' }] },
    );
    expect(fields.get('Kind')).toMatchObject({ type: 'multi-select', options: ['x', 'y'], upload: false });
    expect(fields.get('Pic')).toMatchObject({ type: 'image', options: [], upload: true, character_limit: 300 });
  });

  it('list lines edit as text or image, editable by everyone unless set', () => {
    const fields = editableFields(list({ axis: [{ column: 'Title' }, { column: 'Photo', type: 'image' }, { column: 'Only', editable: 'Admins' }] }), 'guest');
    expect([...fields.values()].map((f) => [f.column, f.type])).toEqual([
      ['Title', 'text'],
      ['Photo', 'image'],
    ]);
  });
});

describe('rowFields: the Add Row / Edit row form', () => {
  it.each<[string, Record<string, unknown>, string[], string[]]>([
    ['no axes: every sheet column', {}, ['A', 'B'], ['A', 'B']],
    ['axes in order, hidden left out', { axis: [{ column: 'B', type: 'date' }, { column: 'A', hidden: true }, { column: 'C' }] }, ['A', 'B', 'C'], ['B', 'C']],
  ])('%s', (_, input, columns, want) => expect(rowFields(table(input), columns).map((f) => f.column)).toEqual(want));

  it('keeps each column type', () => {
    expect(rowFields(table({ axis: [{ column: 'When', type: 'date' }] }), []).map((f) => f.type)).toEqual(['date']);
  });
});

describe('canAddRow (add_new_row audience)', () => {
  it.each<[unknown, ViewerRole, boolean]>([
    [undefined, 'guest', false],
    ['None', 'admin', false],
    ['Admins', 'guest', false],
    ['Admins', 'admin', true],
    ['Admins & Guests', 'guest', true],
    ['Everyone', 'guest', true],
  ])('%s / %s → %s', (audience, role, want) => expect(canAddRow(table(audience ? { add_new_row: audience } : {}), role)).toBe(want));
});

describe('actionRun: where each action type runs', () => {
  it.each([
    ['Open link', 'client'],
    ['Copy to clipboard', 'client'],
    ['Download pdf', 'client'],
    ['Edit row', 'edit'],
    ['Delete row', 'delete'],
    ['Duplicate row', 'server'],
    ['API call', 'server'],
    ['Compose Email', 'server'],
    ['Select Type', null],
    ['Nonsense', null],
  ])('%s → %s', (type, want) => expect(actionRun(type)).toBe(want));
});

describe('rowActions: availability per block kind and audience', () => {
  const all = ['Duplicate row', 'Edit row', 'Delete row', 'API call'].map((type) => ({ type, title: type }));
  it.each<[string, 'table' | 'list', Record<string, unknown>[], unknown, ViewerRole, string[]]>([
    ['table: first two typed actions', 'table', all, 'Everyone', 'guest', ['Duplicate row', 'Edit row']],
    ['table: Select Type is skipped', 'table', [{ type: 'Select Type' }, { type: 'Delete row' }], 'Everyone', 'guest', ['Delete row']],
    ['list: only Edit row and Delete row', 'list', [{ type: 'API call' }, { type: 'Delete row' }, { type: 'Open link' }, { type: 'Edit row' }], 'Everyone', 'guest', ['Delete row', 'Edit row']],
    ['visibility Admins hides them from guests', 'table', all, 'Admins', 'guest', []],
    ['visibility Admins shows them to admins', 'table', all.slice(2), 'Admins', 'admin', ['Delete row', 'API call']],
    ['visibility None hides them from everyone', 'table', all, 'None', 'admin', []],
  ])('%s', (_, kind, actions, visibility, role, want) => {
    const config = { ...(kind === 'list' ? list({}) : table({})), actions, action_button_visibility: visibility };
    expect(rowActions(config, role).map((a) => a.action.type)).toEqual(want);
  });

  it('keeps each action’s index in the block (runAction uses it)', () => {
    const config = { ...table({}), actions: [{ type: 'Select Type' }, { type: 'API call' }] };
    expect(rowActions(config, 'guest').map((a) => a.index)).toEqual([1]);
  });
});

describe('pageButtons', () => {
  it('toolbar buttons need open_page; defaults Open and #4f46E5', () => {
    const config = table({ toolbar_buttons: [{ open_page: 'orders' }, { title: 'Nope', open_page: '' }] });
    expect(pageButtons(config, 'toolbar_buttons')).toEqual([{ title: 'Open', page: 'orders', button_color: '#4f46E5', text_color: '#ffffff' }]);
  });
  it('item buttons read open_detail_page', () => {
    const config = table({ item_buttons: [{ title: 'Details', open_detail_page: 'order', button_color: '#000000', text_color: '#eeeeee' }] });
    expect(pageButtons(config, 'item_buttons')).toEqual([{ title: 'Details', page: 'order', button_color: '#000000', text_color: '#eeeeee' }]);
  });
});
