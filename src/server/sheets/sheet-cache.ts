// Per-process cache of parsed sheets, so search + sort + one page of a 100,000-row sheet answers
// in milliseconds. Rows stay in the database as the source of truth; an entry is keyed by sheet
// id and version, so any write (which bumps the version) makes the next request reload it,
// unless the write was made by this process: then applyWrite patches the entry in place (a form
// submit must not make a 1,000,000-row sheet be read again). Memory is held to a byte budget,
// least recently used sheets leaving first. Queries over an entry are sheet-query.ts; patches
// are sheet-patch.ts.
//
// Big sheets are also kept as snapshot files (sheet-snapshot.ts) under the data folder: a miss
// reads the file of the version asked for before it reads the rows from the database, and an
// entry read from the database, or patched by writes since its last file, gets a new file,
// written on a worker thread (a patched one a while after its last write, and when the server
// closes).
import { PendingWrites, type RowPatch } from './sheet-patch';
import { indexSheet, type CachedSheet, type EntryMemory, type SheetRows } from './sheet-query';
import { partsOf, readSnapshot, removeSnapshots } from './sheet-snapshot';
import { SnapshotWriter } from './snapshot-writer';

export interface SnapshotOptions {
  /** Folder of the snapshot files. */
  dir: string;
  /** Sheets of fewer rows are not written (they load from the database in milliseconds). */
  minRows: number;
  /** How long after a sheet's last write its new snapshot is written. */
  rewriteAfterMs: number;
  /** Cap of the snapshot thread's JavaScript heap in MB (snapshot-writer.ts; default 256). */
  threadMb?: number;
  warn: (err: unknown, message: string) => void;
}

/** Ids safe as file names (sheet ids are generated; anything else is simply not written). */
const SAFE_ID = /^[A-Za-z0-9_-]{1,100}$/;

export type { RowPatch } from './sheet-patch';
export type { CachedSheet, Row, SheetRows } from './sheet-query';

export class SheetCache implements EntryMemory {
  private entries = new Map<string, CachedSheet>();
  private loading = new Map<string, Promise<CachedSheet>>();
  /** Writes that arrived ahead of an earlier one (or of a load). */
  private pending = new PendingWrites();
  private used = 0;
  /** Version of each sheet's newest snapshot file (written or being written). */
  private saved = new Map<string, number>();
  /** Bumped by invalidate: a write that finishes after it removes its file again. */
  private generation = new Map<string, number>();
  private writing = new Map<string, Promise<void>>();
  /** Snapshot files being removed (invalidate); close waits for them. */
  private removing = new Set<Promise<void>>();
  private timers = new Map<string, NodeJS.Timeout>();
  private writer: SnapshotWriter | null = null;
  private closing = false;

  constructor(
    private readonly maxBytes: number,
    private readonly snapshots: SnapshotOptions | null = null,
  ) {}

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
      pending = this.read(sheetId, version, load)
        .then((entry) => this.store(sheetId, entry))
        .finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  /** Forgets every entry (another instance's changes may have been missed); snapshot files stay. */
  clear(): void {
    this.entries.clear();
    this.pending = new PendingWrites();
    this.used = 0;
  }

  invalidate(sheetId: string): void {
    this.remove(sheetId);
    this.pending.drop(sheetId);
    if (!this.snapshots) return;
    this.generation.set(sheetId, (this.generation.get(sheetId) ?? 0) + 1);
    this.saved.delete(sheetId);
    const timer = this.timers.get(sheetId);
    if (timer) clearTimeout(timer);
    this.timers.delete(sheetId);
    if (SAFE_ID.test(sheetId)) {
      const removal = removeSnapshots(this.snapshots.dir, sheetId).finally(() => this.removing.delete(removal));
      this.removing.add(removal);
    }
  }

  /**
   * Writes the snapshots of patched sheets now, waits for the writes under way (at most
   * `waitMs`), and ends the writer thread: a restart then finds every big sheet's file.
   */
  async close(waitMs = 30_000): Promise<void> {
    this.closing = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise((r) => (timer = setTimeout(r, waitMs)));
    // Writes under way first: a sheet patched since is written after its own.
    await Promise.race([Promise.allSettled([...this.writing.values()]), deadline]);
    for (const e of [...this.entries.values()]) {
      this.drain(e);
      const live = this.entries.get(e.sheetId);
      if (live && (this.saved.get(live.sheetId) ?? -1) < live.version) this.snapshot(live);
    }
    await Promise.race([Promise.allSettled([...this.writing.values(), ...this.removing]), deadline]);
    clearTimeout(timer);
    await this.writer?.close();
    this.writer = null;
  }

