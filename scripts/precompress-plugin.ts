// Build step: after `vite build` has written the web app, every text file of the output (js, css,
// svg, html, json, the service worker, the web manifest) gets a `.br` and a `.gz` sibling, which
// the server sends as they are (@fastify/static preCompressed, modules/site/routes.ts) to browsers
// that accept them. Compressed once here at the highest levels (brotli 11, gzip 9): a file is
// built once and downloaded many times, and nothing is compressed per request. Runs in Node at
// build time only; the web app never imports it.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The extensions worth compressing (images, video and fonts already are). */
export const PRECOMPRESSED_EXTENSIONS = new Set(['.js', '.mjs', '.css', '.svg', '.html', '.json', '.webmanifest', '.txt', '.xml', '.wasm']);
/** Smaller files are sent as they are: the server compresses nothing under 1 KB either (net/compress.ts). */
export const MIN_PRECOMPRESS_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(p)));
    else if (entry.isFile()) out.push(p);
  }
  return out;
}

/**
 * Writes `file.br` and `file.gz` beside every eligible file under `dir` (a sibling is written only
 * when it is smaller than the file). Returns the number of files compressed.
 */
export async function precompressDir(dir: string): Promise<number> {
  const files = (await filesUnder(dir)).filter((f) => PRECOMPRESSED_EXTENSIONS.has(path.extname(f).toLowerCase()));
  let done = 0;
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < MIN_PRECOMPRESS_BYTES) return;
      const data = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(data, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
        gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      if (br.length < data.length) await writeFile(`${file}.br`, br);
      if (gz.length < data.length) await writeFile(`${file}.gz`, gz);
      done++;
    }),
  );
  return done;
}

export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'sheetboard-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After every file (public/ copies and sw.js included) is on disk.
    async closeBundle(error?: Error) {
      if (!error) await precompressDir(outDir);
    },
  };
}
