// What keeps uploads from filling the disk (issue 12): per-IP and per-app budgets on
// POST /api/uploads, a storage quota per workspace, and the sweep of visitors' files no saved row
// named. Each group builds its own server with the settings it tests (testing/app.ts lifts the
// upload budgets for every other test file).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../config';
import { createSpreadsheet, createTestApp, isStored, multipart, signUp, storeBlock, storedFiles, type TestApp, type TestUser } from '../../testing/app';
import { storeUpload, sweepUploads, UPLOAD_MESSAGES } from './service';
import { uploadKey } from '../../platform/storage';
import { PNG } from '../../testing/fixtures';

/** The settings as a server started without any environment has them. */
const DEFAULTS = loadConfig({} as NodeJS.ProcessEnv);

interface Fixture {
  t: TestApp;
  owner: TestUser;
  spreadsheetId: string;
  /** Two public apps, each with a form whose `Doc` field takes files. */
  apps: { id: string; formId: string }[];
  workspaceId: string;
}

async function setUp(overrides: Partial<Config>): Promise<Fixture> {
  const t = await createTestApp(overrides);
  const owner = await signUp(t.app, 'Owner');
  const spreadsheetId = await createSpreadsheet(t.app, owner, 'Entries', [{ title: 'Entries', columns: ['Name', 'Doc'] }]);
  const apps: Fixture['apps'] = [];
  for (const name of ['Contest', 'Survey']) {
    const id = (await t.app.inject({ method: 'POST', url: '/api/apps', headers: { cookie: owner.cookie }, payload: { name, kind: 'board', spreadsheetId } })).json().app.id as string;
    await t.app.inject({ method: 'PUT', url: `/api/apps/${id}`, headers: { cookie: owner.cookie }, payload: { public: true } });
    const pageId = (await t.app.inject({ method: 'GET', url: `/api/pages/${id}`, headers: { cookie: owner.cookie } })).json().pages[0].page_id as string;
    const formId = await storeBlock(t, pageId, 'form', { sheet_title: 'Entries', axis: [{ column: 'Name', type: 'text' }, { column: 'Doc', type: 'file', file_mime_type: 'all' }] });
    apps.push({ id, formId });
  }
  const workspaceId = (await t.ctx.db.selectFrom('workspaces').select('id').where('owner_id', '=', owner.id).executeTakeFirstOrThrow()).id;
  return { t, owner, spreadsheetId, apps, workspaceId };
}

/** An upload through a form of `app`, from `ip`, by nobody signed in unless `cookie`. */
function formUpload(f: Fixture, app: { id: string; formId: string }, ip: string, content: Buffer = PNG, cookie?: string) {
  const m = multipart('entry.png', content, { board: app.id, blockId: app.formId });
  return f.t.app.inject({ method: 'POST', url: '/api/uploads', payload: m.payload, headers: { ...m.headers, ...(cookie ? { cookie } : {}) }, remoteAddress: ip });
}

/** A block-setting image uploaded by the owner in the editor. */
function settingUpload(f: Fixture, ip: string, content: Buffer = PNG) {
  const m = multipart('hero.png', content, { purpose: 'block-setting', board: f.apps[0]!.id });
  return f.t.app.inject({ method: 'POST', url: '/api/uploads', payload: m.payload, headers: { ...m.headers, cookie: f.owner.cookie }, remoteAddress: ip });
}

const filesOnDisk = (f: Fixture) => storedFiles(f.t, 'uploads');
const records = async (f: Fixture) => (await f.t.ctx.db.selectFrom('uploads').select('id').orderBy('id').execute()).map((r) => r.id).sort();
const record = (f: Fixture, id: string) => f.t.ctx.db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();

describe('per-IP budget (default settings)', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await setUp({ uploadsPerIp: DEFAULTS.uploadsPerIp, uploadsPerApp: DEFAULTS.uploadsPerApp, uploadsWindowMinutes: DEFAULTS.uploadsWindowMinutes });
  });
  afterAll(async () => {
    await f?.t.close();
  });

  it('the defaults are 20 uploads per IP and 200 per app an hour', () => {
    expect([DEFAULTS.uploadsPerIp, DEFAULTS.uploadsPerApp, DEFAULTS.uploadsWindowMinutes]).toEqual([20, 200, 60]);
  });

  it('the 21st upload from one IP within the window is refused (429, Retry-After); nothing of it is stored; other IPs go on', async () => {
    for (let i = 0; i < 20; i++) expect((await formUpload(f, f.apps[i % 2]!, '203.0.113.7')).statusCode).toBe(201);
    const before = await records(f);
    const refused = await formUpload(f, f.apps[0]!, '203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'Too many files uploaded from your network. Please wait 60 minutes and try again.', code: 'too_many_attempts' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(await records(f)).toEqual(before);
    expect(filesOnDisk(f)).toEqual(before);
    // The owner behind the same address is held too: the budget is the address's.
    expect((await settingUpload(f, '203.0.113.7')).statusCode).toBe(429);
    expect((await formUpload(f, f.apps[0]!, '203.0.113.8')).statusCode).toBe(201);
  });
});