  /** The entry of a version: its snapshot file when there is one, else the rows `load` reads. */
  private async read(sheetId: string, version: number, load: () => Promise<SheetRows>): Promise<CachedSheet> {
    const snap = this.snapshots;
    if (snap && SAFE_ID.test(sheetId)) {
      const entry = await readSnapshot(snap.dir, sheetId, version).catch((err: unknown) => {
        snap.warn(err, 'reading a sheet snapshot failed; reading the rows instead');
        return null;
      });
      if (entry) {
        this.saved.set(sheetId, version);
        return entry;
      }
    }
    const loaded = await load();
    return indexSheet(sheetId, version, loaded);
  }

  /** Writes the entry's snapshot on the writer thread (big sheets only; one at a time per sheet). */
  private snapshot(entry: CachedSheet): void {
    const snap = this.snapshots;
    if (!snap || entry.store.length < snap.minRows || !SAFE_ID.test(entry.sheetId)) return;
    const id = entry.sheetId;
    if (this.writing.has(id)) {
      // One is being written: the next comes after it.
      this.later(entry);
      return;
    }
    const gen = this.generation.get(id) ?? 0;
    const parts = partsOf(entry);
    const version = parts.version;
    this.saved.set(id, version);
    this.writer ??= new SnapshotWriter(snap.threadMb);
    const done = this.writer
      .write(snap.dir, parts)
      .then(async (written) => {
        if ((this.generation.get(id) ?? 0) !== gen) {
          await removeSnapshots(snap.dir, id);
          return;
        }
        await removeSnapshots(snap.dir, id, version);
        // The thread ranked every column: an entry still at that version takes what it lacks.
        const live = this.entries.get(id);
        if (live && live.version === version) {
          for (const [column, rank] of written.ranks) {
            if (live.ranks.has(column) || rank.length !== live.store.length) continue;
            live.ranks.set(column, rank);
            this.grow(live, rank.byteLength);
            const key = `${column}\u0000asc`;
            const order = written.orders.get(column);
            if (order && !live.sorted.has(key)) {
              live.sorted.set(key, order);
              this.grow(live, order.byteLength);
            }
          }
        }
      })
      .catch((err: unknown) => {
        if (this.saved.get(id) === version) this.saved.delete(id);
        snap.warn(err, 'writing a sheet snapshot failed');
      })
      .finally(() => this.writing.delete(id));
    this.writing.set(id, done);
  }

  /** A new snapshot of a patched entry, a while after its last write. */
  private later(entry: CachedSheet): void {
    const snap = this.snapshots;
    if (!snap || this.closing || entry.store.length < snap.minRows) return;
    const id = entry.sheetId;
    const old = this.timers.get(id);
    if (old) clearTimeout(old);
    const timer = setTimeout(() => {
      this.timers.delete(id);
      const live = this.entries.get(id);
      if (!live) return;
      this.drain(live);
      const now = this.entries.get(id);
      if (now && (this.saved.get(id) ?? -1) < now.version) this.snapshot(now);
    }, snap.rewriteAfterMs);
    timer.unref();
    this.timers.set(id, timer);
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
    if (!this.pending.add(sheetId, version, patch) && e && !loading) {
      // Many writes since the sheet was last read (a busy form): the entry takes them now rather
      // than being dropped, which would make the next read load a million rows again. Only writes
      // it cannot take in order (one missing before them) still drop it.
      this.drain(e);
    }
    if (this.pending.full(sheetId)) this.invalidate(sheetId);
    else if (e && this.entries.get(sheetId) === e) this.later(e);
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

  private store(sheetId: string, entry: CachedSheet): CachedSheet {
    const version = entry.version;
    // Writes queued while it loaded stay queued: drain applies those it does not hold yet.
    this.remove(sheetId);
    this.entries.set(sheetId, entry);
    this.used += entry.bytes;
    this.drain(entry);
    this.evict(sheetId);
    // Read from the database (no file of this version yet): write one for the next start.
    const live = this.entries.get(sheetId);
    if (live === entry && (this.saved.get(sheetId) ?? -1) < version) this.snapshot(entry);
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
