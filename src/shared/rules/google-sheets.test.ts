import { describe, expect, it } from 'vitest';
import { GOOGLE_SHEETS_LIMITS, GOOGLE_SHEETS_MESSAGES as M, googleSheetUrl, parseGoogleSheetLink } from './google-sheets';

const ID = '1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms';

describe('parseGoogleSheetLink: links owners paste', () => {
  it.each([
    [`https://docs.google.com/spreadsheets/d/${ID}/edit#gid=0`, 0],
    [`https://docs.google.com/spreadsheets/d/${ID}/edit#gid=1234567`, 1234567],
    [`https://docs.google.com/spreadsheets/d/${ID}/edit?gid=42#gid=42`, 42],
    [`https://docs.google.com/spreadsheets/d/${ID}/edit?usp=sharing&gid=7`, 7],
    [`https://docs.google.com/spreadsheets/d/${ID}/edit?usp=sharing`, null],
    [`https://docs.google.com/spreadsheets/u/0/d/${ID}/edit#gid=5`, 5],
    [`https://docs.google.com/spreadsheets/u/1/d/${ID}/htmlview`, null],
    [`https://docs.google.com/spreadsheets/d/${ID}`, null],
    [`https://docs.google.com/spreadsheets/d/${ID}/`, null],
    [`https://docs.google.com/spreadsheets/d/${ID}/view`, null],
    [`https://DOCS.Google.com/spreadsheets/d/${ID}/edit#gid=3`, 3],
    [`http://docs.google.com/spreadsheets/d/${ID}/edit`, null],
    [`docs.google.com/spreadsheets/d/${ID}/edit#gid=9`, 9],
    [`  https://docs.google.com/spreadsheets/d/${ID}/edit#gid=1\n`, 1],
    [ID, null],
    [` ${ID} `, null],
    [`https://docs.google.com/spreadsheets/d/${ID}/edit#gid=abc`, null],
    [`https://docs.google.com/spreadsheets/d/${ID}/edit#gid=99999999999`, null],
  ])('%s → the spreadsheet, tab %s', (input, gid) => {
    expect(parseGoogleSheetLink(input)).toEqual({ ok: true, spreadsheetId: ID, gid });
  });
});

describe('parseGoogleSheetLink: refused in words', () => {
  it.each([
    ['', M.empty],
    ['   ', M.empty],
    ['hello', M.notGoogle],
    ['https://example.com/spreadsheets/d/' + ID, M.notGoogle],
    ['https://docs.google.com.evil.com/spreadsheets/d/' + ID, M.notGoogle],
    ['https://evil.com/?docs.google.com/spreadsheets/d/' + ID, M.notGoogle],
    ['https://user:pw@docs.google.com/spreadsheets/d/' + ID, M.notGoogle],
    ['https://docs.google.com:8443/spreadsheets/d/' + ID, M.notGoogle],
    ['javascript:alert(1)//docs.google.com/spreadsheets/d/' + ID, M.notGoogle],
    ['ftp://docs.google.com/spreadsheets/d/' + ID, M.notGoogle],
    ['https://docs.google.com/document/d/' + ID + '/edit', M.notSpreadsheet],
    ['https://docs.google.com/forms/d/' + ID + '/edit', M.notSpreadsheet],
    ['https://docs.google.com/spreadsheets/', M.noId],
    ['https://docs.google.com/spreadsheets/d/', M.noId],
    ['https://docs.google.com/spreadsheets/d/short/edit', M.noId],
    ['https://docs.google.com/spreadsheets/d/' + ID.slice(0, 10) + '%3Cscript%3E/edit', M.noId],
    ['https://docs.google.com/spreadsheets/d/e/2PACX-1vQ' + 'a'.repeat(70) + '/pubhtml', M.published],
    ['<script>alert(1)</script>', M.notGoogle],
    ['a'.repeat(GOOGLE_SHEETS_LIMITS.idMaxChars + 1), M.notGoogle],
  ])('%j', (input, message) => {
    expect(parseGoogleSheetLink(input)).toEqual({ ok: false, message });
  });

  it('refuses over-long input unread, fast, whatever it holds', () => {
    const hostile = [
      `https://docs.google.com/spreadsheets/d/${ID}/edit#gid=${'1'.repeat(1_000_000)}`,
      'https://docs.google.com/' + '/'.repeat(5_000_000),
      'a'.repeat(10_000_000),
      ('https://docs.google.com/spreadsheets/u/0/').repeat(100_000),
    ];
    const started = performance.now();
    for (const h of hostile) expect(parseGoogleSheetLink(h)).toEqual({ ok: false, message: M.tooLong });
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('reads the longest accepted input quickly (no backtracking)', () => {
    const worst = [
      `https://docs.google.com/spreadsheets/d/${ID}/edit#${'gid=1&'.repeat(300)}`,
      'docs.google.com/' + 'spreadsheets/u/0/'.repeat(110),
      '-'.repeat(GOOGLE_SHEETS_LIMITS.urlChars - 1) + '!',
    ];
    const started = performance.now();
    for (const w of worst) expect(w.length).toBeLessThanOrEqual(GOOGLE_SHEETS_LIMITS.urlChars);
    expect(parseGoogleSheetLink(worst[0]!)).toEqual({ ok: true, spreadsheetId: ID, gid: 1 });
    expect(parseGoogleSheetLink(worst[1]!)).toEqual({ ok: false, message: M.noId });
    expect(parseGoogleSheetLink(worst[2]!).ok).toBe(false);
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('answers a non-string (a JSON body of the wrong type) as nothing pasted', () => {
    expect(parseGoogleSheetLink(42 as unknown as string)).toEqual({ ok: false, message: M.empty });
  });
});

describe('googleSheetUrl', () => {
  it('opens the sheet, at a tab when given; round-trips through the parser', () => {
    expect(googleSheetUrl(ID)).toBe(`https://docs.google.com/spreadsheets/d/${ID}/edit`);
    expect(googleSheetUrl(ID, 0)).toBe(`https://docs.google.com/spreadsheets/d/${ID}/edit#gid=0`);
    expect(parseGoogleSheetLink(googleSheetUrl(ID, 12))).toEqual({ ok: true, spreadsheetId: ID, gid: 12 });
  });
});
