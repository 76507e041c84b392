import { describe, expect, it } from 'vitest';
import { withNewBlock } from '../editor/useBlockMutations';
import type { BlockRecord } from '../../shared/settings/types';
import { appPath, hrefOfPath } from './app-nav';
import { previewParams } from './preview';

const pages = [
  { slug: 'home', page_type: 'home' },
  { slug: 'products', page_type: 'page' },
  { slug: 'item', page_type: 'page' },
];

describe('appPath', () => {
  it.each<[string, string | undefined, string]>([
    ['', undefined, '/'],
    ['home', undefined, '/'],
    ['/home', undefined, '/'],
    ['products', undefined, '/products'],
    ['Products', undefined, '/products'],
    ['item', '12', '/item?row=12'],
    ['item', 'a b', '/item?row=a%20b'],
    ['unknown', undefined, '/unknown'],
  ])('%j row %j → %j', (slug, row, path) => {
    expect(appPath(pages, slug, row)).toBe(path);
  });
});

describe('hrefOfPath', () => {
  it.each([
    ['', '/', '', '/'],
    ['', '/products', '', '/products'],
    ['/shop', '/', '', '/shop'],
    ['/shop', '/item?row=3', '', '/shop/item?row=3'],
    ['', '/products', '?embed=true&hide_header=true&block_id=x&row=9', '/products?embed=true&hide_header=true'],
    ['', '/item?row=3', '?row=1&preview=true', '/item?row=3&preview=true'],
    // The previewed template stays named (the banner's Use Template needs it); the clone modal does not reopen.
    ['/tpl-1', '/products', '?preview=true&template_id=t1&open_clone_modal=true', '/tpl-1/products?preview=true&template_id=t1'],
  ])('base %j path %j from %j → %j', (base, path, search, href) => {
    expect(hrefOfPath(base, path, search)).toBe(href);
  });
});

describe('previewParams', () => {
  it.each([
    ['', null],
    ['?preview=false', null],
    ['?preview=true', { buttonText: 'Use Template', templateData: '', templateId: null, openCloneModal: false }],
    ['?preview=true&button_text=Get+it', { buttonText: 'Get it', templateData: '', templateId: null, openCloneModal: false }],
    ['?preview=true&button_text=%20', { buttonText: 'Use Template', templateData: '', templateId: null, openCloneModal: false }],
    ['?preview=true&template_data=%7B%22a%22%3A1%7D&template_id=t1', { buttonText: 'Use Template', templateData: '{\n  "a": 1\n}', templateId: 't1', openCloneModal: false }],
    ['?preview=true&template_id=t1&open_clone_modal=true', { buttonText: 'Use Template', templateData: '', templateId: 't1', openCloneModal: true }],
    ['?preview=true&template_data=%3Cb%3Ehi%3C%2Fb%3E', { buttonText: 'Use Template', templateData: '<b>hi</b>', templateId: null, openCloneModal: false }],
  ])('%j', (search, expected) => {
    expect(previewParams(search)).toEqual(expected);
  });
});

describe('withNewBlock (a header goes first and a footer last)', () => {
  const b = (id: string, type: string) => ({ id, type }) as BlockRecord;
  const ids = (list: BlockRecord[]) => list.map((x) => x.id);
  it.each<[string, BlockRecord[], BlockRecord, string[]]>([
    ['before a last footer', [b('h', 'header'), b('f', 'footer')], b('n', 'markdown'), ['h', 'n', 'f']],
    ['a footer out of place goes last', [b('f', 'footer'), b('m', 'markdown')], b('n', 'markdown'), ['m', 'n', 'f']],
    ['a header added later goes first', [b('m', 'markdown'), b('f', 'footer')], b('h', 'header'), ['h', 'm', 'f']],
    ['a second footer goes last', [b('f', 'footer')], b('g', 'footer'), ['f', 'g']],
    ['on an empty page', [], b('n', 'markdown'), ['n']],
  ])('%s', (_name, blocks, block, expected) => {
    expect(ids(withNewBlock(blocks, block))).toEqual(expected);
  });
});
