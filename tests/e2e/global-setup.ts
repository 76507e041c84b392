// Browser tests drive the real built app: build it once before the e2e project runs.
import { build } from 'vite';
import { fileURLToPath } from 'node:url';

export default async function setup(): Promise<void> {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  await build({ configFile: `${root}/vite.config.ts`, logLevel: 'warn' });
}
