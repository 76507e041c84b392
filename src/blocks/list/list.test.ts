import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { blockDefaults, normalizeBlock, validateBlock } from '../../shared/settings/block';
import { defaultsOf } from '../../shared/settings/defaults';
import { isVisible } from '../../shared/settings/visibility';
import type { BlockSchema } from '../../shared/settings/types';
import { tableSchema } from '../table/schema';
import { TableBlock } from '../table/TableBlock';
import type { BlockData, BlockViewProps } from '../types';
import { renderBlock, viewData } from '../testing/views';
import { fontOf, imageWidth, listLines } from './list-items';
import { ListBlock } from './ListBlock';
import { listSchema } from './schema';

describe('list schema', () => {
  it('has the table block settings', () => {
    expect(Object.keys(listSchema.settings).sort()).toEqual(Object.keys(tableSchema.settings).sort());
  });

  it('axis: type text or image, text_color, font_style; editable defaults to Everyone', () => {
    const d = defaultsOf(listSchema.axis!.settings);
    expect(listSchema.axis!.settings.type!.options!.map((o) => o.value)).toEqual(['text', 'image']);
    expect(d).toMatchObject({ type: 'text', font_style: 'normal', editable: 'Everyone' });
    expect(defaultsOf(tableSchema.axis!.settings).editable).toBe('None');
  });

  it.each<[string, string[]]>([
    ['text', ['column', 'type', 'text_color', 'font_style', 'hidden', 'editable']],
    ['image', ['column', 'type', 'hidden', 'editable']],
  ])('axis type %s shows %j', (type, keys) => {
    const s = listSchema.axis!.settings;
    const values = { ...defaultsOf(s), type };
    expect(Object.entries(s).filter(([, x]) => isVisible(x, values)).map(([k]) => k)).toEqual(keys);
  });

  it('actions offer only Edit row and Delete row', () => {
    expect(listSchema.actions!.settings.type!.options!.map((o) => o.value)).toEqual(['Select Type', 'Edit row', 'Delete row']);
    expect(listSchema.actions!.max).toBe(2);
  });

  it('a table action type is refused on a list', () => {
    const issues = validateBlock(listSchema, { ...blockDefaults(listSchema, 'l'), sheet_title: 'S', actions: [{ type: 'API call' }] });
    expect(issues.map((i) => i.path)).toContain('actions.0.type');
  });

  it('toolbar buttons require open_page', () => {
    const issues = validateBlock(listSchema, { ...blockDefaults(listSchema, 'l'), sheet_title: 'S', toolbar_buttons: [{ title: 'Open' }] });
    expect(issues).toEqual([{ path: 'toolbar_buttons.0.open_page', message: 'Open page is required' }]);
  });
});

describe('listLines / fontOf / imageWidth', () => {
  const cfg = (input: Record<string, unknown>) => normalizeBlock(listSchema, { sheet_title: 'S', ...input });
  it('no axes: every column as text, the first bold', () => {
    expect(listLines(cfg({}), ['A', 'B']).map((l) => [l.column, l.type, l.fontWeight])).toEqual([
      ['A', 'text', 700],
      ['B', 'text', 400],
    ]);
  });
  it('axes in order, hidden and unnamed left out, styles applied', () => {
    const lines = listLines(
      cfg({ axis: [{ column: 'Pic', type: 'image' }, { column: 'Name', font_style: 'bold italic', text_color: '#ff0000' }, { column: 'X', hidden: true }, { column: '' }] }),
      [],
    );
    expect(lines).toEqual([
      { column: 'Pic', type: 'image', fontWeight: 400, fontStyle: 'normal' },
      { column: 'Name', type: 'text', color: '#ff0000', fontWeight: 700, fontStyle: 'italic' },
    ]);
  });
  it.each([
    ['normal', 400, 'normal'],
    ['bold', 700, 'normal'],
    ['italic', 400, 'italic'],
    ['bold italic', 700, 'italic'],
    [42, 400, 'normal'],
  ])('font_style %s', (style, weight, fontStyle) => expect(fontOf(style)).toEqual({ fontWeight: weight, fontStyle }));
  it.each([
    ['', '200px'],
    ['120', '120px'],
    ['url(x)', '200px'],
  ])('column_width %j → %s', (w, want) => expect(imageWidth(cfg({ column_width: w }))).toBe(want));
});

describe('server-side renders', () => {
  const rows = Array.from({ length: 12 }, (_, i) => ({ _id: String(i + 1), _version: 1, Name: `Item ${i + 1}`, Pic: `https://img.test/${i + 1}.png`, Note: 'x' }));
  const write = {
    add: async () => ({}),
    update: async () => ({}),
    remove: async () => {},
    runAction: async () => ({ ok: true, message: '' }),
    upload: async () => ({ id: '', url: '', name: '', type: '', size: 0 }),
  };
  const data = (patch: Partial<BlockData> = {}) => viewData(rows, { columns: ['Name', 'Pic', 'Note'], write, ...patch });
  const render = (View: ComponentType<BlockViewProps>, schema: BlockSchema, input: Record<string, unknown>, d: BlockData) => renderBlock(View, schema, { sheet_title: 'S', ...input }, d);

  it('list: items with image and text lines, a page of 10, edit buttons by audience', () => {
    const html = render(ListBlock, listSchema, { axis: [{ column: 'Pic', type: 'image' }, { column: 'Name', font_style: 'bold' }, { column: 'Note', editable: 'Admins' }] }, data());
    expect(html).toContain('src="https://img.test/1.png"');
    expect(html).toContain('Item 10');
    expect(html).not.toContain('Item 11');
    expect(html).toContain('Page 1 of 2');
    expect(html).toContain('aria-label="Edit Name"');
    expect(html).not.toContain('aria-label="Edit Note"');
  });

  it('list: Add Row and actions follow their audiences; no writes without data.write', () => {
    const input = { add_new_row: 'Everyone', add_row_button_title: 'New item', actions: [{ type: 'Delete row', title: 'Remove' }] };
    const html = render(ListBlock, listSchema, input, data());
    expect(html).toContain('New item');
    expect(html).toContain('Remove');
    const preview = render(ListBlock, listSchema, input, data({ write: undefined }));
    expect(preview).not.toContain('New item');
    expect(preview).not.toContain('Remove');
    expect(preview).not.toContain('aria-label="Edit Name"');
  });

  it('table: editable cells get an edit button, Admins-only actions stay hidden from guests', () => {
    const input = {
      axis: [{ column: 'Name', editable: 'Everyone' }, { column: 'Note' }],
      actions: [{ type: 'Duplicate row', title: 'Copy row' }],
      action_button_visibility: 'Admins',
      add_new_row: 'Admins',
    };
    const guest = render(TableBlock, tableSchema, input, data());
    expect(guest).toContain('aria-label="Edit Name"');
    expect(guest).not.toContain('aria-label="Edit Note"');
    expect(guest).not.toContain('Copy row');
    expect(guest).not.toContain('Add Row');
    const admin = render(TableBlock, tableSchema, input, data({ viewer: { role: 'admin', email: 'a@b.co' } }));
    expect(admin).toContain('Copy row');
    expect(admin).toContain('Add Row');
  });

  it('table: toolbar and item page buttons are disabled with a reason on boards', () => {
    const html = render(TableBlock, tableSchema, { toolbar_buttons: [{ open_page: 'orders' }], item_buttons: [{ title: 'View', open_detail_page: 'order' }] }, data());
    expect(html).toContain('>Open<');
    expect(html).toContain('>View<');
    expect(html).toContain('aria-disabled="true"');
  });
});
