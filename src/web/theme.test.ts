// Picking the option a select already shows must never empty it (issue 13 §5): the theme turns
// Mantine's deselect-on-click off for every Select, and no Select of the app turns it back on.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx$/.test(e.name) && !/\.test\.tsx$/.test(e.name) ? [p] : [];
  });
}

describe('re-selecting the selected option', () => {
  it('keeps it: the theme sets allowDeselect false for every Select', () => {
    const select = theme.components?.Select as { defaultProps?: { allowDeselect?: boolean } } | undefined;
    expect(select?.defaultProps?.allowDeselect).toBe(false);
  });

  it('no Select in the web app or the blocks turns deselecting back on', () => {
    const offenders = [...sources('src/web'), ...sources('src/blocks')].flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/allowDeselect(?:=\{([^}]*)\})?/g)]
        .filter((m) => m[1]?.trim() !== 'false')
        .map((m) => `${file}: ${m[0]}`),
    );
    expect(offenders).toEqual([]);
  });
});
