import { describe, expect, it } from 'vitest';
import { editorLayoutOf } from './editor-layout';

describe('editorLayoutOf (shell §2.3: the legacy board layout)', () => {
  it.each([
    ['', 'board', 'sidebar'],
    ['?layout=legacy', 'board', 'legacy'],
    ['?embed=false&layout=Legacy', 'board', 'legacy'],
    ['?layout=sidebar', 'board', 'sidebar'],
    ['?layout=', 'board', 'sidebar'],
    ['?layout=legacy', 'multipage', 'sidebar'],
  ] as const)('%s on a %s → %s', (search, kind, expected) => {
    expect(editorLayoutOf(search, kind)).toBe(expected);
  });
});
