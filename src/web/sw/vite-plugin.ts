// Build step of the service worker (sw/sw.js): emits /sw.js at the root of the build with the
// build's version (a hash of every emitted file name, which carry content hashes) and the shell to
// precache (index.html, the entry chunk and the stylesheets it loads). Runs in Node at build time
// only; the web app never imports it.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

export function serviceWorkerPlugin(): Plugin {
  const source = readFileSync(new URL('./sw.js', import.meta.url), 'utf8');
  return {
    name: 'sheetboard-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const names = Object.keys(bundle).sort();
      const version = createHash('sha256').update(names.join('\n')).digest('hex').slice(0, 12);
      const shell = new Set<string>(['/index.html']);
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || !file.isEntry) continue;
        shell.add(`/${file.fileName}`);
        for (const css of file.viteMetadata?.importedCss ?? []) shell.add(`/${css}`);
        for (const dep of file.imports) shell.add(`/${dep}`);
      }
      const code = source.replace("'__SW_VERSION__'", JSON.stringify(version)).replace('__SW_SHELL__', JSON.stringify([...shell]));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: code });
    },
  };
}
