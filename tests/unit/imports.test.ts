// Enforces the import rules of ARCHITECTURE.md by reading the source:
//   src/shared imports only src/shared (and zod, and re2js: pure JavaScript, the form patterns' engine);
//   a block's schema.ts imports only src/shared;
//   src/server never imports .tsx files or src/web (checked through every file it reaches);
//   src/web never imports src/server.
import { describe, expect, it } from 'vitest';
import { edges, files, inDir, isTest, rel, specifiers, type Edge } from './import-graph';

function violations(pred: (e: Edge) => boolean): string[] {
  return edges.filter(pred).map((e) => `${rel(e.file)} imports '${e.spec}'`);
}

describe('the import scanner', () => {
  it.each([
    ["import { a } from './a';", ['./a']],
    ["import type { B } from '../b';", ['../b']],
    ["import * as z from 'zod';", ['zod']],
    ["import D, { e } from './d';", ['./d']],
    ["export * from './types';", ['./types']],
    ["export { x } from './x';", ['./x']],
    ["const m = await import('./lazy');", ['./lazy']],
    ["import './side-effect.css';", ['./side-effect.css']],
    ["// import { no } from './commented';", []],
    ["/* import { no } from './block-comment'; */", []],
    ["import {\n  a,\n  b,\n} from './multi';", ['./multi']],
  ])('%j → %j', (src, expected) => {
    expect(specifiers(src).sort()).toEqual([...expected].sort());
  });

  it('finds the source files and their imports', () => {
    expect(files.length).toBeGreaterThan(10);
    expect(edges.some((e) => rel(e.file) === 'src/blocks/schemas.ts' && e.spec === './chart/schema')).toBe(true);
  });

  it('resolves every relative import it finds', () => {
    const broken = edges.filter((e) => e.spec.startsWith('.') && !/\.(css|svg|png|json)$/.test(e.spec) && !e.target);
    expect(broken.map((e) => `${rel(e.file)} → ${e.spec}`)).toEqual([]);
  });
});

describe('import rules (ARCHITECTURE.md)', () => {
  it('src/shared imports only src/shared, zod and re2js', () => {
    expect(
      violations(
        (e) =>
          inDir(e.file, 'shared') &&
          !(e.target ? inDir(e.target, 'shared') : e.spec === 'zod' || e.spec.startsWith('zod/') || e.spec === 're2js' || (isTest(e.file) && e.spec === 'vitest')),
      ),
    ).toEqual([]);
  });

  it("a block's schema.ts imports only src/shared", () => {
    const schemaFiles = files.filter((f) => /^src\/blocks\/[^/]+\/schema\.ts$/.test(rel(f)));
    expect(schemaFiles.length).toBeGreaterThan(0);
    expect(violations((e) => schemaFiles.includes(e.file) && !(e.target && inDir(e.target, 'shared')))).toEqual([]);
  });

  it('src/server never reaches a .tsx file or src/web, directly or through what it imports', () => {
    const seen = new Set<string>();
    const problems: string[] = [];
    const visit = (file: string, via: string[]) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const e of edges.filter((x) => x.file === file)) {
        if (!e.target) continue;
        const chain = [...via, rel(e.target)].join(' → ');
        if (e.target.endsWith('.tsx')) problems.push(`.tsx: ${chain}`);
        else if (inDir(e.target, 'web')) problems.push(`web: ${chain}`);
        else visit(e.target, [...via, rel(e.target)]);
      }
    };
    for (const f of files.filter((x) => inDir(x, 'server'))) visit(f, [rel(f)]);
    expect(problems).toEqual([]);
    expect(violations((e) => inDir(e.file, 'server') && /\.tsx$|(^|\/)web(\/|$)/.test(e.spec) && !e.target)).toEqual([]);
  });

  it('src/web never imports src/server', () => {
    expect(violations((e) => inDir(e.file, 'web') && !!e.target && inDir(e.target, 'server'))).toEqual([]);
  });

  it('src/blocks never imports src/server or src/web', () => {
    expect(violations((e) => inDir(e.file, 'blocks') && !!e.target && (inDir(e.target, 'server') || inDir(e.target, 'web')))).toEqual([]);
  });
});

