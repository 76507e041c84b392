import { describe, expect, it } from 'vitest';
import { gridColumns, initials, nextStart, starsOf, testimonialsOf } from './testimonials';

describe('starsOf (rating 1-5)', () => {
  it.each([
    [5, 5],
    ['4', 4],
    [' 3 ', 3],
    ['4.6', 5],
    ['4,4', 4],
    ['1', 1],
    ['0.6', 1],
    ['7', 5],
    [100, 5],
    ['0', null],
    ['0.4', null],
    ['-3', null],
    ['', null],
    [null, null],
    ['great', null],
    ['NaN', null],
    ['4/5', 4],
    ['8/10', 4],
    ['3/0', null],
    ['4 stars', 4],
    ['★★★', 3],
    ['★★★★★★★', 5],
    [true, null],
  ])('%j → %j', (v, stars) => {
    expect(starsOf(v)).toBe(stars);
  });
});

describe('testimonialsOf', () => {
  it('one card per row with a text; role joins designation and company; avatars only http(s) or uploads', () => {
    const rows = [
      { _id: 'r1', T: 'Great!', N: 'Ada Lovelace', D: 'CTO', C: 'Analytical', A: 'https://x.example/a.png', R: '5' },
      { _id: 'r2', T: '', N: 'Nobody' },
      { T: 'Fine', N: 'Bob', C: 'Acme', A: 'javascript:alert(1)', R: 'ten' },
    ];
    expect(testimonialsOf(rows, { text: 'T', name: 'N', designation: 'D', company: 'C', avatar: 'A', rating: 'R' })).toEqual([
      { id: 'r1', text: 'Great!', name: 'Ada Lovelace', role: 'CTO, Analytical', avatar: 'https://x.example/a.png', stars: 5 },
      { id: 'row-2', text: 'Fine', name: 'Bob', role: 'Acme', avatar: null, stars: null },
    ]);
    expect(testimonialsOf(rows, { text: '' })).toEqual([]);
  });
});

describe('carousel and grid', () => {
  it.each([
    [0, 5, 1, 1, 1],
    [4, 5, 1, 1, 0],
    [0, 5, 1, -1, 4],
    [0, 5, 2, 1, 2],
    [4, 5, 2, 1, 0],
    [0, 5, 2, -1, 4],
    [0, 2, 2, 1, 0],
  ] as const)('start %i of %i, %i per page, step %i → %i', (start, count, per, step, out) => {
    expect(nextStart(start, count, per, step)).toBe(out);
  });
  it.each([
    [1, 1],
    [3, 3],
    ['2', 2],
    [0, 3],
    [4, 3],
    ['', 3],
  ])('columns %j → %i', (v, n) => {
    expect(gridColumns(v)).toBe(n);
  });
  it.each([
    ['Ada Lovelace', 'AL'],
    ['cher', 'C'],
    ['', '?'],
    ['Jean Paul Sartre', 'JP'],
  ])('initials of %j', (name, out) => {
    expect(initials(name)).toBe(out);
  });
});
