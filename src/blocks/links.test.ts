import { describe, expect, it } from 'vitest';
import { isExternal, safeHref, safeImageSrc } from './links';

describe('safeHref', () => {
  it.each<[unknown, string | null]>([
    ['https://example.com/a?b=1', 'https://example.com/a?b=1'],
    ['  http://example.com  ', 'http://example.com'],
    ['HTTPS://EXAMPLE.COM', 'HTTPS://EXAMPLE.COM'],
    ['www.example.com', 'https://www.example.com'],
    ['mailto:hello@example.com', 'mailto:hello@example.com'],
    ['tel:+1 (555) 010-0100', 'tel:+15550100100'],
    ['/products?row=3', '/products?row=3'],
    ['#top', '#top'],
    ['javascript:alert(1)', null],
    ['JaVaScRiPt:alert(1)', null],
    ['data:text/html,<b>x</b>', null],
    ['//evil.example', null],
    ['/\\evil.example', null],
    ['https://', null],
    ['https://exa mple.com', null],
    ['ftp://example.com', null],
    ['example.com', null],
    ['', null],
    [undefined, null],
    [42, null],
  ])('%j → %j', (value, expected) => {
    expect(safeHref(value)).toBe(expected);
  });

  it.each([
    ['https://x.example', true],
    ['http://x.example', true],
    ['/page', false],
    ['mailto:a@b.c', false],
  ])('isExternal(%s) → %s', (href, external) => {
    expect(isExternal(href)).toBe(external);
  });
});

describe('safeImageSrc', () => {
  it.each<[unknown, string | null]>([
    ['https://cdn.example/a.png', 'https://cdn.example/a.png'],
    ['/api/uploads/abc.png', '/api/uploads/abc.png'],
    ['/uploads/abc.png', '/uploads/abc.png'],
    ['/api/uploads/../secret', null],
    ['/etc/passwd', null],
    ['data:image/png;base64,AAAA', null],
    ['javascript:alert(1)', null],
    ['https://x.example/a.png" onerror="x', null],
    ['', null],
    [null, null],
  ])('%j → %j', (value, expected) => {
    expect(safeImageSrc(value)).toBe(expected);
  });
});
