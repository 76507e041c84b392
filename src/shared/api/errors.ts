// The one error body every failed request answers (src/server/errors.ts): a message, an optional
// machine-readable code and, for validation failures, the fields at fault.
import { z } from 'zod';

export const ErrorResponse = z.object({
  message: z.string(),
  code: z.string().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;
