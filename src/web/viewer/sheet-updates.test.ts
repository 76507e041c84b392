import { describe, expect, it } from 'vitest';
import { announceSheetChange, isSheetChange, SHEETS_CHANNEL, sheetQueryKey } from './sheet-updates';

describe('sheet updates', () => {
  it('announces a change on the shared channel', async () => {
    const listener = new BroadcastChannel(SHEETS_CHANNEL);
    const got = new Promise<unknown>((resolve) => (listener.onmessage = (e: MessageEvent) => resolve(e.data)));
    announceSheetChange('abc', 'Orders');
    expect(await got).toEqual({ spreadsheetId: 'abc', sheet: 'Orders' });
    listener.close();
  });

  it.each([
    [{ spreadsheetId: 'a', sheet: 'S' }, true],
    [{ spreadsheetId: 'a' }, false],
    ['a', false],
    [null, false],
  ])('%j is a change: %s', (v, ok) => {
    expect(isSheetChange(v)).toBe(ok);
  });

  it("makes the sheet's queries stale, every kind of them (['sheet', id, title, ...])", () => {
    expect(sheetQueryKey({ spreadsheetId: 'a', sheet: 'S' })).toEqual(['sheet', 'a', 'S']);
  });
});
