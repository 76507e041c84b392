import { describe, expect, it } from 'vitest';
import { embedBlocks, embedParams, type EmbedParams } from './embed';

const none: EmbedParams = { embed: false, hideHeader: false, hideFooter: false, blockId: null };

describe('embedParams', () => {
  it.each<[string, EmbedParams]>([
    ['', none],
    ['?', none],
    ['?embed=true', { ...none, embed: true }],
    ['?embed=true&hide_header=true', { ...none, embed: true, hideHeader: true }],
    ['?embed=true&hide_header=true&hide_footer=true&block_id=b_1', { embed: true, hideHeader: true, hideFooter: true, blockId: 'b_1' }],
    ['?embed=1&hide_header=TRUE', { ...none, embed: true, hideHeader: true }],
    ['?embed=false&hide_header=no&hide_footer=', none],
    ['?block_id=', none],
    ['?block_id=%20a%26b%20', { ...none, blockId: 'a&b' }],
    ['http://shop.localhost:3000/products?embed=true&block_id=x#top', { ...none, embed: true, blockId: 'x' }],
    ['http://shop.localhost:3000/products', none],
    ['embed=true&hide_footer=true', { ...none, embed: true, hideFooter: true }],
    ['?filters=Region:South&hide_header=true', { ...none, hideHeader: true }],
  ])('%j', (address, expected) => {
    expect(embedParams(address)).toEqual(expected);
  });

  it('reads URLSearchParams', () => {
    expect(embedParams(new URLSearchParams({ embed: 'true', block_id: 'z' }))).toEqual({ ...none, embed: true, blockId: 'z' });
  });
});

describe('embedBlocks', () => {
  const blocks = [
    { id: 'h', type: 'header' },
    { id: 'hero', type: 'banner_hero' },
    { id: 'faq', type: 'faq' },
    { id: 'f', type: 'footer' },
  ];
  it.each<[string, Partial<EmbedParams>, string[]]>([
    ['nothing asked', {}, ['h', 'hero', 'faq', 'f']],
    ['embed alone', { embed: true }, ['h', 'hero', 'faq', 'f']],
    ['hide_header', { hideHeader: true }, ['hero', 'faq', 'f']],
    ['hide_footer', { hideFooter: true }, ['h', 'hero', 'faq']],
    ['both', { hideHeader: true, hideFooter: true }, ['hero', 'faq']],
    ['block_id', { hideHeader: true, hideFooter: true, blockId: 'faq' }, ['faq']],
    ['block_id of a header', { blockId: 'h' }, ['h']],
    ['block_id that is gone', { blockId: 'nope' }, []],
  ])('%s', (_, params, ids) => {
    expect(embedBlocks(blocks, { ...none, ...params }).map((b) => b.id)).toEqual(ids);
  });

  it('other blocks are the records themselves', () => {
    const shown = embedBlocks(blocks, { ...none, hideHeader: true });
    expect(shown[0]).toBe(blocks[1]);
  });

  it('the one block of a block embed spans the frame, as the same object on every render', () => {
    const record = { id: 'faq', type: 'faq', full_width: false, title: 'Questions' };
    const first = embedBlocks([record], { ...none, blockId: 'faq' });
    const again = embedBlocks([record], { ...none, blockId: 'faq' });
    expect(first[0]).toEqual({ ...record, full_width: true });
    expect(again[0]).toBe(first[0]);
    expect(record.full_width).toBe(false);
    const already = { id: 'w', type: 'table', full_width: true };
    expect(embedBlocks([already], { ...none, blockId: 'w' })[0]).toBe(already);
  });
});
