import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { precompressPlugin } from './scripts/precompress-plugin';
import { serviceWorkerPlugin } from './src/web/sw/vite-plugin';

// The web app lives in src/web and builds to dist/web, which the Fastify server serves.
export default defineConfig({
  root: 'src/web',
  // precompressPlugin writes .br/.gz siblings of the output's text files (served as they are).
  plugins: [react(), serviceWorkerPlugin(), precompressPlugin()],
  resolve: {
    // Every `import … from 'zod'` of the browser build goes through src/web/zod.ts, which turns
    // off zod's `new Function` probe before any schema exists (the page's CSP forbids eval).
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/web/zod.ts', import.meta.url)) }],
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    rollupOptions: {
      // zod ships comments Rollup cannot place; the warning is noise, the output is correct.
      onwarn(warning, warn) {
        if (warning.code === 'INVALID_ANNOTATION') return;
        warn(warning);
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
