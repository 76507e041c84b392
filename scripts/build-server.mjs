#!/usr/bin/env node
// Builds the server into dist/server when its sources are newer than the build (`npm start` runs
// it first): main.mjs, and one bundle per worker thread (snapshot, import and sample threads). Plain
// JavaScript starts without a TypeScript loader in the process: tsx keeps a loader thread, every
// file's transpiled code and its source map in memory, some 70 MB of a server's 220 MB at rest.
// esbuild (what tsx itself transpiles with, installed with it) bundles our own code into one
// file per entry; packages stay in node_modules, imported as they are.
//
//   node scripts/build-server.mjs [--force]
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'dist/server');
// One bundle per thread too: src/server/threads.ts starts `dist/server/{name}.mjs` in the built server.
const ENTRIES = [
  'src/server/main.ts',
  'src/server/sheets/snapshot-worker-thread.ts',
  'src/server/sheets/import-worker-thread.ts',
  'src/server/modules/workspace/sample-thread.ts',
];
const SOURCES = ['src/server', 'src/shared', 'src/blocks', 'package.json', 'tsconfig.json', 'scripts/build-server.mjs'];

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

export async function buildServer({ force = false, log = (m) => console.log(m) } = {}) {
  const stamp = path.join(OUT, 'main.mjs');
  const builtAt = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
  if (!force && builtAt >= Math.max(...SOURCES.map((p) => newestMtime(path.join(ROOT, p))))) return false;
  // The esbuild tsx runs on (a dependency of tsx, so always installed with it).
  const esbuild = createRequire(createRequire(import.meta.url).resolve('tsx/package.json'))('esbuild');
  const t0 = Date.now();
  // Into a folder of its own, then swapped in: two starts at once never run half a build.
  const tmp = `${OUT}.${process.pid}.tmp`;
  fs.rmSync(tmp, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: ENTRIES,
    outdir: tmp,
    entryNames: '[name]',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // Readable stack traces without source maps (Node keeps every source map it loads in memory).
    minify: false,
    keepNames: true,
    logLevel: 'warning',
    legalComments: 'none',
  });
  const old = `${OUT}.${process.pid}.old`;
  if (fs.existsSync(OUT)) fs.renameSync(OUT, old);
  try {
    fs.renameSync(tmp, OUT);
  } catch (e) {
    // Another start swapped its build in first: keep that one.
    if (!fs.existsSync(OUT)) throw e;
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  fs.rmSync(old, { recursive: true, force: true });
  log(`Server built into ${path.relative(ROOT, OUT)} in ${Date.now() - t0} ms`);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  await buildServer({ force: process.argv.includes('--force') });
}
