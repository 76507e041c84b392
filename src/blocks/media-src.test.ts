import { describe, expect, it } from 'vitest';
import { linkHref, mediaSrc, textOf } from './media-src';

describe('mediaSrc', () => {
  it.each([
    ['https://x.example/a.png', 'https://x.example/a.png'],
    ['  http://x.example/a.png ', 'http://x.example/a.png'],
    ['/api/uploads/abc_DEF-1', '/api/uploads/abc_DEF-1'],
    ['/api/uploads/../etc', null],
    ['/other/file.png', null],
    ['//evil.example/a.png', null],
    ['javascript:alert(1)', null],
    ['data:image/png;base64,AAAA', null],
    ['https://x.example/a"onerror="x', null],
    [42, null],
    [null, null],
  ])('%s → %s', (v, out) => {
    expect(mediaSrc(v)).toBe(out);
  });
});

describe('linkHref', () => {
  it.each([
    ['https://x.example', 'https://x.example'],
    ['www.x.example', 'https://www.x.example'],
    ['/about', '/about'],
    ['/', '/'],
    ['mailto:a@b.example', 'mailto:a@b.example'],
    ['//evil.example', null],
    ['javascript:alert(1)', null],
    ['about', null],
    ['/../x', null],
    ['', null],
  ])('%s → %s', (v, out) => {
    expect(linkHref(v)).toBe(out);
  });
});

describe('textOf', () => {
  it.each([
    [' a ', 'a'],
    [3, '3'],
    [true, 'true'],
    [null, ''],
    [{ a: 1 }, ''],
  ])('%s → %s', (v, out) => {
    expect(textOf(v)).toBe(out);
  });
});
