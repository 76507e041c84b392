// Per-process cache of parsed sheets, so search + sort + one page of a 100,000-row sheet answers
// in milliseconds. Rows stay in the database as the source of truth; an entry is keyed by sheet
// id and version, so any write (which bumps the version) makes the next request reload it,
// unless the write was made by this process: then applyWrite patches the entry in place (a form
// submit must not make a 1,000,000-row sheet be read again). Memory is held to a byte budget,
// least recently used sheets leaving first. Queries over an entry are sheet-query.ts; patches
// are sheet-patch.ts.
import { PendingWrites, type RowPatch } from './sheet-patch';
import { indexSheet, type CachedSheet, type EntryMemory, type SheetRows } from './sheet-query';

export type { RowPatch } from './sheet-patch';
export type { CachedSheet, Row, SheetRows } from './sheet-query';

export class SheetCache implements EntryMemory {
  private entries = new Map<string, CachedSheet>();
  private loading = new Map<string, Promise<CachedSheet>>();
  /** Writes that arrived ahead of an earlier one (or of a load). */
  private pending = new PendingWrites();
  private used = 0;

  constructor(private readonly maxBytes: number) {}

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.used;
  }

  async get(sheetId: string, version: number, load: () => Promise<SheetRows>): Promise<CachedSheet> {
    const hit = this.entries.get(sheetId);
    // Writes are applied when the sheet is next read, many at once.
    if (hit) this.drain(hit);
    // A newer entry than asked for is fine: the request read the version just before a write
    // of this process patched the entry.
    if (hit && hit.version >= version) {
      // Map order is the LRU order: move to the back.
      this.entries.delete(sheetId);
      this.entries.set(sheetId, hit);
      return hit;
    }
    const key = `${sheetId}@${version}`;
    let pending = this.loading.get(key);
    if (!pending) {
      pending = load()
        .then((loaded) => this.store(sheetId, version, loaded))
        .finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  invalidate(sheetId: string): void {
    this.remove(sheetId);
    this.pending.drop(sheetId);
  }

  /**
   * A row write this process committed, which took the sheet to `version`. Applied in place when
   * the entry holds version - 1; writes that commit out of order (PostgreSQL runs them at once)
   * wait in a small queue for the ones before them. An entry that can't catch up (a write by
   * another process) is simply reloaded by the next get, which sees a newer version.
   */
  applyWrite(sheetId: string, version: number, patch: RowPatch): void {
    const e = this.entries.get(sheetId);
    const loading = [...this.loading.keys()].some((k) => k.startsWith(`${sheetId}@`));
    if (!e && !loading) return;
    if (e && e.version >= version) return;
    if (!this.pending.add(sheetId, version, patch)) this.invalidate(sheetId);
  }

  /** Accounts for memory added to an entry after it was stored (sort orders, masks). */
  grow(entry: CachedSheet, bytes: number): void {
    if (this.entries.get(entry.sheetId) !== entry) return;
    entry.bytes += bytes;
    this.used += bytes;
    this.evict(entry.sheetId);
  }

  private drain(e: CachedSheet): void {
    if (!this.pending.has(e.sheetId)) return;
    const before = e.bytes;
    const applied = this.pending.applyTo(e);
    this.used += e.bytes - before;
    if (!applied) {
      this.invalidate(e.sheetId);
      return;
    }
    this.evict(e.sheetId);
  }

  private store(sheetId: string, version: number, loaded: SheetRows): CachedSheet {
    const entry = indexSheet(sheetId, version, loaded);
    // Writes queued while it loaded stay queued: drain applies those it does not hold yet.
    this.remove(sheetId);
    this.entries.set(sheetId, entry);
    this.used += entry.bytes;
    this.drain(entry);
    this.evict(sheetId);
    return entry;
  }

  private remove(sheetId: string): void {
    const e = this.entries.get(sheetId);
    if (e) {
      this.used -= e.bytes;
      this.entries.delete(sheetId);
    }
  }

  private evict(keep: string): void {
    for (const [id, e] of this.entries) {
      if (this.used <= this.maxBytes) break;
      if (id === keep) continue;
      this.used -= e.bytes;
      this.entries.delete(id);
    }
  }
}
