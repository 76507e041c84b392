// Shared set-up of the Google sync tests (modules/gsheets/*.test.ts): a local Google and a server
// pointed at it, a connected Google account, a spreadsheet in the local Google, connected by its
// link, and reads through the ordinary routes.
import { afterAll, beforeAll, expect } from 'vitest';
import type { GoogleSyncStatus } from '../../shared/api/google';
import type { Config } from '../config';
import { startFakeGoogle, type Cell, type FakeGoogle } from './google';
import type { TestApp, TestUser } from './app';
import { forTests, testServer } from './server';
import { PULL_TUNING, runningPulls } from '../modules/gsheets/pull';
import { flushPushes } from '../modules/gsheets/push';

export const as = (u?: TestUser) => (u ? { cookie: u.cookie } : {});

/** The settings that point a test app at the local Google. */
export function googleSettings(google: FakeGoogle) {
  return {
    googleClientId: google.oauthClient.clientId,
    googleClientSecret: google.oauthClient.clientSecret,
    googleApiUrl: google.url,
    googleOauthUrl: google.authUrl,
    googleTokenUrl: google.tokenUrl,
  };
}

/** Short retry waits and quotas no test reaches (the quota tests set their own). */
export function quickSyncTuning(): void {
  PULL_TUNING.backoffBaseMs = 5;
  PULL_TUNING.limits = { project: { capacity: 1000, perMinute: 100_000 }, user: { capacity: 1000, perMinute: 100_000 } };
}

/**
 * A local Google and a test server pointed at it (with the settings `more` adds), for the tests of
 * a file: quick sync tuning, and every pull and push settled before the server closes.
 */
export function googleTestServer(more: () => Partial<Config> = () => ({})): { google: FakeGoogle; t: TestApp } {
  const google = forTests(() => startFakeGoogle());
  const t = testServer(() => ({ ...googleSettings(google), ...more() }));
  beforeAll(quickSyncTuning);
  afterAll(() => settleSync(t));
  return { google, t };
}

let counter = 0;

/** A Google account connected to the user's workspace through the consent round trip. */
export async function connectGoogle(t: TestApp, google: FakeGoogle, user: TestUser, mode: 'read' | 'read-write' | 'file' = 'read-write', email = `g${++counter}-${process.pid}@gmail.example`): Promise<string> {
  google.consent = { user: email, deny: false };
  const res = await t.app.inject({ method: 'POST', url: '/api/google/connect', headers: as(user), payload: { mode } });
  const back = await fetch(res.json<{ url: string }>().url, { redirect: 'manual' });
  const location = new URL(back.headers.get('location')!);
  const cb = await t.app.inject({ method: 'GET', url: `${location.pathname}${location.search}`, headers: as(user) });
  expect(new URL(cb.headers.location as string, 'http://x').searchParams.get('google')).toBe('connected');
  return email;
}

/** A Google file id like Google's (44 characters). */
export function googleFileId(): string {
  return `file-${String(++counter).padStart(4, '0')}-${'x'.repeat(30)}`;
}

/** Waits until no pull and no push of the app runs. */
export async function settleSync(t: TestApp): Promise<void> {
  for (;;) {
    await flushPushes(t.ctx);
    const pulls = runningPulls(t.ctx);
    if (pulls.length === 0) return;
    await Promise.all(pulls);
  }
}

export async function connectSheet(t: TestApp, user: TestUser, id: string): Promise<{ spreadsheetId: string; sync: GoogleSyncStatus }> {
  const res = await t.app.inject({ method: 'POST', url: '/api/google/spreadsheets', headers: as(user), payload: { url: `https://docs.google.com/spreadsheets/d/${id}/edit#gid=0` } });
  expect(res.statusCode, res.body).toBe(202);
  const body = res.json<{ spreadsheet: { id: string; title: string }; sync: GoogleSyncStatus }>();
  await settleSync(t);
  return { spreadsheetId: body.spreadsheet.id, sync: body.sync };
}

export async function syncOf(t: TestApp, user: TestUser, spreadsheetId: string): Promise<GoogleSyncStatus> {
  const res = await t.app.inject({ method: 'GET', url: `/api/google/spreadsheets/${spreadsheetId}`, headers: as(user) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ sync: GoogleSyncStatus }>().sync;
}

export async function pullNowAndWait(t: TestApp, user: TestUser, spreadsheetId: string): Promise<GoogleSyncStatus> {
  const res = await t.app.inject({ method: 'POST', url: `/api/google/spreadsheets/${spreadsheetId}/pull`, headers: as(user) });
  expect(res.statusCode, res.body).toBe(202);
  await settleSync(t);
  return syncOf(t, user, spreadsheetId);
}

export type SheetRow = Record<string, unknown> & { _id: string; _version: number };

/** The rows of a sheet as the sheet-data route gives them. */
export async function sheetRows(t: TestApp, user: TestUser, spreadsheetId: string, title = 'Orders'): Promise<SheetRow[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/board/${spreadsheetId}/sheet/${encodeURIComponent(title)}?limit=1000`, headers: as(user) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ rows: SheetRow[] }>().rows;
}

export type { Cell };
