// The server's life from the platform's side: whether it is stopping, one AbortSignal that long
// work watches, and the background work a stop waits for.
//
// main.ts calls `beginStop()` on SIGTERM/SIGINT: `GET /readyz` answers "not ready" from then on,
// `signal` aborts, and work started through `track()` is told to stop at its next safe point (a
// point from which the next start resumes it, or cleanly fails it). `settle()` then waits for the
// tracked work until the deadline and logs how each piece ended: finished, stopped (and what the
// next start does with it), or still running when the process exits.
//
// Generic on purpose: the sheet engine's imports, snapshot files, Google pulls and pushes and
// template copies each say, when they register, what happens to them at the next start.
import type { FastifyBaseLogger } from 'fastify';

/** An error work throws when it stopped because the server is stopping. */
export class StoppedError extends Error {
  constructor(what = 'the server is stopping') {
    super(what);
    this.name = 'AbortError';
  }
}

/** Whether an error says the work stopped for the stop (an AbortError, ours or the platform's). */
export function isStopped(err: unknown): boolean {
  return err instanceof Error && (err.name === 'AbortError' || err instanceof StoppedError);
}

export interface TrackOptions {
  /** What the next start does with this work if the stop cuts it short (for the log), e.g. 'the next start pulls again'. */
  atNextStart: string;
}

interface Tracked {
  label: string;
  atNextStart: string;
  done: Promise<void>;
}

export class Lifecycle {
  private readonly controller = new AbortController();
  private readonly running = new Set<Tracked>();
  private stopAt: number | null = null;
  /** Whether the database's migrations are done (readiness waits for them). */
  migrated = false;
  /** When the stop's grace period ends (ms since the epoch; null: not stopping, or no deadline yet). */
  deadline: number | null = null;

  constructor(private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn'>) {}

  /** Aborted when the server begins to stop. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get stopping(): boolean {
    return this.controller.signal.aborted;
  }

  /** Throws a StoppedError when the server is stopping: call it at a safe point of long work. */
  throwIfStopping(): void {
    if (this.stopping) throw new StoppedError();
  }

  /** The server begins to stop: readiness says "not ready", long work is told to stop. */
  beginStop(): void {
    if (this.stopping) return;
    this.stopAt = Date.now();
    this.controller.abort(new StoppedError());
    if (this.running.size) this.log.info(`stopping: waiting for ${this.describe()}`);
  }

  /** Names of the work under way (for the log). */
  describe(): string {
    return [...this.running].map((t) => t.label).join(', ') || 'nothing';
  }

  /** How many pieces of work are under way. */
  get size(): number {
    return this.running.size;
  }

  /**
   * Runs background work so that a stop waits for it (until the deadline) and the log says how it
   * ended. The work gets the stop's signal; it stops at a safe point by throwing (isStopped) or
   * finishes. Answers the work's own promise: callers see its result or error unchanged.
   */
  track<T>(label: string, options: TrackOptions, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    let promise: Promise<T>;
    try {
      promise = work(this.signal);
    } catch (e) {
      promise = Promise.reject(e as Error);
    }
    const entry: Tracked = {
      label,
      atNextStart: options.atNextStart,
      done: promise.then(
        () => {
          if (this.stopping) this.log.info(`stopping: ${label} finished`);
        },
        (err: unknown) => {
          if (this.stopping) this.log.info(isStopped(err) ? `stopping: ${label} stopped; ${options.atNextStart}` : `stopping: ${label} failed (${(err as Error)?.message ?? err}); ${options.atNextStart}`);
        },
      ),
    };
    this.running.add(entry);
    void entry.done.finally(() => this.running.delete(entry));
    return promise;
  }

  /**
   * Waits for the tracked work until `deadline` (a time in ms); logs each piece still running then,
   * with what the next start does with it. Answers the labels of those still running.
   */
  async settle(deadline: number): Promise<string[]> {
    const waiting = [...this.running];
    if (waiting.length === 0) return [];
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, deadline - Date.now()))));
    await Promise.race([Promise.all(waiting.map((t) => t.done)), late]);
    clearTimeout(timer);
    const left = [...this.running];
    for (const t of left) this.log.warn(`stopping: ${t.label} still running at the deadline; ${t.atNextStart}`);
    return left.map((t) => t.label);
  }

  /** Milliseconds left before the deadline (`fallback` when none is set). */
  msLeft(fallback: number): number {
    return this.deadline === null ? fallback : Math.max(0, this.deadline - Date.now());
  }

  /** Whether the grace period is over: work still running should stop at its next safe point. */
  get overdue(): boolean {
    return this.deadline !== null && Date.now() >= this.deadline;
  }

  /**
   * Throws a StoppedError once the stop's grace period is over: work that is one transaction
   * (a template copy) calls it at its safe points, so it rolls back cleanly before the process
   * exits instead of being cut anywhere. Work that may still finish in time goes on until then.
   */
  stopIfOverdue(): void {
    if (this.overdue) throw new StoppedError('the server is stopping and its grace period is over');
  }

  /** Milliseconds since the stop began (0 when not stopping). */
  sinceStop(): number {
    return this.stopAt === null ? 0 : Date.now() - this.stopAt;
  }
}
