// Test support lives in its testing folders (src/server/testing/: local protocol servers, the test
// app, fixtures; src/blocks/testing/: rendering block views), and product code never imports it:
//   a file under src/ that is not a test (*.test.ts, *.test.tsx) and not in a testing folder
//   imports nothing from one;
//   a file named like a test double or helper (test-*.ts, testing.ts, or any file in a folder
//   named testing) sits in a testing folder and nowhere else under src/;
//   a file that only tests import is test support, so it sits in a testing folder too.
import { describe, expect, it } from 'vitest';
import { edges, files, isTest, rel, type Edge } from './import-graph';

const TESTING_DIRS = ['src/server/testing/', 'src/blocks/testing/'];

const inTesting = (p: string) => TESTING_DIRS.some((d) => rel(p).startsWith(d));

/** Files only tests import that are product code all the same, and why. */
const IMPORTED_BY_TESTS_ONLY: Record<string, string> = {
  'src/shared/filters/index.ts': "the filter engine's public surface, checked whole by its own test",
};

/** A product file: under src/, not a test, not test support. */
const isProduct = (p: string) => !isTest(p) && !inTesting(p);

/** A relative path (from the repository root) that names a test double or helper by its name. */
function namedLikeTestSupport(path: string): boolean {
  const parts = path.split('/');
  const name = parts[parts.length - 1] ?? '';
  return /^test-.+\.tsx?$/.test(name) || /^testing\.tsx?$/.test(name) || parts.slice(0, -1).includes('testing');
}

/** An import of test support: resolved into the folder, or (unresolved) a specifier that names it. */
const importsTesting = (e: Edge) => (e.target ? inTesting(e.target) : /(^|\/)testing(\/|$)/.test(e.spec));

describe('the rule', () => {
  it.each([
    ['src/server/test-google.ts', true],
    ['src/server/modules/blog/testing.ts', true],
    ['src/server/modules/uploads/test-fixtures.ts', true],
    ['src/web/test-utils.tsx', true],
    ['src/server/modules/gsheets/testing/sync.ts', true],
    ['src/server/testing/google.ts', true],
    ['src/server/modules/gsheets/pull.ts', false],
    ['src/server/modules/gsheets/pull.test.ts', false],
    ['src/server/attesting.ts', false],
    ['src/server/latest-test.ts', false],
  ])('%s is named like test support: %s', (path, expected) => {
    expect(namedLikeTestSupport(path)).toBe(expected);
  });

  it('sees the test support and what imports it', () => {
    expect(files.filter(inTesting).length).toBeGreaterThan(5);
    expect(edges.some((e) => isTest(e.file) && e.target !== null && inTesting(e.target))).toBe(true);
    expect(edges.some((e) => isProduct(e.file) && e.target !== null && !inTesting(e.target))).toBe(true);
  });
});

describe('test support in its testing folders', () => {
  it('no product file imports from a testing folder', () => {
    const offences = edges.filter((e) => isProduct(e.file) && importsTesting(e)).map((e) => `${rel(e.file)} imports '${e.spec}'`);
    expect(offences).toEqual([]);
  });

  it('no file named like a test double or helper sits outside a testing folder', () => {
    const misplaced = files.map(rel).filter((p) => namedLikeTestSupport(p) && !TESTING_DIRS.some((d) => p.startsWith(d)) && !/^src\/(server|blocks)\/testing$/.test(p));
    expect(misplaced).toEqual([]);
  });

  it('a file only tests import sits in a testing folder (it is test support, whatever its name)', () => {
    const importers = new Map<string, string[]>();
    for (const e of edges) if (e.target) importers.set(e.target, [...(importers.get(e.target) ?? []), e.file]);
    const testOnly = files
      .filter((f) => isProduct(f) && (importers.get(f) ?? []).length > 0 && importers.get(f)!.every((x) => isTest(x) || inTesting(x)))
      .map(rel)
      .filter((p) => !Object.hasOwn(IMPORTED_BY_TESTS_ONLY, p));
    expect(testOnly).toEqual([]);
    for (const p of Object.keys(IMPORTED_BY_TESTS_ONLY)) expect(files.map(rel), p).toContain(p);
  });
});
