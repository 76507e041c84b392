// Browser tests drive the real built app: build it once before the e2e project runs.
import { build } from 'vite';
import { fileURLToPath } from 'node:url';

export default async function setup(): Promise<void> {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  // E2E_WEB_DIR builds into a private folder (several people or agents running browser tests at
  // once would otherwise race on dist/web); the harness then serves that folder.
  const outDir = process.env.E2E_WEB_DIR;
  await build({ configFile: `${root}/vite.config.ts`, logLevel: 'warn', ...(outDir ? { build: { outDir, emptyOutDir: true } } : {}) });
}
