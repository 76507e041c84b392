// `npm start`: build the web app when its sources are newer than dist/web, then serve API and
// web app from one process. package.json builds the server first (scripts/build-server.mjs, into
// dist/server) and runs it as `exec node dist/server/main.mjs`: `exec` replaces npm's shell, so
// the signal npm passes on reaches the server itself. Plain JavaScript saves the memory tsx's
// loader holds; `node --import tsx src/server/main.ts` runs the same file from its sources
// (tests, benchmarks: `--import tsx` loads TypeScript in this process, where the `tsx` CLI would
// run it in a child of its own).
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';

const ROOT = path.resolve(import.meta.dirname, '../..');
const WEB_SOURCES = ['src/web', 'src/blocks', 'src/shared', 'vite.config.ts', 'index.html'].map((p) => path.join(ROOT, p));

function newestMtime(p: string): number {
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

async function buildWebIfStale(webDir: string, log: (msg: string) => void) {
  const index = path.join(webDir, 'index.html');
  const builtAt = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  const sourcesAt = Math.max(...WEB_SOURCES.map(newestMtime));
  if (builtAt >= sourcesAt) return;
  const where = path.relative(ROOT, webDir) || webDir;
  log(builtAt ? `Web app sources changed: rebuilding ${where} ...` : `Building the web app into ${where} (first start) ...`);
  const { build } = await import('vite');
  await build({
    configFile: path.join(ROOT, 'vite.config.ts'),
    root: path.join(ROOT, 'src/web'),
    logLevel: 'warn',
    build: { outDir: webDir, emptyOutDir: true },
  });
  log(`Web app built into ${where}`);
}

async function main() {
  const config = loadConfig();
  if (process.env.SKIP_WEB_BUILD !== '1') await buildWebIfStale(config.webDir, (m) => console.log(m));
  const { app } = await buildApp(config);
  // One close however many signals arrive: Ctrl-C reaches both npm and this process (npm passes
  // it on too), and impatient process managers signal twice.
  let closing: Promise<void> | undefined;
  const close = (signal: string) => {
    closing ??= (async () => {
      app.log.info(`${signal}: shutting down`);
      try {
        await app.close();
      } catch (e) {
        console.error(e);
        process.exit(1);
      }
      process.exit(0);
    })();
  };
  process.on('SIGINT', () => close('SIGINT'));
  process.on('SIGTERM', () => close('SIGTERM'));
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (config.host !== '::' || (code !== 'EAFNOSUPPORT' && code !== 'EADDRNOTAVAIL')) throw e;
    await app.listen({ port: config.port, host: '0.0.0.0' });
  }
  app.log.info(`Sheetboard is running at ${config.publicScheme}://${config.baseHost}/ (listening on ${config.host}:${config.port})`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
