// docs/settings.md is generated from the list of settings config.ts reads the environment through
// (src/server/settings.ts). These tests keep the three in step: the file is what the script
// writes, every variable the server reads is listed, every listed one is read, and every default
// the reference shows is the one the server uses.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderSettingsDoc, SETTINGS_DOC, SETTINGS_DOC_COMMAND } from '../../scripts/settings-doc';
import { loadConfig } from '../../src/server/config';
import { allSettings } from '../../src/server/settings';
import { ROOT } from './import-graph';

const SERVER = path.join(ROOT, 'src/server');

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return walk(p);
    return /\.(ts|mts|mjs|js)$/.test(name) ? [p] : [];
  });
}

const listed = new Set(allSettings().flatMap((s) => s.names));
const sources = walk(SERVER).map((file) => ({ file: path.relative(ROOT, file), text: readFileSync(file, 'utf8') }));

/** Variables a source reads by name: `process.env.X`, `process.env['X']`, and in config.ts `env.X` / `env['X']`. */
function readsOf(file: string, text: string): string[] {
  const patterns = [/process\.env\.([A-Z][A-Z0-9_]*)/g, /process\.env\[\s*['"`]([A-Z][A-Z0-9_]*)['"`]\s*\]/g];
  if (file === 'src/server/config.ts') patterns.push(/\benv\.([A-Z][A-Z0-9_]*)/g, /\benv\[\s*['"`]([A-Z][A-Z0-9_]*)['"`]\s*\]/g, /'(S3_[A-Z0-9_]+)'/g);
  return patterns.flatMap((re) => [...text.matchAll(re)].map((m) => m[1]!));
}

describe('docs/settings.md', () => {
  it('is what the generator writes from src/server/settings.ts', () => {
    const current = readFileSync(SETTINGS_DOC, 'utf8');
    expect(current === renderSettingsDoc(), `docs/settings.md is out of date: run \`${SETTINGS_DOC_COMMAND}\` and commit the result`).toBe(true);
  });
});

describe('the list of settings (src/server/settings.ts)', () => {
  it('names each variable once', () => {
    const names = allSettings().flatMap((s) => s.names);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });

  it('holds every variable src/server reads from the environment', () => {
    const missing = sources.flatMap(({ file, text }) => readsOf(file, text).filter((n) => !listed.has(n)).map((n) => `${file} reads ${n}`));
    expect(missing, 'add these to src/server/settings.ts (with a default and a description), then regenerate docs/settings.md').toEqual([]);
  });

  it('holds only variables src/server reads', () => {
    const read = new Set(sources.flatMap(({ file, text }) => readsOf(file, text)));
    expect([...listed].filter((n) => !read.has(n))).toEqual([]);
  });

  it.each(allSettings().filter((s) => s.value !== undefined).map((s) => [s.names[0]!, s.value!] as const))(
    'the default shown for %s (%j) is the one the server uses',
    (name, value) => {
      expect(loadConfig({ [name]: value })).toEqual(loadConfig({}));
    },
  );
});
