import { describe, expect, it } from 'vitest';
import { blockDefaults, validateBlock } from '../../shared/settings/block';
import { detailActions, detailFields, photoStyle, shownRow, splitPhoto } from './item-details';
import { itemDetailsSchema } from './schema';

const base = (extra: Record<string, unknown> = {}) => ({ ...blockDefaults(itemDetailsSchema, 'd'), sheet_title: 'Products', ...extra });
const axis = (extra: Record<string, unknown>) => ({ column: '', type: 'text', label: '', show_label: true, alignment: 'left', text_size: 'md', text_color: '', ...extra });
const action = (extra: Record<string, unknown>) => ({ type: 'External URL', column: '', Pages: '', label: 'Click Here', button_color: '#4f46e5', text_color: '#ffffff', ...extra });
const ROW = { _id: '7', _version: 1, Name: 'Lamp', Photo: 'https://x.example/l.png', Site: 'https://shop.example/lamp', Bad: 'javascript:alert(1)', Www: 'www.x.example' };

describe('which row', () => {
  const rows = [{ _id: '1' }, { _id: '7' }];
  it.each<[string | null, 'view' | 'edit', string | null]>([
    ['7', 'view', '7'],
    ['7', 'edit', '7'],
    ['9', 'view', null],
    [null, 'view', null],
    [null, 'edit', '1'],
  ])('row %j in %s mode → %j', (rowId, mode, expected) => {
    const r = shownRow(rows, rowId, mode);
    expect(r ? r._id : null).toBe(expected);
  });
});

describe('fields and photo', () => {
  it('no content columns: every sheet column as text, labelled', () => {
    expect(detailFields(base(), ['Name', '_id', 'Photo']).map((f) => [f.column, f.type, f.label])).toEqual([
      ['Name', 'text', 'Name'],
      ['Photo', 'text', 'Photo'],
    ]);
  });

  it('content columns in order with their settings; empty columns skipped', () => {
    const config = base({ axis: [axis({ column: 'Name', text_size: 'xl', show_label: false, alignment: 'center' }), axis({}), axis({ column: 'Photo', type: 'image' }), axis({ column: 'Site', label: 'Website' })] });
    expect(detailFields(config, [])).toEqual([
      { column: 'Name', type: 'text', label: null, align: 'center', size: 'xl', color: null },
      { column: 'Photo', type: 'image', label: null, align: 'left', size: 'md', color: null },
      { column: 'Site', type: 'text', label: 'Website', align: 'left', size: 'md', color: null },
    ]);
  });

  it('the first image with a safe address is the photo', () => {
    const fields = detailFields(base({ axis: [axis({ column: 'Bad', type: 'image' }), axis({ column: 'Photo', type: 'image' }), axis({ column: 'Name' })] }), []);
    const { photo, rest } = splitPhoto(fields, ROW);
    expect(photo?.src).toBe('https://x.example/l.png');
    expect(rest.map((f) => f.column)).toEqual(['Bad', 'Name']);
    expect(splitPhoto(detailFields(base(), ['Name']), ROW).photo).toBeNull();
  });

  it.each<[Record<string, unknown>, ReturnType<typeof photoStyle>]>([
    [{}, { height: 360, fit: 'cover', radius: 12, border: null }],
    [{ photo_height: 500, photo_fit: 'contain' }, { height: 360, fit: 'cover', radius: 12, border: null }],
    [{ photo_customize: true, photo_height: 500, photo_fit: 'contain', photo_radius: 0, photo_border_color: '#000' }, { height: 500, fit: 'contain', radius: 0, border: '#000' }],
    [{ photo_customize: true, photo_height: 5, photo_radius: -1 }, { height: 360, fit: 'cover', radius: 12, border: null }],
  ])('photo style %j', (extra, expected) => {
    expect(photoStyle(base(extra))).toEqual(expected);
  });
});

describe('actions', () => {
  it.each<[string, Record<string, unknown>, boolean, Partial<ReturnType<typeof detailActions>[number]>]>([
    ['a link from the column', action({ column: 'Site' }), true, { label: 'Click Here', target: { kind: 'link', href: 'https://shop.example/lamp' } }],
    ['www. gets https', action({ column: 'Www' }), true, { target: { kind: 'link', href: 'https://www.x.example' } }],
    ['javascript: never opens', action({ column: 'Bad' }), true, { target: null, reason: 'No http(s) link in Bad' }],
    ['no column', action({}), true, { target: null, reason: 'No column chosen' }],
    ['a page with the same row', action({ type: 'Page', Pages: 'checkout', label: 'Buy' }), true, { label: 'Buy', target: { kind: 'page', slug: 'checkout', rowId: '7' } }],
    ['a page outside an app', action({ type: 'Page', Pages: 'checkout' }), false, { target: null, reason: 'Pages open in the published app' }],
    ['no page chosen', action({ type: 'Page' }), true, { target: null, reason: 'No page chosen' }],
    ['an empty label is Click Here', action({ column: 'Site', label: ' ' }), true, { label: 'Click Here' }],
  ])('%s', (_, a, canOpen, expected) => {
    expect(detailActions(base({ actions: [a] }), ROW, canOpen)[0]).toMatchObject(expected);
  });

  it('the schema: label defaults to Click Here, at most 2 actions, types External URL and Page', () => {
    expect(itemDetailsSchema.actions!.settings.label!.default).toBe('Click Here');
    expect(itemDetailsSchema.actions!.max).toBe(2);
    expect(itemDetailsSchema.actions!.settings.type!.options!.map((o) => o.value)).toEqual(['External URL', 'Page']);
    expect(validateBlock(itemDetailsSchema, base({ actions: [action({}), action({}), action({})] })).map((i) => i.path)).toEqual(['actions']);
    expect(validateBlock(itemDetailsSchema, base())).toEqual([]);
  });
});
