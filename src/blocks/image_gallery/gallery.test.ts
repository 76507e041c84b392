import { describe, expect, it } from 'vitest';
import { aspectRatio, counterText, galleryImages, intervalOf, lightboxKey, masonryColumns, numberIn, stepIndex } from './gallery';

describe('galleryImages', () => {
  it('one image per usable address, with caption and description', () => {
    const rows = [
      { _id: 'a', Img: 'https://x.example/1.jpg', Cap: 'One', Desc: 'First' },
      { _id: 'b', Img: 'javascript:alert(1)', Cap: 'Bad' },
      { _id: 'c', Img: '', Cap: 'Empty' },
      { Img: '/api/uploads/abc123', Cap: 7 },
    ];
    expect(galleryImages(rows, { image: 'Img', caption: 'Cap', description: 'Desc' })).toEqual([
      { id: 'a', src: 'https://x.example/1.jpg', caption: 'One', description: 'First' },
      { id: 'row-3', src: '/api/uploads/abc123', caption: '7', description: '' },
    ]);
    expect(galleryImages(rows, { image: 'Img' })[0]).toEqual({ id: 'a', src: 'https://x.example/1.jpg', caption: '', description: '' });
    expect(galleryImages(rows, { image: '' })).toEqual([]);
  });
});

describe('settings', () => {
  it.each([
    [24, 0, 100, 24, 24],
    [150, 0, 100, 24, 100],
    [-5, 0, 100, 24, 0],
    ['30', 0, 100, 24, 30],
    ['', 0, 100, 24, 24],
    ['x', 0, 1, 1, 1],
    [0.4, 0, 1, 1, 0.4],
    [2, 0, 1, 1, 1],
  ])('numberIn(%j, %i, %i, %i) → %j', (v, min, max, def, out) => {
    expect(numberIn(v, min, max, def)).toBe(out);
  });
  it.each([
    ['2', 2],
    ['5', 5],
    ['auto', null],
    ['6', null],
    [3, 3],
    ['1', null],
  ])('masonry columns %j → %j', (v, out) => {
    expect(masonryColumns(v)).toBe(out);
  });
  it.each([
    [3000, 3000],
    [5000, 5000],
    [999, 3000],
    ['', 3000],
    [undefined, 3000],
    [120000, 60000],
  ])('interval %j → %i', (v, out) => {
    expect(intervalOf(v)).toBe(out);
  });
  it.each([
    ['4:3', '4 / 3'],
    ['1:1', '1 / 1'],
    ['auto', undefined],
    ['0:3', undefined],
    [null, undefined],
  ])('aspect %j → %j', (v, out) => {
    expect(aspectRatio(v)).toBe(out);
  });
});

describe('navigation', () => {
  it.each([
    [0, 3, 1, 1],
    [2, 3, 1, 0],
    [0, 3, -1, 2],
    [0, 0, 1, 0],
  ])('step from %i of %i by %i → %i', (i, n, s, out) => {
    expect(stepIndex(i, n, s)).toBe(out);
  });
  it.each([
    ['ArrowLeft', 'prev'],
    ['ArrowRight', 'next'],
    [' ', 'next'],
    ['Escape', 'close'],
    ['Enter', null],
  ])('key %j → %j', (key, action) => {
    expect(lightboxKey(key)).toBe(action);
  });
  it('counter', () => {
    expect(counterText(0, 12)).toBe('1 of 12');
  });
});