describe('per-app budget', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await setUp({ uploadsPerApp: 3 });
  });
  afterAll(async () => {
    await f?.t.close();
  });

  it("visitors from many IPs share the app's budget; other apps and the app's editors are not held by it", async () => {
    for (let i = 1; i <= 3; i++) expect((await formUpload(f, f.apps[0]!, `198.51.100.${i}`)).statusCode).toBe(201);
    const before = await records(f);
    const refused = await formUpload(f, f.apps[0]!, '198.51.100.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'This app has received too many files in a short time. Please wait 60 minutes and try again.', code: 'too_many_attempts' });
    expect(refused.headers['retry-after']).toBeDefined();
    expect(await records(f)).toEqual(before);
    expect(filesOnDisk(f)).toEqual(before);
    expect((await formUpload(f, f.apps[1]!, '198.51.100.9')).statusCode).toBe(201);
    // The owner uploading through the same form, and an image for a block setting.
    expect((await formUpload(f, f.apps[0]!, '198.51.100.10', PNG, f.owner.cookie)).statusCode).toBe(201);
    expect((await settingUpload(f, '198.51.100.10')).statusCode).toBe(201);
  });

  it('refused uploads (a wrong file) do not use the app budget', async () => {
    const m = multipart('entry.png', PNG, { board: f.apps[1]!.id, blockId: f.apps[1]!.formId, accept: 'pdf' });
    for (let i = 0; i < 5; i++) {
      const res = await f.t.app.inject({ method: 'POST', url: '/api/uploads', payload: m.payload, headers: m.headers, remoteAddress: `192.0.2.${i}` });
      expect(res.statusCode).toBe(400);
    }
    // The one stored above and two more fit in its budget of 3.
    expect((await formUpload(f, f.apps[1]!, '192.0.2.50')).statusCode).toBe(201);
    expect((await formUpload(f, f.apps[1]!, '192.0.2.51')).statusCode).toBe(201);
    expect((await formUpload(f, f.apps[1]!, '192.0.2.52')).statusCode).toBe(429);
  });
});

describe('storage quota per workspace', () => {
  let f: Fixture;
  const FILE = Buffer.concat([PNG, Buffer.alloc(40 * 1024)]);
  beforeAll(async () => {
    // Room for two of FILE, not three.
    f = await setUp({ uploadQuotaMb: (FILE.length * 2.5) / (1024 * 1024) });
  });
  afterAll(async () => {
    await f?.t.close();
  });

  it('the default quota is 1024 MB', () => {
    expect(DEFAULTS.uploadQuotaMb).toBe(1024);
  });

  it('an upload over the quota is refused with a message for the visitor, and nothing is left on disk', async () => {
    expect((await formUpload(f, f.apps[0]!, '10.1.0.1', FILE)).statusCode).toBe(201);
    expect((await formUpload(f, f.apps[1]!, '10.1.0.2', FILE)).statusCode).toBe(201);
    const before = filesOnDisk(f);
    expect(before).toHaveLength(2);

    const refused = await formUpload(f, f.apps[0]!, '10.1.0.3', FILE);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({ message: UPLOAD_MESSAGES.storageFull, code: 'storage_full' });
    expect(refused.json().message).toBe('This file could not be saved: the storage for files of this app is full. Please let the owner of the app know.');
    expect(filesOnDisk(f)).toEqual(before);
    expect(await records(f)).toEqual(before);

    // Editors' uploads count and are refused too, with words for the owner.
    const mine = await settingUpload(f, '10.1.0.4', FILE);
    expect(mine.statusCode).toBe(413);
    expect(mine.json().message).toMatch(/^This file could not be saved: your workspace has reached its limit of 0\.\d+ MB of uploaded files\. Ask the administrator/);
    expect(filesOnDisk(f)).toEqual(before);
    // A small file still fits.
    expect((await formUpload(f, f.apps[0]!, '10.1.0.5', PNG)).statusCode).toBe(201);
  });

  it('parallel uploads cannot overshoot the quota together', async () => {
    const g = await setUp({ uploadQuotaMb: (FILE.length * 2.5) / (1024 * 1024) });
    try {
      const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => formUpload(g, g.apps[i % 2]!, `10.2.0.${i}`, FILE)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 413, 413, 413, 413]);
      expect(filesOnDisk(g)).toHaveLength(2);
    } finally {
      await g.t.close();
    }
  });

  it('a file whose record cannot be stored is removed from disk', async () => {
    const before = filesOnDisk(f);
    // A workspace that does not exist: the insert fails on its foreign key after the write.
    await expect(storeUpload(f.t.ctx, { workspaceId: 'no-such-workspace', appId: null, rules: [], editor: true }, 'a.png', PNG)).rejects.toThrow();
    expect(filesOnDisk(f)).toEqual(before);
  });

  it('a file over 5 MB is stopped while it streams: 400 and nothing on disk', async () => {
    const before = filesOnDisk(f);
    const res = await formUpload(f, f.apps[0]!, '10.1.0.6', Buffer.alloc(6 * 1024 * 1024, 1));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Files must be under 5 MB');
    expect(filesOnDisk(f)).toEqual(before);
  });
});

