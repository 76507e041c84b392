// The documentation's own checks: the README stays a front door, every link between the Markdown
// files (and into the code) resolves, anchors included, user-facing pages speak of features rather
// than issue numbers, and every decision record is dated and listed.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './import-graph';

const DOCS = path.join(ROOT, 'docs');
const DECISIONS = path.join(DOCS, 'decisions');

/** README.md and every Markdown file under docs/ but the spec's copy. */
function markdownFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const p = path.join(dir, name);
      if (statSync(p).isDirectory()) return name === 'spec' || name === 'screenshots' ? [] : walk(p);
      return name.endsWith('.md') ? [p] : [];
    });
  return [path.join(ROOT, 'README.md'), ...walk(DOCS)];
}

const rel = (file: string) => path.relative(ROOT, file);

/** The text outside fenced code blocks and inline code. */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's heading anchors of a Markdown file (repeats get -1, -2, …). */
function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '').split('\n')) {
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = m[1]!
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** Relative link targets of a Markdown file: `[text](target)` and `![alt](target)`. */
function linksOf(file: string): string[] {
  const text = prose(readFileSync(file, 'utf8'));
  return [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)]
    .map((m) => m[1]!)
    .filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t));
}

describe('the README', () => {
  it('stays a front door: at most 300 lines (reference material goes in docs/)', () => {
    const lines = readFileSync(path.join(ROOT, 'README.md'), 'utf8').split('\n').length - 1;
    expect(lines).toBeLessThanOrEqual(300);
  });

  it('shows the quick start: npm install, npm start, npm test', () => {
    const text = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const install = text.indexOf('npm install');
    expect(install).toBeGreaterThan(-1);
    expect(text.indexOf('npm start', install)).toBeGreaterThan(install);
    expect(text).toContain('npm test');
  });
});

describe('links between the documents', () => {
  it.each(markdownFiles().map((f) => [rel(f), f]))('every relative link of %s resolves', (_name, file) => {
    const broken: string[] = [];
    for (const target of linksOf(file)) {
      const [pathPart = '', anchor] = target.split('#');
      const resolved = pathPart === '' ? file : path.resolve(path.dirname(file), decodeURIComponent(pathPart));
      if (!existsSync(resolved)) {
        broken.push(`${target}: no such file`);
        continue;
      }
      if (anchor && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor)) broken.push(`${target}: no heading #${anchor}`);
    }
    expect(broken).toEqual([]);
  });
});

describe('user-facing pages', () => {
  it.each(markdownFiles().map((f) => [rel(f), f]))('%s names no issue numbers', (_name, file) => {
    const text = readFileSync(file, 'utf8');
    const hits = [...text.matchAll(/\bissues?[\s#-]*\d+/gi)].map((m) => m[0]);
    expect(hits).toEqual([]);
  });
});

describe('decision records (docs/decisions)', () => {
  const records = readdirSync(DECISIONS).filter((n) => n !== 'README.md');
  const index = readFileSync(path.join(DECISIONS, 'README.md'), 'utf8');

  it.each(records)('%s is dated by its name, has its sections, and is listed in the index', (name) => {
    expect(name).toMatch(/^\d{4}-\d{2}-\d{2}-[a-z0-9-]+\.md$/);
    const text = readFileSync(path.join(DECISIONS, name), 'utf8');
    expect(text).toMatch(/^# .+\n/);
    expect(text).toContain(`- Date: ${name.slice(0, 10)}\n`);
    expect(text).toMatch(/^- Status: .+$/m);
    for (const section of ['## Context', '## Decision', '## Consequences']) expect(text).toContain(`\n${section}\n`);
    expect(index).toContain(`](${name})`);
  });
});
