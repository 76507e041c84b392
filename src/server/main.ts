// `npm start`: build the web app when its sources are newer than dist/web, then serve API and
// web app from one process. package.json builds the server first (scripts/build-server.mjs, into
// dist/server) and runs it as `exec node dist/server/main.mjs`: `exec` replaces npm's shell, so
// the signal npm passes on reaches the server itself. Plain JavaScript saves the memory tsx's
// loader holds; `node --import tsx src/server/main.ts` runs the same file from its sources
// (tests, benchmarks: `--import tsx` loads TypeScript in this process, where the `tsx` CLI would
// run it in a child of its own).
import fs from 'node:fs';
import path from 'node:path';
import { buildApp, type BuiltApp } from './app';
import { loadConfig, type Config } from './config';
import { checkSettings, isSettingError } from './platform/checks';

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

/**
 * Stops the server (SIGTERM, SIGINT; docs/self-hosting.md, "Health checks and stopping"):
 *  1. readiness answers "not ready" at once and long work is told to stop at its next safe point;
 *  2. after SHUTDOWN_DELAY_SECONDS (0 by default) the listener closes: no new connections, idle
 *     keep-alive ones are closed, requests in flight go on;
 *  3. at SHUTDOWN_GRACE_SECONDS after that, every connection left is closed (unfinished bodies,
 *     streams, keep-alive), and the closing steps (timers, Google sync, snapshot files, the cluster
 *     bus, the database) get what is left of the deadline, each no more;
 *  4. exit 0. The log says what finished and what the next start resumes or fails.
 * A closing step that hangs 5 s past the deadline ends the process with exit 1 (a bug to report).
 */
async function stop(built: BuiltApp, config: Config, signal: string): Promise<void> {
  const { app, ctx } = built;
  const log = app.log;
  ctx.lifecycle.beginStop();
  log.info(`${signal}: stopping; readiness answers "not ready" from now on`);
  if (config.shutdownDelayMs > 0) {
    log.info(`stopping: still serving for ${config.shutdownDelayMs / 1000} s (SHUTDOWN_DELAY_SECONDS) so load balancers send no one new`);
    await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
  }
  const deadline = Date.now() + config.shutdownGraceMs;
  ctx.lifecycle.deadline = deadline;
  const open = await new Promise<number>((resolve) => app.server.getConnections((err, n) => resolve(err ? 0 : n)));
  log.info(`stopping: no new connections; ${open} open, given ${config.shutdownGraceMs / 1000} s (SHUTDOWN_GRACE_SECONDS) to finish`);
  const cut = setTimeout(() => {
    app.server.getConnections((_err, n) => {
      if (n > 0) log.warn(`stopping: the grace period is over; closing the ${n} connection(s) still open`);
    });
    app.server.closeAllConnections();
  }, config.shutdownGraceMs);
  const hard = setTimeout(() => {
    log.error(`stopping: closing still not done 5 s after the deadline (waiting for: ${ctx.lifecycle.describe()}); exiting`);
    process.exit(1);
  }, config.shutdownGraceMs + 5000);
  hard.unref();
  // Background work and requests drain side by side; settle() logs how each piece of work ended.
  const work = ctx.lifecycle.settle(deadline);
  try {
    await app.close();
    await work;
  } catch (e) {
    console.error(e);
    process.exit(1);
  }
  clearTimeout(cut);
  log.info(`stopped in ${((Date.now() - deadline + config.shutdownGraceMs) / 1000).toFixed(1)} s`);
  process.exit(0);
}

async function main() {
  const config = loadConfig();
  // Settings that name something outside the process (the database, the bucket, Stripe): a wrong
  // one stops the start here, in one line naming it (platform/checks.ts).
  await checkSettings(config, (m) => console.warn(m));
  if (process.env.SKIP_WEB_BUILD !== '1') await buildWebIfStale(config.webDir, (m) => console.log(m));
  const built = await buildApp(config);
  const { app } = built;
  // One stop however many signals arrive: Ctrl-C reaches both npm and this process (npm passes
  // it on too), and impatient process managers signal twice.
  let stopping: Promise<void> | undefined;
  const onSignal = (signal: string) => {
    stopping ??= stop(built, config, signal);
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (config.host !== '::' || (code !== 'EAFNOSUPPORT' && code !== 'EADDRNOTAVAIL')) throw e;
    await app.listen({ port: config.port, host: '0.0.0.0' });
  }
  app.log.info(`Sheetboard is running at ${config.publicScheme}://${config.baseHost}/ (listening on ${config.host}:${config.port})`);
}

main().catch((e: unknown) => {
  // A wrong setting is one line naming it; anything else keeps its stack for the bug report.
  if (isSettingError(e)) console.error(`Sheetboard cannot start: ${e.message}`);
  else console.error(e);
  process.exit(1);
});
