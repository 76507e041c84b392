import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from '../errors';
import { guessSheetTypes, IMPORT_LIMITS, MESSAGES, parseSpreadsheetFile, rowJson } from './import-file';
import { liveImportWorkers, parseInWorker, type RowBatch } from './import-worker';

afterEach(() => {
  // Whatever a test did, its worker is gone by the time the call returned.
  expect(liveImportWorkers()).toBe(0);
});

async function readAll(file: Buffer, name: string, batchRows: number) {
  const parsed = await parseInWorker(file, name, IMPORT_LIMITS, { batchRows, readTimeoutMs: 60_000 });
  const batches: RowBatch[] = [];
  try {
    for (let b = await parsed.next(); b; b = await parsed.next()) batches.push(b);
  } finally {
    await parsed.close();
  }
  return { sheets: parsed.sheets, batches };
}

describe('parsing in a worker', () => {
  it.each([
    [1, '1 second'],
    [30_000, '30 seconds'],
    [60_000, '1 minute'],
    [5 * 60_000, '5 minutes'],
  ])('a read deadline of %i ms reads "%s"', (ms, words) => {
    expect(MESSAGES.tooSlow(ms)).toBe(`Reading the file took more than ${words}; split it and import the parts separately`);
  });

  it('hands over the same sheets and rows as parsing in place, batch by batch', async () => {
    const csv = 'Name,Amount,,Code\n' + Array.from({ length: 2500 }, (_, i) => `n${i},${i}.5,,00${i}`).join('\n') + '\n';
    const direct = await parseSpreadsheetFile(Buffer.from(csv), 'people.csv');
    const { sheets, batches } = await readAll(Buffer.from(csv), 'people.csv', 1000);
    expect(sheets).toEqual(
      direct.map((s) => {
        const types = guessSheetTypes(s);
        return { title: s.title, columns: s.columns, rowCount: s.rows.length, columnTypes: Object.fromEntries(s.columns.map((c, i) => [c, types[i]])) };
      }),
    );
    expect(sheets[0]!.columnTypes).toMatchObject({ Name: 'text', Amount: 'number' });
    expect(batches.map((b) => [b.sheet, b.first, b.json.length])).toEqual([
      [0, 0, 1000],
      [0, 1000, 1000],
      [0, 2000, 500],
    ]);
    expect(batches.flatMap((b) => b.json)).toEqual(direct[0]!.rows.map((r) => rowJson(direct[0]!.columns, r)));
  });

  it.each([
    ['noheader.csv', Buffer.from(',,\n1,2,3\n'), MESSAGES.header],
    ['blank.csv', Buffer.from('\n\n  \n'), MESSAGES.empty],
    ['broken.xlsx', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100, 7)]), MESSAGES.unreadable],
    ['many.csv', Buffer.from('a,b,c\n' + '1,2,3\n'.repeat(10)), MESSAGES.tooManyCells(20)],
  ])('refuses %s with the message of a direct parse, and stops the worker', async (name, file, message) => {
    const limits = name === 'many.csv' ? { ...IMPORT_LIMITS, maxCells: 20 } : IMPORT_LIMITS;
    const failure = await parseInWorker(file, name, limits, { batchRows: 100, readTimeoutMs: 60_000 }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ status: 400, message });
    await expect(parseSpreadsheetFile(file, name, limits)).rejects.toThrow(message);
  });

  it('stops a worker that does not finish reading in time, with a message that says what to do', async () => {
    // 1 ms: the worker has not even started by then.
    const failure = await parseInWorker(Buffer.from('a\n1\n'), 'a.csv', IMPORT_LIMITS, { batchRows: 100, readTimeoutMs: 1 }).catch((e: unknown) => e);
    expect(failure).toMatchObject({ status: 400, message: 'Reading the file took more than 1 second; split it and import the parts separately' });
  });

  it('stops the worker when the reader gives up half-way', async () => {
    const csv = 'k\n' + '1\n'.repeat(5000);
    const parsed = await parseInWorker(Buffer.from(csv), 'k.csv', IMPORT_LIMITS, { batchRows: 100, readTimeoutMs: 60_000 });
    expect(liveImportWorkers()).toBe(1);
    expect((await parsed.next())?.json).toHaveLength(100);
    await parsed.close();
    expect(liveImportWorkers()).toBe(0);
    await parsed.close(); // twice is harmless
  });
});
