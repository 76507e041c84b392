// The whole review state machine through the real routes of both sides: the owner submits (PUT),
// a reviewer rejects (admin API), the owner reads the reason and resubmits, the reviewer approves;
// refused moves answer 409 and change nothing. none → pending → rejected → pending → published,
// then updates of a published template: published → pending (the approved version stays listed)
// → published (the listing moves to the new version, same slug; clones see "update available"),
// and a rejected update (the listing is unchanged).
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, MARKETPLACE_MESSAGES } from '../../../shared/rules/marketplace';
import { addBlock, boardWithSheets, multipart, signUp, type TestUser } from '../../testing/app';
import { testServer } from '../../testing/server';
import { PNG } from '../../testing/fixtures';

const ADMIN = { email: 'flow.reviewer@provider.example', password: 'a long passphrase for reviews' };
const URL = '/api/multipage/marketplace/review-request';

let owner: TestUser;
let adminCookie: string;
let appId: string;

async function upload(field: 'thumbnail' | 'image', app = appId): Promise<string> {
  const m = multipart('shot.png', PNG, {}, field);
  const res = await t.app.inject({ method: 'POST', url: `/api/upload-file?app_id=${app}`, payload: m.payload, headers: { ...m.headers, cookie: owner.cookie } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().url;
}

const statusOf = async (id: string) => (await t.app.inject({ method: 'GET', url: `${URL}?app_id=${id}`, headers: { cookie: owner.cookie } })).json().reviewRequest;
const status = () => statusOf(appId);
const submit = (form: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: URL, headers: { cookie: owner.cookie }, payload: { form } });
const cancelOf = (id: string) => t.app.inject({ method: 'DELETE', url: URL, headers: { cookie: owner.cookie }, payload: { app_id: id } });
const listed = async (id: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/multipage/marketplace/templates/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().template as { id: string; name: string; slug: string; summary: string; version_number: number; subdomain: string };
};
const decide = (id: string, what: 'approve' | 'reject', reason?: string) =>
  t.app.inject({ method: 'POST', url: `/api/admin/review-requests/${id}/${what}`, headers: { cookie: adminCookie }, payload: reason === undefined ? {} : { reason } });
const hashes = async () =>
  (await t.ctx.db.selectFrom('template_versions').select(['number', 'content_hash']).orderBy('number').execute()).map((v) => [Number(v.number), v.content_hash] as const);

const t = testServer({ adminEmail: ADMIN.email, adminPassword: ADMIN.password });
beforeAll(async () => {
  owner = await signUp(t.app, 'Flow Owner');
  const ids = await boardWithSheets(t.app, owner, 'Flow Shop', [{ title: 'Orders', columns: ['City', 'Amount'], rows: [{ City: 'Paris', Amount: 12 }] }]);
  appId = ids.appId;
  await addBlock(t.app, owner, appId, { type: 'table', sheet_title: 'Orders', axis: [{ column: 'City' }] });
  const login = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: ADMIN });
  expect(login.statusCode, login.body).toBe(200);
  const raw = login.headers['set-cookie'];
  adminCookie = ([raw].flat().find((c) => c?.startsWith('sb_admin=')) ?? '').split(';')[0]!;
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

    // Published: no cancel, no second decision (an update is the next test's matter).
    const cancel = await t.app.inject({ method: 'DELETE', url: URL, headers: { cookie: owner.cookie }, payload: { app_id: appId } });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe(MARKETPLACE_MESSAGES.cannotCancelPublished);
    expect((await decide(request.id, 'reject', 'too late')).statusCode).toBe(409);
    expect(await status()).toMatchObject({ status: 'published', version: 2 });
  });

  it('published → update (pending, the approved version stays listed) → approved: the listing moves on, same slug; clones see an update; a rejected update changes nothing listed', async () => {
    const ids = await boardWithSheets(t.app, owner, 'Update Shop', [{ title: 'Stock', columns: ['Item', 'Count'], rows: [{ Item: 'Pen', Count: 3 }] }]);
    const app = ids.appId;
    await addBlock(t.app, owner, app, { type: 'table', sheet_title: 'Stock', axis: [{ column: 'Item' }] });
    const form = {
      app_id: app,
      title: 'Stock keeper',
      summary: 'Items and counts',
      tags: 'stock',
      description: '<p>Stock.</p>',
      category: 'operations-logistics',
      price: 5,
      is_free: true,
      thumbnail: await upload('thumbnail', app),
      thumbnail_bg_color: '#ffffff',
      additional_images: [await upload('image', app)],
    };
    const first = await submit(form);
    expect(first.statusCode, first.body).toBe(200);
    const id = first.json().reviewRequest.id as string;
    expect((await decide(id, 'approve')).statusCode).toBe(200);
    const v1 = await listed(id);
    expect(v1).toMatchObject({ id, name: 'Stock keeper', version_number: 1 });

    // Another owner clones version 1 (a free template).
    const buyer = await signUp(t.app, 'Update Buyer');
    const cloned = await t.app.inject({ method: 'POST', url: `/api/multipage/marketplace/templates/${id}/clone`, headers: { cookie: buyer.cookie }, payload: { name: 'My stock', with_data: true } });
    expect(cloned.statusCode, cloned.body).toBe(201);
    const cloneId = cloned.json().app.id as string;
    const originOf = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/multipage/marketplace/origins', headers: { cookie: buyer.cookie } });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().origins as { app_id: string }[]).find((o) => o.app_id === cloneId);
    };
    expect(await originOf()).toMatchObject({ template_id: id, version_number: 1, latest_version_number: 1, update_available: false });

    // The seller changes the app and sends an update: pending, version 2; visitors still get version 1.
    await addBlock(t.app, owner, app, { type: 'table', sheet_title: 'Stock', axis: [{ column: 'Count' }] });
    const update = await submit({ ...form, request_id: id, title: 'Stock keeper Pro', summary: 'Items, counts and more' });
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json().reviewRequest).toMatchObject({ id, status: 'pending', version: 2, title: 'Stock keeper Pro', rejection_reason: null });
    expect(await statusOf(app)).toMatchObject({ status: 'pending', version: 2, title: 'Stock keeper Pro' });
    expect(await listed(id)).toEqual(v1);
    expect(await originOf()).toMatchObject({ update_available: false });
    // Pending: no second update; and no cancel (it would take the listed version with it).
    const twice = await submit(form);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(MARKETPLACE_MESSAGES.notSubmittable);
    const cancel = await cancelOf(app);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe(MARKETPLACE_MESSAGES.cannotCancelPublished);
    expect(await listed(id)).toEqual(v1);

    // Approved: the listing shows version 2 and the new title, under the same slug and address.
    expect((await decide(id, 'approve')).statusCode).toBe(200);
    const v2 = await listed(id);
    expect(v2).toMatchObject({ id, name: 'Stock keeper Pro', summary: 'Items, counts and more', version_number: 2, slug: v1.slug });
    expect(v2.subdomain).not.toBe(v1.subdomain);
    expect((await t.app.inject({ method: 'GET', url: `/api/multipage/marketplace/templates/${v1.slug}` })).json().template).toMatchObject({ id, version_number: 2 });
    expect(await originOf()).toMatchObject({ template_id: id, version_number: 1, latest_version_number: 2, update_available: true });

    // A rejected update: the request says so with the reason; the marketplace still lists version 2.
    const third = await submit({ ...form, request_id: id, title: 'Stock keeper Max' });
    expect(third.statusCode, third.body).toBe(200);
    expect(third.json().reviewRequest).toMatchObject({ status: 'pending', version: 3 });
    expect((await decide(id, 'reject', 'The new title overpromises.')).statusCode).toBe(200);
    expect(await statusOf(app)).toMatchObject({ status: 'rejected', version: 3, title: 'Stock keeper Max', rejection_reason: 'The new title overpromises.' });
    expect(await listed(id)).toEqual(v2);
    const row = await t.ctx.db.selectFrom('review_requests').select(['published_version_id', 'version_id']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.published_version_id).not.toBe(row.version_id);
    // Nor can a rejected update be cancelled: the listed version stays, with its frozen copy.
    expect((await cancelOf(app)).statusCode).toBe(409);
    expect(await listed(id)).toEqual(v2);
    expect(await t.ctx.db.selectFrom('apps').select('id').where('subdomain', '=', v2.subdomain).executeTakeFirst()).toBeTruthy();
    const preview = await t.app.inject({ method: 'GET', url: `/api/multipage/marketplace/templates/${v2.subdomain}` });
    expect(preview.json().template).toMatchObject({ id, version_number: 2 });
  });
});
