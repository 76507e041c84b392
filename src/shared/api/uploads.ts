// Files uploaded for block fields and block settings; the bytes decide the type.
import { z } from 'zod';

/** `POST /api/uploads` (multipart: `file`, and `board` + `blockId` + `accept` as fields or query). */
export const Upload = z.object({ id: z.string(), url: z.string(), name: z.string(), type: z.string(), size: z.number() });
export type Upload = z.infer<typeof Upload>;
export const UploadResponse = z.object({ upload: Upload });
