// The bundled sample spreadsheet (samples/sample-business.xlsx, made by samples/generate.ts),
// parsed once per process and copied into every new workspace.
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseXlsx, type ParsedSheet } from '../spreadsheets/import-file';

export const SAMPLE_TITLE = 'Sample business';
export const SAMPLE_FILE = 'sample-business.xlsx';

const loaded = new Map<string, Promise<ParsedSheet[]>>();

export function sampleSheets(samplesDir: string): Promise<ParsedSheet[]> {
  let p = loaded.get(samplesDir);
  if (!p) {
    p = fs.readFile(path.join(samplesDir, SAMPLE_FILE)).then((buf) => parseXlsx(buf));
    p.catch(() => loaded.delete(samplesDir));
    loaded.set(samplesDir, p);
  }
  return p;
}
