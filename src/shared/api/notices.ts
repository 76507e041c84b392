// GET /api/notices: what the signed-in owner is told about operations a stopped server
// interrupted ("The import of big.csv was interrupted; nothing was changed. Try again."), shown on
// the dashboard until dismissed (DELETE /api/notices/{id}).
import { z } from 'zod';

export const Notice = z.object({ id: z.string(), message: z.string(), created_at: z.string() });
export type Notice = z.infer<typeof Notice>;

export const NoticesResponse = z.object({ notices: z.array(Notice) });
export type NoticesResponse = z.infer<typeof NoticesResponse>;
