// The snapshot thread's writer (one column and one slice of rows at a time) must write the very
// files sheet-snapshot.ts's writeSnapshot writes: the same snapshot bytes, the same search text,
// the same ranks and orders handed back; and a sheet read back from them answers like the original.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { randomSheet } from '../testing/random-sheet';
import { tempDirs } from '../testing/server';
import { indexSheet, querySheet, type Row } from './sheet-query';
import { partsOf, readSnapshot, snapshotFile, writeSnapshot } from './sheet-snapshot';
import { writeSnapshotFiles } from './snapshot-file-writer';
import { SnapshotWriter } from './snapshot-writer';

const tempDir = tempDirs('sheetboard-snapfile-');

/** Text in Latin-1 only (`wide` false) or with other scripts and emoji; numbers, booleans, null, objects, missing keys. */
function sheet(n: number, wide: boolean) {
  const base = randomSheet(5, n);
  const rows = base.rows.map((row, i) => {
    const out: Row = { ...row, d: i % 7 === 0 ? null : i % 5 === 0 ? { nested: [i, 'x'] } : wide ? `Zürich 東京 ${i % 13} 😀` : `Zürich ${i % 13} MÜNCHEN ${i}` };
    if (i % 11 === 0) delete out.b;
    if (i % 17 === 0) out.extra = 'not a column';
    return out;
  });
  return { columns: ['a', 'b', 'c', 'd'], rows, ids: rows.map((_, i) => i * 3 + 1), versions: rows.map((_, i) => (i % 4) + 1) };
}

describe('snapshot files written a column and a slice at a time', () => {
  it.each([
    ['Latin-1 text', false],
    ['text of other scripts', true],
  ])('%s: the same files, ranks and orders as writeSnapshot, read back to the same answers', async (_label, wide) => {
    const data = sheet(500, wide);
    const oldDir = tempDir();
    const newDir = tempDir();
    const before = writeSnapshot(oldDir, partsOf(indexSheet('s1', 4, data)));
    // Slices of 7 rows: many slices, the last one short.
    const after = writeSnapshotFiles(newDir, partsOf(indexSheet('s1', 4, data)), { sliceRows: 7 });

    // Both files under their names, no temporary file left.
    expect(fs.readdirSync(newDir).sort()).toEqual(['s1.4.snap', 's1.4.text']);
    expect(fs.readFileSync(snapshotFile(newDir, 's1', 4)).equals(fs.readFileSync(snapshotFile(oldDir, 's1', 4)))).toBe(true);
    expect([...after.ranks.keys()]).toEqual(['a', 'b', 'c', 'd']);
    for (const c of ['a', 'b', 'c', 'd']) {
      expect([...after.ranks.get(c)!]).toEqual([...before.ranks.get(c)!]);
      expect([...after.orders.get(c)!]).toEqual([...before.orders.get(c)!]);
    }

    const fromOld = (await readSnapshot(oldDir, 's1', 4))!;
    const fromNew = (await readSnapshot(newDir, 's1', 4))!;
    const oldText = fromOld.loadText!()!;
    const newText = fromNew.loadText!()!;
    expect(newText.haystack).toBe(oldText.haystack);
    expect([...newText.offsets]).toEqual([...oldText.offsets]);
    expect([...newText.charFreq]).toEqual([...oldText.charFreq]);

    const original = indexSheet('s1', 4, data);
    for (const q of [{ q: 'paris' }, { q: wide ? '東京 3' : 'münchen 4' }, { q: 'nested', sort: 'b', dir: 'desc' as const }, { sort: 'd', dir: 'asc' as const, limit: 40 }]) {
      expect(querySheet(fromNew, q)).toEqual(querySheet(original, q));
    }
  });
});

describe('the snapshot thread', () => {
  it('writes on its thread; past its heap cap it fails cleanly (no file, no temporary file) and the next thread writes', async () => {
    const dir = tempDir();
    const data = sheet(3000, true);
    const capped = new SnapshotWriter(1);
    await expect(capped.write(dir, partsOf(indexSheet('s3', 2, data)))).rejects.toThrow(/SHEET_SNAPSHOT_THREAD_MB=1 MB|snapshot writer stopped/);
    await capped.close();
    // The temporary files are removed as the failure is reported (asynchronously).
    for (let i = 0; i < 50 && fs.readdirSync(dir).length > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(fs.readdirSync(dir)).toEqual([]);

    const writer = new SnapshotWriter();
    try {
      const written = await writer.write(dir, partsOf(indexSheet('s3', 2, data)));
      expect([...written.ranks.keys()]).toEqual(['a', 'b', 'c', 'd']);
      expect(fs.readdirSync(dir).sort()).toEqual(['s3.2.snap', 's3.2.text']);
      const read = (await readSnapshot(dir, 's3', 2))!;
      expect(querySheet(read, { q: '東京 5', sort: 'a' })).toEqual(querySheet(indexSheet('s3', 2, data), { q: '東京 5', sort: 'a' }));
    } finally {
      await writer.close();
    }
  });
});
