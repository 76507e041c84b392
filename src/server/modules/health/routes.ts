// GET /healthz: the process is alive and serving (liveness). GET /readyz: this instance should get
// traffic (readiness): the database answers, its migrations are done, the server is not stopping,
// and on PostgreSQL it hears the other instances (cluster bus). Both are public and cheap: no
// session is read (probes send no cookie), and readiness asks the database at most once a second
// however many probes arrive. They answer the status alone; why an instance is not ready goes to
// the log (once per change), never to the caller. docs/self-hosting.md shows the probe settings.
import { sql } from 'kysely';
import { HealthResponse, ReadyResponse } from '../../../shared/api/health';
import type { ServerContext } from '../../platform/context';
import type { ApiServer } from '../../routing/input';

/** How long one answer of the database check is reused (probes from several balancers). */
const CHECK_REUSE_MS = 1000;
/** A database slower than this to answer `select 1` counts as unreachable. */
const DB_CHECK_TIMEOUT_MS = 2000;

/** Why this instance is not ready ('' when it is). */
export type NotReady = '' | 'stopping' | 'migrations not done' | 'database unreachable' | 'not listening to the other instances';

export function readiness(ctx: ServerContext): () => Promise<NotReady> {
  let last: { at: number; reason: NotReady } | null = null;
  let pending: Promise<NotReady> | null = null;
  const check = async (): Promise<NotReady> => {
    if (!ctx.lifecycle.migrated) return 'migrations not done';
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(resolve, DB_CHECK_TIMEOUT_MS, 'late')));
    const answer = await Promise.race([sql`select 1 as one`.execute(ctx.db).then(() => 'ok' as const, () => 'failed' as const), late]);
    clearTimeout(timer);
    if (answer !== 'ok') return 'database unreachable';
    if (!ctx.bus.listening()) return 'not listening to the other instances';
    return '';
  };
  let told: NotReady = '';
  return async () => {
    // Stopping is known at once, without asking the database.
    const reason: NotReady = ctx.lifecycle.stopping
      ? 'stopping'
      : last && Date.now() - last.at < CHECK_REUSE_MS
        ? last.reason
        : await (pending ??= check()
            .then((r) => ((last = { at: Date.now(), reason: r }), r))
            .finally(() => (pending = null)));
    if (reason !== told) {
      if (reason && reason !== 'stopping') ctx.log.warn(`readiness: not ready (${reason})`);
      else if (!reason) ctx.log.info('readiness: ready again');
      told = reason;
    }
    return reason;
  };
}

export function healthRoutes(app: ApiServer, ctx: ServerContext) {
  const tag = 'Site';
  const notReady = readiness(ctx);
  app.get(
    '/healthz',
    { config: { access: 'public', api: { tag, summary: 'Liveness: the process is alive and answering (for load balancers and Kubernetes liveness probes)', response: HealthResponse } } },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );
  app.get(
    '/readyz',
    {
      config: {
        access: 'public',
        api: {
          tag,
          summary: 'Readiness: 200 when this instance should get traffic (database reachable, migrations done, not stopping; on PostgreSQL listening to the other instances), else 503 with status "not ready"',
          response: ReadyResponse,
        },
      },
    },
    async (_request, reply) => {
      const reason = await notReady();
      void reply.header('cache-control', 'no-store');
      if (reason) return reply.code(503).send({ status: 'not ready' as const });
      return { status: 'ready' as const };
    },
  );
}
