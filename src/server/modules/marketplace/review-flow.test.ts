// The whole review state machine through the real routes of both sides: the owner submits (PUT),
// a reviewer rejects (admin API), the owner reads the reason and resubmits, the reviewer approves;
// refused moves answer 409 and change nothing. none → pending → rejected → pending → published.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, MARKETPLACE_MESSAGES } from '../../../shared/rules/marketplace';
import { addBlock, boardWithSheets, createTestApp, multipart, signUp, type TestApp, type TestUser } from '../../test-helpers';
import { PNG } from '../uploads/test-fixtures';

const ADMIN = { email: 'flow.reviewer@provider.example', password: 'a long passphrase for reviews' };
const URL = '/api/multipage/marketplace/review-request';

let t: TestApp;
let owner: TestUser;
let adminCookie: string;
let appId: string;

async function upload(field: 'thumbnail' | 'image'): Promise<string> {
  const m = multipart('shot.png', PNG, {}, field);
  const res = await t.app.inject({ method: 'POST', url: `/api/upload-file?app_id=${appId}`, payload: m.payload, headers: { ...m.headers, cookie: owner.cookie } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().url;
}

const status = async () => (await t.app.inject({ method: 'GET', url: `${URL}?app_id=${appId}`, headers: { cookie: owner.cookie } })).json().reviewRequest;
const submit = (form: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: URL, headers: { cookie: owner.cookie }, payload: { form } });
const decide = (id: string, what: 'approve' | 'reject', reason?: string) =>
  t.app.inject({ method: 'POST', url: `/api/admin/review-requests/${id}/${what}`, headers: { cookie: adminCookie }, payload: reason === undefined ? {} : { reason } });
const hashes = async () =>
  (await t.ctx.db.selectFrom('template_versions').select(['number', 'content_hash']).orderBy('number').execute()).map((v) => [Number(v.number), v.content_hash] as const);

beforeAll(async () => {
  t = await createTestApp({ adminEmail: ADMIN.email, adminPassword: ADMIN.password });
  owner = await signUp(t.app, 'Flow Owner');
  const ids = await boardWithSheets(t.app, owner, 'Flow Shop', [{ title: 'Orders', columns: ['City', 'Amount'], rows: [{ City: 'Paris', Amount: 12 }] }]);
  appId = ids.appId;
  await addBlock(t.app, owner, appId, { type: 'table', sheet_title: 'Orders', axis: [{ column: 'City' }] });
  const login = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: ADMIN });
  expect(login.statusCode, login.body).toBe(200);
  const raw = login.headers['set-cookie'];
  adminCookie = ([raw].flat().find((c) => c?.startsWith('sb_admin=')) ?? '').split(';')[0]!;
});

afterAll(async () => {
  await t?.close();
});

describe('review states through both APIs', () => {
  it('none → pending → rejected → pending → published, with every refused move answered 409', async () => {
    expect(await status()).toBeNull();
    const form = {
      app_id: appId,
      title: 'Flow template',
      summary: 'Orders by city',
      tags: 'orders, cities',
      description: '<p>Orders by city.</p>',
      category: 'sales-crm',
      price: 5,
      is_free: true,
      thumbnail: await upload('thumbnail'),
      thumbnail_bg_color: '#ffffff',
      additional_images: [await upload('image')],
    };

    const first = await submit(form);
    expect(first.statusCode, first.body).toBe(200);
    const request = first.json().reviewRequest;
    expect(request).toMatchObject({ status: 'pending', version: 1, rejection_reason: null });
    // Pending: no second submission, no approval twice.
    expect((await submit(form)).statusCode).toBe(409);

    const rejected = await decide(request.id, 'reject', 'Please add a chart.');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await status()).toMatchObject({ status: 'rejected', rejection_reason: 'Please add a chart.', decisions: [{ decision: 'rejected', reason: 'Please add a chart.', version: 1 }] });
    // A rejected request is not approved or rejected again until it is resubmitted.
    for (const [what, reason] of [['approve', undefined], ['reject', 'again']] as const) {
      const refused = await decide(request.id, what, reason);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(ADMIN_MESSAGES.notPending);
    }

    // The owner changes the app and resubmits: a new version with another content hash.
    await addBlock(t.app, owner, appId, { type: 'table', sheet_title: 'Orders', axis: [{ column: 'Amount' }] });
    const again = await submit({ ...form, request_id: request.id, summary: 'Orders by city, with amounts' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().reviewRequest).toMatchObject({ id: request.id, status: 'pending', version: 2, rejection_reason: null });
    const [v1, v2] = await hashes();
    expect(v1![0]).toBe(1);
    expect(v2![0]).toBe(2);
    expect(v2![1]).not.toBe(v1![1]);

    const approved = await decide(request.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    const published = await status();
    expect(published).toMatchObject({ status: 'published', version: 2 });
    expect(published.decisions.map((d: { decision: string; version: number }) => [d.decision, d.version])).toEqual([
      ['approved', 2],
      ['rejected', 1],
    ]);
    const row = await t.ctx.db.selectFrom('review_requests').select(['published_version_id', 'version_id']).where('id', '=', request.id).executeTakeFirstOrThrow();
    expect(row.published_version_id).toBe(row.version_id);

    // Published: no resubmission, no cancel, no second decision.
    expect((await submit(form)).statusCode).toBe(409);
    const cancel = await t.app.inject({ method: 'DELETE', url: URL, headers: { cookie: owner.cookie }, payload: { app_id: appId } });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe(MARKETPLACE_MESSAGES.cannotCancelPublished);
    expect((await decide(request.id, 'reject', 'too late')).statusCode).toBe(409);
    expect(await status()).toMatchObject({ status: 'published', version: 2 });
  });
});