describe('attaching uploads to saved rows, and the sweep', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await setUp({});
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const submit = (values: Record<string, unknown>) =>
    f.t.app.inject({ method: 'POST', url: `/api/board/${f.spreadsheetId}/sheet/Entries/rows`, payload: { board: f.apps[0]!.id, blockId: f.apps[0]!.formId, values } });
  const ago = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString();
  const backdate = (id: string, hours: number) => f.t.ctx.db.updateTable('uploads').set({ created_at: ago(hours) }).where('id', '=', id).execute();

  it('the default age is a day', () => {
    expect(DEFAULTS.unattachedUploadHours).toBe(24);
  });

  it('a form submit naming an upload marks it attached; a visitor upload starts unattached', async () => {
    const up = (await formUpload(f, f.apps[0]!, '10.3.0.1')).json().upload;
    expect(await record(f, up.id)).toMatchObject({ attached_at: null, from_visitor: 1 });
    const res = await submit({ Name: 'Ada', Doc: up.url });
    expect(res.statusCode, res.body).toBe(201);
    expect((await record(f, up.id))?.attached_at).toEqual(expect.any(String));
  });

  it('an edit naming an upload (a full address) marks it attached too', async () => {
    const row = (await submit({ Name: 'Grace' })).json().row;
    const up = (await formUpload(f, f.apps[0]!, '10.3.0.2')).json().upload;
    const res = await f.t.app.inject({
      method: 'PUT',
      url: `/api/board/${f.spreadsheetId}/sheet/Entries/rows/${row._id}`,
      headers: { cookie: f.owner.cookie },
      payload: { values: { Doc: `http://localhost:3000${up.url}` }, _version: row._version },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await record(f, up.id))?.attached_at).toEqual(expect.any(String));
  });

  it("a row cannot mark another workspace's upload", async () => {
    const stranger = await signUp(f.t.app, 'Stranger');
    const m = multipart('theirs.png', PNG);
    const theirs = (await f.t.app.inject({ method: 'POST', url: '/api/uploads', payload: m.payload, headers: { ...m.headers, cookie: stranger.cookie }, remoteAddress: '10.3.0.3' })).json().upload;
    expect((await record(f, theirs.id))?.workspace_id).not.toBe(f.workspaceId);
    expect((await submit({ Name: 'Eve', Doc: theirs.url })).statusCode).toBe(201);
    expect((await record(f, theirs.id))?.attached_at).toBeNull();
  });

  it("sweeps visitors' uploads no saved row named within the age (file and record); keeps attached ones, younger ones and editors' files", async () => {
    const stale = (await formUpload(f, f.apps[0]!, '10.4.0.1')).json().upload;
    const attached = (await formUpload(f, f.apps[1]!, '10.4.0.2')).json().upload;
    expect((await submit({ Name: 'Kept', Doc: attached.url })).statusCode).toBe(201);
    const young = (await formUpload(f, f.apps[0]!, '10.4.0.3')).json().upload;
    const editors = (await settingUpload(f, '10.4.0.4')).json().upload;
    for (const id of [stale.id, attached.id, editors.id]) await backdate(id, 25);
    await backdate(young.id, 23);
    // A file without a record (another instance's, sharing DATA_DIR or the bucket): not this server's to judge.
    const unknown = uploadKey('not_ours_01');
    await f.t.ctx.files.put(unknown, Buffer.from('x'), 'text/plain');
    if (!f.t.config.s3) {
      const old = new Date(Date.now() - 25 * 3600_000);
      fs.utimesSync(path.join(f.t.config.dataDir, unknown), old, old);
    }

    expect(await sweepUploads(f.t.ctx)).toBe(1);

    expect(await record(f, stale.id)).toBeUndefined();
    expect(await isStored(f.t, uploadKey(stale.id))).toBe(false);
    expect((await f.t.app.inject({ method: 'GET', url: stale.url })).statusCode).toBe(404);
    for (const kept of [attached, young, editors]) {
      expect(await record(f, kept.id)).toBeDefined();
      expect((await f.t.app.inject({ method: 'GET', url: kept.url })).statusCode).toBe(200);
    }
    expect(await isStored(f.t, unknown)).toBe(true);
  });

  it('the age is a setting', async () => {
    const g = await setUp({ unattachedUploadHours: 2 });
    try {
      const up = (await formUpload(g, g.apps[0]!, '10.5.0.1')).json().upload;
      const setAge = (hours: number) => g.t.ctx.db.updateTable('uploads').set({ created_at: ago(hours) }).where('id', '=', up.id).execute();
      await setAge(1);
      expect(await sweepUploads(g.t.ctx)).toBe(0);
      expect(await record(g, up.id)).toBeDefined();
      await setAge(3);
      expect(await sweepUploads(g.t.ctx)).toBe(1);
      expect(await record(g, up.id)).toBeUndefined();
      expect(filesOnDisk(g)).toEqual([]);
    } finally {
      await g.t.close();
    }
  });
});
