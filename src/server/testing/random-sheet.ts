// Seeded random sheets for the cache's tests: values that sort and search awkwardly (case and
// accent variants, numbers as text, numeric-aware text, empties, mixed types in one column), so
// fast paths are checked against the plain rule on the cases where they could part.
import type { Row } from '../sheets';

export function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a * 1103515245 + 12345) % 2147483648;
    return a / 2147483648;
  };
}

const WORDS = ['apple', 'Apple', 'éclair', 'Eclair', 'item 9', 'item 10', 'zeta', 'Paris', 'paris', '', '007', 'x,y'];

export function randomSheet(seed: number, n: number): { columns: string[]; rows: Row[] } {
  const r = rng(seed);
  const columns = ['a', 'b', 'c'];
  const rows = Array.from({ length: n }, () => ({
    a: WORDS[Math.floor(r() * WORDS.length)]!,
    b: r() < 0.15 ? '' : Math.floor(r() * 20) - 5,
    c: r() < 0.3 ? WORDS[Math.floor(r() * WORDS.length)]! : r() < 0.5 ? Math.round(r() * 100) / 10 : r() < 0.5,
  }));
  return { columns, rows };
}
