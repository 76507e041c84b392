import { describe, expect, it } from 'vitest';
import { changeItem } from '../../shared/settings/arrays';
import { blockDefaults, validateBlock } from '../../shared/settings/block';
import { featureIcon, featureLayout, featuresOf, iconName, imagePosition } from './banner-hero';
import { decodeEntities, inlineText, parseInlineHtml } from './inline-html';
import { bannerHeroSchema } from './schema';

describe('inline HTML of the title and subtitle', () => {
  it.each<[string, unknown]>([
    ['plain text', ['plain text']],
    ['Hello <b>world</b>', ['Hello ', { tag: 'b', children: ['world'] }]],
    ['<strong>a</strong><em>b</em><i>c</i><u>d</u>', [{ tag: 'strong', children: ['a'] }, { tag: 'em', children: ['b'] }, { tag: 'i', children: ['c'] }, { tag: 'u', children: ['d'] }]],
    ['one<br>two<br/>three', ['one', { tag: 'br' }, 'two', { tag: 'br' }, 'three']],
    // Attributes are dropped: no style, no event handlers.
    ['<span style="color:red" onclick="x()">hot</span>', [{ tag: 'span', children: ['hot'] }]],
    ['<B>loud</B>', [{ tag: 'b', children: ['loud'] }]],
    // Other tags go, their text stays; script and style lose their content.
    ['<a href="javascript:alert(1)">link</a>', ['link']],
    ['<img src=x onerror=alert(1)>pic', ['pic']],
    ['a<script>alert(1)</script>b', ['ab']],
    ['<style>body{}</style>ok', ['ok']],
    ['<div><h1>Big</h1></div>', ['Big']],
    ['x<!-- hidden -->y', ['xy']],
    // Unclosed and stray tags.
    ['<b>bold', [{ tag: 'b', children: ['bold'] }]],
    ['</b>text', ['text']],
    ['<b><i>both</b> after', [{ tag: 'b', children: [{ tag: 'i', children: ['both'] }] }, ' after']],
    // Entities are decoded into text (React escapes it again).
    ['Tom &amp; Jerry &lt;3 &#169; &#x263A;', ['Tom & Jerry <3 © ☺']],
    ['a < b > c', ['a < b > c']],
    ['&lt;script&gt;', ['<script>']],
  ])('%j', (src, expected) => {
    expect(parseInlineHtml(src)).toEqual(expected);
  });

  it('non-text and deep nesting are safe', () => {
    expect(parseInlineHtml(undefined)).toEqual([]);
    const deep = '<b>'.repeat(50) + 'x';
    expect(inlineText(parseInlineHtml(deep))).toBe('x');
  });

  it.each([
    ['&nbsp;', '\u00a0'],
    ['&#0;', '&#0;'],
    ['&#xD800;', '&#xD800;'],
    ['&unknown;', '&unknown;'],
  ])('decodeEntities(%j) → %j', (src, out) => {
    expect(decodeEntities(src)).toBe(out);
  });
});

describe('features', () => {
  it.each([
    ['star', 'star'],
    ['fa-star', 'star'],
    ['fas fa-star', 'star'],
    ['fa-solid fa-check-circle', 'check'],
    ['Envelope', 'mail'],
    ['unicorn', null],
    ['', null],
  ])('icon name %j → %j', (raw, name) => {
    expect(iconName(raw)).toBe(name);
  });

  it.each<[Record<string, unknown>, unknown]>([
    [{ iconType: 'fontawesome', icon: 'heart', iconColor: '#f00' }, { kind: 'icon', name: 'heart', color: '#f00' }],
    [{ iconType: 'fontawesome', icon: 'unicorn' }, { kind: 'icon', name: null, color: '#4f46e5' }],
    [{ iconType: 'fontawesome', icon: '' }, null],
    [{ iconType: 'image', icon: 'https://x.example/i.png' }, { kind: 'image', src: 'https://x.example/i.png' }],
    [{ iconType: 'image', icon: 'javascript:alert(1)' }, null],
    [{ iconType: 'text', icon: '🚀', iconColor: '#000' }, { kind: 'text', text: '🚀', color: '#000' }],
    [{ iconType: 'text', icon: 'Very long text' }, { kind: 'text', text: 'Very', color: '#4f46e5' }],
  ])('feature icon %j', (item, expected) => {
    expect(featureIcon(item)).toEqual(expected);
  });

  it('a changed iconType clears icon (schema data honoured by the editor)', () => {
    const item = bannerHeroSchema.settings.features!.item!;
    expect(item.iconType!.clearsOnChange).toEqual(['icon']);
    const before = { iconType: 'fontawesome', icon: 'star', title: 'T', description: '', iconColor: '#4f46e5' };
    expect(changeItem(item, before, 'iconType', 'image')).toEqual({ ...before, iconType: 'image', icon: '' });
  });

  it('empty features are left out; the defaults give three', () => {
    const config = blockDefaults(bannerHeroSchema, 'b');
    expect(featuresOf(config)).toHaveLength(3);
    expect(featuresOf({ ...config, features: [{ iconType: 'text', icon: '', title: '', description: '' }, 'junk', { title: 'A' }] }).map((f) => f.title)).toEqual(['A']);
  });

  it.each([
    ['left', 'left'],
    ['top', 'top'],
    ['bottom', 'bottom'],
    ['x', 'right'],
  ])('imagePosition %s → %s', (v, expected) => {
    expect(imagePosition({ ...blockDefaults(bannerHeroSchema), imagePosition: v })).toBe(expected);
  });

  it.each([
    ['list', 'list'],
    ['paragraph', 'paragraph'],
    ['grid', 'grid'],
    ['x', 'grid'],
  ])('FeatureLayout %s → %s', (v, expected) => {
    expect(featureLayout({ ...blockDefaults(bannerHeroSchema), FeatureLayout: v })).toBe(expected);
  });

  it('defaults validate; height 200–1000', () => {
    expect(validateBlock(bannerHeroSchema, blockDefaults(bannerHeroSchema))).toEqual([]);
    expect(validateBlock(bannerHeroSchema, { ...blockDefaults(bannerHeroSchema), banner_height: 50 }).map((i) => i.path)).toEqual(['banner_height']);
  });
});
