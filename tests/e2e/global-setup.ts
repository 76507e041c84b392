// Browser tests drive the real built app: build it once before the e2e project runs, then start
// the server and the Chromium every e2e file shares (harness.ts explains how a file uses them).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { chromiumOptions, SHARED_SERVER_ENV, spawnServer, type SpawnedServer } from './processes';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  // E2E_WEB_DIR builds into a private folder (several people or agents running browser tests at
  // once would otherwise race on dist/web); the harness then serves that folder.
  const outDir = process.env.E2E_WEB_DIR;
  // Chromium starts while the app builds; a missing Chromium fails the run here.
  const [launched, built] = await Promise.allSettled([
    chromium.launchServer(chromiumOptions()),
    build({ configFile: `${root}/vite.config.ts`, logLevel: 'warn', ...(outDir ? { build: { outDir, emptyOutDir: true } } : {}) }),
  ]);
  if (launched.status === 'rejected') throw launched.reason;
  const browser = launched.value;
  if (built.status === 'rejected') {
    await browser.close();
    throw built.reason;
  }
  const logDir = mkdtempSync(join(tmpdir(), 'sheetboard-e2e-log-'));
  let server: SpawnedServer;
  try {
    server = await spawnServer({ ...SHARED_SERVER_ENV }, { logFile: join(logDir, 'server.log') });
  } catch (e) {
    await browser.close();
    rmSync(logDir, { recursive: true, force: true });
    throw e;
  }
  project.provide('e2eBrowser', browser.wsEndpoint());
  project.provide('e2eServer', { port: server.port, baseUrl: server.baseUrl, dataDir: server.dataDir, logFile: server.logFile });
  return async () => {
    await Promise.all([server.stop(), browser.close()]);
    rmSync(logDir, { recursive: true, force: true });
  };
}
