// The probes of load balancers and Kubernetes (GET /healthz, GET /readyz): the status and nothing
// else, so an unauthenticated caller learns nothing about the server.
import { z } from 'zod';

export const HealthResponse = z.object({ status: z.literal('ok') });
export const ReadyResponse = z.object({ status: z.enum(['ready', 'not ready']) });
export type ReadyResponse = z.infer<typeof ReadyResponse>;
