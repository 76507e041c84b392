import { describe, expect, it } from 'vitest';
import { ifNoneMatchHits, weakEtag } from './etag';

describe('weakEtag', () => {
  it('is weak, quoted, and follows every part', () => {
    const tag = weakEtag(['sheet', 3, null]);
    expect(tag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(weakEtag(['sheet', 3, null])).toBe(tag);
    expect(weakEtag(['sheet', 4, null])).not.toBe(tag);
    expect(weakEtag(['sheet', '3', null])).not.toBe(tag);
  });
});

describe('ifNoneMatchHits', () => {
  const tag = 'W/"abc"';
  it.each([
    [undefined, false],
    ['', false],
    ['W/"abc"', true],
    ['"abc"', true],
    ['W/"abd"', false],
    ['"x", W/"abc"', true],
    ['"x" ,  "y"', false],
    ['*', true],
    [['"x"', 'W/"abc"'], true],
  ] as [string | string[] | undefined, boolean][])('%j → %s', (header, hit) => {
    expect(ifNoneMatchHits(header, tag)).toBe(hit);
  });
});
