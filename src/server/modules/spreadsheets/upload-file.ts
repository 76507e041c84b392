// An import's upload goes to a file under DATA_DIR/imports as it arrives, and the import worker
// reads it from there in steps: a 100 MB CSV is never held in the server's memory, let alone
// several times over. The file is removed when the import ends, whatever happened; what a stopped
// server left there is removed by the next start (modules/jobs/sweep.ts).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

export interface SavedUpload {
  path: string;
  bytes: number;
}

export function uploadDir(dataDir: string): string {
  return path.join(dataDir, 'imports');
}

/**
 * Writes a multipart file stream to a new file of `dir`; on failure nothing is left behind. A
 * stream cut at its size limit (busboy marks it `truncated`) throws FST_REQ_FILE_TOO_LARGE, as
 * @fastify/multipart's toBuffer does.
 */
export async function saveUpload(stream: Readable & { truncated?: boolean }, dir: string): Promise<SavedUpload> {
  await fs.promises.mkdir(dir, { recursive: true });
  const file = path.join(dir, `${Date.now()}-${crypto.randomBytes(8).toString('hex')}.upload`);
  const handle = await fs.promises.open(file, 'wx');
  let bytes = 0;
  try {
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        if (stream.truncated) throw Object.assign(new Error('The file is larger than the limit'), { code: 'FST_REQ_FILE_TOO_LARGE' });
        await handle.write(chunk);
        bytes += chunk.length;
      }
      if (stream.truncated) throw Object.assign(new Error('The file is larger than the limit'), { code: 'FST_REQ_FILE_TOO_LARGE' });
    } finally {
      await handle.close();
    }
  } catch (e) {
    await removeUpload(file);
    throw e;
  }
  return { path: file, bytes };
}

export async function removeUpload(file: string): Promise<void> {
  await fs.promises.rm(file, { force: true });
}
