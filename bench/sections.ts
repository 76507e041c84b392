// bench/results.md holds one section per benchmark script, each between
// `<!-- NAME:start ... -->` and `<!-- NAME:end -->` markers, so running one script rewrites only
// its own results.
import fs from 'node:fs';
import path from 'node:path';

export const RESULTS_FILE = path.join(import.meta.dirname, 'results.md');

/** Replaces (or appends) the section `name`; `body` is the markdown between the markers. */
export function writeSection(name: string, body: string, file = RESULTS_FILE): void {
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmarks\n';
  const section = `<!-- ${name}:start (written by bench/${name}.ts) -->\n${body.trim()}\n<!-- ${name}:end -->`;
  const re = new RegExp(`<!-- ${name}:start[\\s\\S]*?<!-- ${name}:end -->`);
  fs.writeFileSync(file, re.test(current) ? current.replace(re, () => section) : `${current.trimEnd()}\n\n${section}\n`);
}
