// Test support lives in one place, src/server/testing/, and product code never imports it:
//   a file under src/ that is not a test (*.test.ts, *.test.tsx) and not in src/server/testing/
//   imports nothing from src/server/testing/;
//   a file named like a test double or helper (test-*.ts, testing.ts, or any file in a folder
//   named testing) sits in src/server/testing/ and nowhere else under src/.
import { describe, expect, it } from 'vitest';
import { edges, files, isTest, rel, type Edge } from './import-graph';

const TESTING = 'src/server/testing/';

const inTesting = (p: string) => rel(p).startsWith(TESTING);

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

describe('test support in src/server/testing/', () => {
  it('no product file imports from src/server/testing/', () => {
    const offences = edges.filter((e) => isProduct(e.file) && importsTesting(e)).map((e) => `${rel(e.file)} imports '${e.spec}'`);
    expect(offences).toEqual([]);
  });

  it('no file named like a test double or helper sits outside src/server/testing/', () => {
    const misplaced = files.map(rel).filter((p) => namedLikeTestSupport(p) && !p.startsWith(TESTING));
    expect(misplaced).toEqual([]);
  });
});
