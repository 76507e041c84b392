import { describe, expect, it } from 'vitest';
import { absoluteMediaUrl, altFromName, formatBytes, formatDimensions, mediaSrc } from './media-format';

describe('media library words', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1536, '1.5 KB'],
    [10 * 1024 * 1024, '10 MB'],
    [2.25 * 1024 * 1024, '2.3 MB'],
    [-1, 'N/A'],
  ])('%d bytes → %s', (n, text) => expect(formatBytes(n)).toBe(text));

  it('shows dimensions, or N/A when unknown', () => {
    expect(formatDimensions(1200, 800)).toBe('1200 × 800 px');
    expect(formatDimensions(0, 0)).toBe('N/A');
  });

  it('makes the copied address absolute on this site', () => {
    expect(absoluteMediaUrl('/api/blog/media/m1', 'https://sheetboard.example')).toBe('https://sheetboard.example/api/blog/media/m1');
    expect(absoluteMediaUrl('https://cdn.example/x.png', 'https://sheetboard.example')).toBe('https://cdn.example/x.png');
  });

  it('points images of a post at the public media route', () => {
    expect(mediaSrc('m1')).toBe('/api/blog/media/m1');
    expect(mediaSrc('a/b')).toBe('/api/blog/media/a%2Fb');
  });

  it('offers the file name as alternative text', () => {
    expect(altFromName('pivot-table_example.png')).toBe('pivot table example');
    expect(altFromName('photo')).toBe('photo');
  });
});
