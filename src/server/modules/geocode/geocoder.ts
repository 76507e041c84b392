// The per-process lookup queue. Every address goes to the geocoding service at most once at a
// time (requests asking for the same address share its lookup), one lookup after another with at
// least GEOCODER_INTERVAL_MS between their starts (Nominatim's policy: one per second), and the
// queue is bounded so a burst of maps cannot pile up unbounded work. Results go to the database
// cache, where every process finds them.
import type { ServerContext } from '../../platform/context';
import { nowIso } from '../../http';
import { nominatimLookup, type LookupResult } from '../../platform/geocoder';
import { geocodeRepo } from '../../data/geocode/repo';

/** Addresses waiting at most, across all requests of this process. */
export const MAX_QUEUE = 1000;

export type Lookup = (address: string) => Promise<LookupResult>;

export class Geocoder {
  private readonly queue: string[] = [];
  private readonly done = new Map<string, Promise<void>>();
  private readonly settle = new Map<string, () => void>();
  private running = false;
  private closed = false;
  private lastStart = 0;
  private timer: NodeJS.Timeout | null = null;
  private wake: (() => void) | null = null;

  constructor(
    private readonly ctx: ServerContext,
    private readonly lookup: Lookup = (address) => nominatimLookup(ctx.config, address),
  ) {}

  /** True while the address waits in the queue or is being looked up. */
  has(address: string): boolean {
    return this.done.has(address);
  }

  /**
   * Queues the addresses not queued yet (as long as the queue has room) and returns a promise
   * per address that is queued or in flight, settled when its result is in the cache.
   */
  request(addresses: string[]): Promise<void>[] {
    const out: Promise<void>[] = [];
    for (const a of addresses) {
      let p = this.done.get(a);
      if (!p && !this.closed && this.queue.length < MAX_QUEUE) {
        p = new Promise<void>((resolve) => this.settle.set(a, resolve));
        this.done.set(a, p);
        this.queue.push(a);
      }
      if (p) out.push(p);
    }
    if (out.length > 0) void this.run();
    return out;
  }

  close(): void {
    this.closed = true;
    this.queue.length = 0;
    if (this.timer) clearTimeout(this.timer);
    this.wake?.();
    for (const resolve of this.settle.values()) resolve();
    this.settle.clear();
    this.done.clear();
  }

  private async pause(ms: number): Promise<void> {
    if (ms <= 0) return;
    await new Promise<void>((resolve) => {
      this.wake = resolve;
      this.timer = setTimeout(resolve, ms);
      this.timer.unref();
    });
    this.timer = null;
    this.wake = null;
  }

  private async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      while (!this.closed && this.queue.length > 0) {
        await this.pause(this.lastStart + this.ctx.config.geocoderIntervalMs - Date.now());
        const address = this.queue.shift();
        if (this.closed || address === undefined) break;
        this.lastStart = Date.now();
        await this.resolveOne(address);
      }
    } finally {
      this.running = false;
    }
  }

  private async resolveOne(address: string): Promise<void> {
    let entry;
    try {
      const r = await this.lookup(address);
      entry = { address, lat: r.status === 'found' ? r.lat : null, lng: r.status === 'found' ? r.lng : null, status: r.status, updated_at: nowIso() };
    } catch (err) {
      this.ctx.log.warn({ err: (err as Error).message }, 'geocoding an address failed');
      entry = { address, lat: null, lng: null, status: 'error' as const, updated_at: nowIso() };
    }
    try {
      if (!this.closed) await geocodeRepo(this.ctx.db).save(entry);
    } catch (err) {
      this.ctx.log.warn({ err }, 'saving a geocoding result failed');
    } finally {
      this.settle.get(address)?.();
      this.settle.delete(address);
      this.done.delete(address);
    }
  }
}

const geocoders = new WeakMap<ServerContext, Geocoder>();

/** The geocoder of a server instance (tests build several instances in one process). */
export function geocoderOf(ctx: ServerContext): Geocoder {
  let g = geocoders.get(ctx);
  if (!g) {
    g = new Geocoder(ctx);
    geocoders.set(ctx, g);
  }
  return g;
}

/** Stops the instance's queue (on server close). */
export function closeGeocoder(ctx: ServerContext): void {
  geocoders.get(ctx)?.close();
  geocoders.delete(ctx);
}
