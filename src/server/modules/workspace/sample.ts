// The bundled sample spreadsheet (samples/sample-business.xlsx, made by samples/generate.ts),
// parsed once per process (on a thread: sample-thread.ts) and copied into every new workspace.
import path from 'node:path';
import type { ParsedSheet } from '../../sheets';
import { startThread } from '../../threads';

const ENTRY = new URL('./sample-thread.ts', import.meta.url);

function parseOnThread(file: string): Promise<ParsedSheet[]> {
  return new Promise((resolve, reject) => {
    const worker = startThread(ENTRY, { workerData: { file } });
    worker.once('message', (sheets: ParsedSheet[]) => {
      resolve(sheets);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`Reading the sample spreadsheet stopped (${code})`)));
  });
}

export const SAMPLE_TITLE = 'Sample business';
export const SAMPLE_FILE = 'sample-business.xlsx';

const loaded = new Map<string, Promise<ParsedSheet[]>>();

export function sampleSheets(samplesDir: string): Promise<ParsedSheet[]> {
  let p = loaded.get(samplesDir);
  if (!p) {
    p = parseOnThread(path.join(samplesDir, SAMPLE_FILE));
    p.catch(() => loaded.delete(samplesDir));
    loaded.set(samplesDir, p);
  }
  return p;
}
