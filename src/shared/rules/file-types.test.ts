import { describe, expect, it } from 'vitest';
import { fileTypeName } from './file-types';

describe('fileTypeName', () => {
  it.each([
    ['image/svg+xml', undefined, 'an SVG image'],
    ['image/avif', undefined, 'an AVIF image'],
    ['image/heic', 'IMG_0001.HEIC', 'a HEIC photo (the iPhone format)'],
    ['application/pdf', undefined, 'a PDF document'],
    ['', 'report.XYZ', 'a .xyz file'],
    ['application/x-weird', undefined, 'a file of an unknown type'],
  ])('%s (%s) → %s', (mime, name, said) => {
    expect(fileTypeName(mime, name)).toBe(said);
  });
});
