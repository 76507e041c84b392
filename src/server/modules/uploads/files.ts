// Where uploaded files live on disk. Its own module (no service imports), so code that copies
// files (templates/copy.ts) does not pull the upload service, and through it the apps service, in.
import path from 'node:path';
import type { ServerContext } from '../../context';

export function uploadsDir(ctx: ServerContext): string {
  return path.join(ctx.config.dataDir, 'uploads');
}
