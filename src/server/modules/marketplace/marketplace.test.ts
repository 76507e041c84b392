// The owner's marketplace routes on the test database: every rule of the form with the form's own
// words, the app's state (public, no sign-in), paid templates and Stripe, the state machine from
// the owner's side (reviewers' decisions are set in the database here), cancelling, the images
// route, the description's cleaning, and who may call each route.
import { beforeAll, describe, expect, it } from 'vitest';
import { MARKETPLACE_LIMITS, MARKETPLACE_MESSAGES, marketplaceMessages } from '../../../shared/rules/marketplace';
import { CancelResponse, ReviewRequestResponse, SubmitResponse, UploadFileResponse, type ReviewRequest } from '../../../shared/api/marketplace';
import { PAID_REASONS } from '../billing/connect';
import { PRIVATE_APP_MESSAGE } from '../../access/viewer';
import { addBlock, boardWithSheets, multipart, onPaidPlan, signUp, type TestUser, joinAsEditor, signInAppUser } from '../../testing/app';
import { testServer } from '../../testing/server';
import { PNG } from '../../testing/fixtures';

const t = testServer();
let owner: TestUser;
let other: TestUser;
let editor: TestUser;

const URL = '/api/multipage/marketplace/review-request';
const as = (u?: TestUser) => (u ? { cookie: u.cookie } : {});

/** Upload one image through POST /api/upload-file (201 or throws). */
async function upload(user: TestUser, content: Buffer = PNG, field: 'thumbnail' | 'image' = 'image', query = ''): Promise<{ url: string; size: number; type: string; field: string; name: string }> {
  const m = multipart('shot.png', content, {}, field);
  const res = await t.app.inject({ method: 'POST', url: `/api/upload-file${query}`, payload: m.payload, headers: { ...m.headers, ...as(user) } });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A public app with no sign-in of the owner's, a table over Orders (Secret: a tab no block uses). */
async function makeApp(name: string, user: TestUser = owner) {
  const ids = await boardWithSheets(t.app, user, name, [
    { title: 'Orders', columns: ['City', 'Amount'], rows: [{ City: 'Paris', Amount: 12 }, { City: 'Lyon', Amount: 7 }] },
    { title: 'Secret', columns: ['Note'], rows: [{ Note: 'not for the marketplace' }] },
  ]);
  const block = await addBlock(t.app, user, ids.appId, { type: 'table', sheet_title: 'Orders', axis: [{ column: 'City' }, { column: 'Amount' }] });
  return { ...ids, blockId: block.id };
}

async function validForm(appId: string, user: TestUser = owner) {
  // The form names its app, so an editor's images go to the app's workspace.
  const thumb = await upload(user, PNG, 'thumbnail', `?app_id=${appId}`);
  const image = await upload(user, PNG, 'image', `?app_id=${appId}`);
  return {
    app_id: appId,
    title: 'Sales tracker',
    summary: 'Track your sales by city',
    tags: 'sales, crm , ,cities',
    description: '<h2>All your sales</h2><p>In <span style="color: #ff0000">one</span> place</p>',
    category: 'sales-crm',
    price: 5,
    is_free: true,
    thumbnail: thumb.url,
    thumbnail_bg_color: '#e3f2fd',
    additional_images: [image.url],
  };
}

const submit = (form: Record<string, unknown>, user: TestUser | undefined = owner) => t.app.inject({ method: 'PUT', url: URL, headers: as(user), payload: { form } });
const read = (appId: string, user: TestUser | undefined = owner) => t.app.inject({ method: 'GET', url: `${URL}?app_id=${appId}`, headers: as(user) });
const cancel = (appId: string, user: TestUser | undefined = owner) => t.app.inject({ method: 'DELETE', url: URL, headers: as(user), payload: { app_id: appId } });
const setStatus = (appId: string, status: string, reason: string | null = null) =>
  t.ctx.db.updateTable('review_requests').set({ status, rejection_reason: reason }).where('app_id', '=', appId).execute();

beforeAll(async () => {
  owner = await signUp(t.app, 'Owner Olga');
  // One app per case below: more than the free plan holds.
  await onPaidPlan(t, owner);
  other = await signUp(t.app, 'Other Otto');
  editor = await signUp(t.app, 'Editor Erin');
  await joinAsEditor(t, owner, editor);
});

describe('PUT review-request: the form rules, in the form words', () => {
  let appId: string;
  let form: Awaited<ReturnType<typeof validForm>>;
  beforeAll(async () => {
    appId = (await makeApp('Rules Shop')).appId;
    form = await validForm(appId);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['no title', { title: '   ' }, MARKETPLACE_MESSAGES.required],
    ['no summary', { summary: '' }, MARKETPLACE_MESSAGES.required],
    ['an empty description', { description: '<p> &nbsp; </p>' }, MARKETPLACE_MESSAGES.required],
    ['a description that is only a script', { description: '<script>alert(1)</script>' }, MARKETPLACE_MESSAGES.required],
    ['no category', { category: '' }, MARKETPLACE_MESSAGES.required],
    ['no tags', { tags: ' , ,' }, MARKETPLACE_MESSAGES.required],
    ['no tags (array)', { tags: [] }, MARKETPLACE_MESSAGES.required],
    ['no thumbnail', { thumbnail: '' }, MARKETPLACE_MESSAGES.noThumbnail],
    ['no additional image', { additional_images: [] }, MARKETPLACE_MESSAGES.noAdditional],
    ['a title too long', { title: 'x'.repeat(MARKETPLACE_LIMITS.titleMax + 1) }, MARKETPLACE_MESSAGES.titleTooLong],
    ['a summary of 176 characters', { summary: 's'.repeat(MARKETPLACE_LIMITS.summaryMax + 1) }, MARKETPLACE_MESSAGES.summaryTooLong],
    ['an unknown category', { category: 'gadgets' }, MARKETPLACE_MESSAGES.unknownCategory],
    ['21 tags', { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, MARKETPLACE_MESSAGES.tooManyTags],
    ['a tag of 41 characters', { tags: `ok, ${'x'.repeat(41)}` }, MARKETPLACE_MESSAGES.tooManyTags],
    ['a paid price under 5', { is_free: false, price: 4.99 }, MARKETPLACE_MESSAGES.minPrice],
    ['a paid price rounding under 5', { is_free: false, price: 4.994 }, MARKETPLACE_MESSAGES.minPrice],
    ['an empty price', { is_free: false, price: '' }, MARKETPLACE_MESSAGES.minPrice],
    // Over Stripe's largest charge, or beyond PostgreSQL's integer column once in cents.
    ['a paid price of 1e9', { is_free: false, price: 1e9 }, MARKETPLACE_MESSAGES.priceTooHigh],
    ['a paid price of 1e300', { is_free: false, price: 1e300 }, MARKETPLACE_MESSAGES.priceTooHigh],
    ['a paid price of "1e300" (text)', { is_free: false, price: '1e300' }, MARKETPLACE_MESSAGES.priceTooHigh],
    ['a paid price of 1,000,000', { is_free: false, price: 1_000_000 }, MARKETPLACE_MESSAGES.priceTooHigh],
    ['a paid price with three decimals', { is_free: false, price: 10.999 }, MARKETPLACE_MESSAGES.priceTooHigh],
    ['a colour that is not one', { thumbnail_bg_color: 'url(x)' }, MARKETPLACE_MESSAGES.badColour],
    ['six additional images', { additional_images: Array.from({ length: 6 }, () => '/api/uploads/x') }, MARKETPLACE_MESSAGES.fifthImage],
    ['a thumbnail from elsewhere', { thumbnail: 'https://evil.example/x.png' }, MARKETPLACE_MESSAGES.imageNotUploaded],
    ['an upload that does not exist', { additional_images: ['/api/uploads/nosuchupload'] }, MARKETPLACE_MESSAGES.imageNotUploaded],
    ['a description over the limit', { description: `<p>${'x'.repeat(MARKETPLACE_LIMITS.descriptionMaxChars)}</p>` }, MARKETPLACE_MESSAGES.descriptionTooLong],
  ])('%s: 400 with the message of the form', async (_name, patch, message) => {
    const res = await submit({ ...form, ...patch });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
    // Nothing was submitted.
    expect((await read(appId)).json().reviewRequest).toBeNull();
  });

  it("images: another workspace's upload, or an upload made for an app (not for the form), is refused", async () => {
    const theirs = await upload(other);
    let res = await submit({ ...form, additional_images: [theirs.url] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MARKETPLACE_MESSAGES.imageNotUploaded);
    const m = multipart('hero.png', PNG);
    const blockImage = (await t.app.inject({ method: 'POST', url: `/api/uploads?board=${appId}&purpose=block-setting`, payload: m.payload, headers: { ...m.headers, ...as(owner) } })).json().upload;
    res = await submit({ ...form, thumbnail: blockImage.url });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MARKETPLACE_MESSAGES.imageNotUploaded);
  });

  it('sizes come from the stored records: over 20 MB in total, then over 3 MB for one image', async () => {
    const images = await Promise.all([1, 2, 3, 4, 5].map(() => upload(owner)));
    const ids = [form.thumbnail, ...images.map((i) => i.url)].map((u) => u.split('/').pop()!);
    // Records as a bigger upload would have left them (the route itself refuses over 3 MB).
    await t.ctx.db.updateTable('uploads').set({ size: 3_600_000 }).where('id', 'in', ids).execute();
    let res = await submit({ ...form, additional_images: images.map((i) => i.url) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(marketplaceMessages.totalAtSubmit(6 * 3_600_000));
    res = await submit({ ...form, additional_images: [images[0]!.url] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(marketplaceMessages.thumbnailTooLarge(3_600_000));
    await t.ctx.db.updateTable('uploads').set({ size: PNG.length }).where('id', 'in', ids).execute();
  });

  it('a body bigger than the route allows is refused; one with a large inline image passes', async () => {
    const big = await submit({ ...form, description: 'x'.repeat(7 * 1024 * 1024) });
    expect(big.statusCode).toBe(413);
    const inline = `<p>Look</p><img src="data:image/png;base64,${Buffer.alloc(2_500_000, 7).toString('base64')}">`;
    const res = await submit({ ...form, description: inline });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.json().reviewRequest.description).toContain('<img src="data:image/png;base64,');
    await cancel(appId);
  });
});

describe("the app's state is read from the app", () => {
  it('a private app: 409 App Not Public with its help; a password app: 409 Sign-in Method Not Allowed', async () => {
    const { appId } = await makeApp('State Shop');
    const form = await validForm(appId);
    await t.app.inject({ method: 'PUT', url: `/api/apps/${appId}`, headers: as(owner), payload: { public: false } });
    // What the form says about the app does not count.
    let res = await submit({ ...form, is_public: true, sign_in_method: 'No sign in' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`${MARKETPLACE_MESSAGES.appNotPublic}. ${MARKETPLACE_MESSAGES.appNotPublicHelp}`);
    await t.app.inject({ method: 'PUT', url: `/api/apps/${appId}`, headers: as(owner), payload: { public: true, sign_in_method: 'Use password set by user' } });
    res = await submit(form);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`${MARKETPLACE_MESSAGES.signInNotAllowed}. ${MARKETPLACE_MESSAGES.signInNotAllowedHelp}`);
    await t.app.inject({ method: 'PUT', url: `/api/apps/${appId}`, headers: as(owner), payload: { sign_in_method: 'No sign in' } });
    res = await submit({ ...form, is_public: false, sign_in_method: 'Use password set by user' });
    expect(res.statusCode, res.body).toBe(200);
    // Stored as the app was, and the app itself is not changed by the submission.
    expect(res.json().reviewRequest).toMatchObject({ is_public: true, sign_in_method: 'No sign in' });
    const app = (await t.app.inject({ method: 'GET', url: `/api/apps/${appId}`, headers: as(owner) })).json().app;
    expect(app).toMatchObject({ public: true, sign_in_method: 'No sign in' });
  });
});

describe('paid templates', () => {
  it('403 when Stripe is off on this server, 403 until the account can charge and pay out, then 200 with the price in cents', async () => {
    const { appId } = await makeApp('Paid Shop');
    const form = { ...(await validForm(appId)), is_free: false, price: 12.35 };
    let res = await submit(form);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MARKETPLACE_MESSAGES.paidOff);
    expect(MARKETPLACE_MESSAGES.paidOff).toBe(PAID_REASONS.off);
    const config = t.ctx.config as { stripeSecretKey: string | null };
    config.stripeSecretKey = 'sk_test_marketplace';
    try {
      res = await submit(form);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MARKETPLACE_MESSAGES.stripeNotConnected);
      const ws = await t.ctx.db.selectFrom('workspaces').select('id').where('owner_id', '=', owner.id).executeTakeFirstOrThrow();
      await t.ctx.db
        .insertInto('stripe_accounts')
        .values({ workspace_id: ws.id, account_id: 'acct_test_1', charges_enabled: 1, payouts_enabled: 0, details_submitted: 1, updated_at: new Date().toISOString() })
        .execute();
      res = await submit(form);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MARKETPLACE_MESSAGES.stripeNotConnected);
      await t.ctx.db.updateTable('stripe_accounts').set({ payouts_enabled: 1 }).where('workspace_id', '=', ws.id).execute();
      // With everything else in order, a price Stripe cannot charge (or in tenths of a cent) is a 400 in words, and nothing is stored.
      for (const price of [1e9, 1e300, 10.999]) {
        res = await submit({ ...form, price });
        expect(res.statusCode, `${price}: ${res.body}`).toBe(400);
        expect(res.json().message).toBe(MARKETPLACE_MESSAGES.priceTooHigh);
        expect((await read(appId)).json().reviewRequest).toBeNull();
      }
      res = await submit(form);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().reviewRequest).toMatchObject({ is_free: false, price: 12.35 });
      const row = await t.ctx.db.selectFrom('review_requests').select('price_cents').where('app_id', '=', appId).executeTakeFirstOrThrow();
      expect(Number(row.price_cents)).toBe(1235);
    } finally {
      config.stripeSecretKey = null;
    }
  });
});

describe('the state machine, from the owner side', () => {
  it('none → pending; pending: 409; rejected → pending (version 2); published: not cancellable, an update → pending (version 3); cancel → none; none: 404', async () => {
    const { appId } = await makeApp('Machine Shop');
    const form = await validForm(appId);
    expect((await read(appId)).json()).toEqual({ reviewRequest: null });

    let res = await submit(form);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MARKETPLACE_MESSAGES.submitted);
    const first = res.json().reviewRequest as ReviewRequest;
    expect(first).toMatchObject({
      app_id: appId,
      status: 'pending',
      title: 'Sales tracker',
      tags: ['sales', 'crm', 'cities'],
      category: 'sales-crm',
      price: 0,
      is_free: true,
      thumbnail: form.thumbnail,
      thumbnail_bg_color: '#e3f2fd',
      additional_images: form.additional_images,
      rejection_reason: null,
      version: 1,
      decisions: [],
    });
    expect((await read(appId)).json().reviewRequest).toEqual(first);
    // Every answer is the contract's shape.
    expect(() => SubmitResponse.parse(res.json())).not.toThrow();
    const readBack: unknown = (await read(appId)).json();
    expect(() => ReviewRequestResponse.parse(readBack)).not.toThrow();

    res = await submit(form);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MARKETPLACE_MESSAGES.notSubmittable);

    await setStatus(appId, 'rejected', 'Please add screenshots');
    expect((await read(appId)).json().reviewRequest).toMatchObject({ status: 'rejected', rejection_reason: 'Please add screenshots' });
    res = await submit({ ...form, title: 'Sales tracker 2' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().reviewRequest).toMatchObject({ id: first.id, status: 'pending', rejection_reason: null, title: 'Sales tracker 2', version: 2 });

    await setStatus(appId, 'published');
    res = await cancel(appId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MARKETPLACE_MESSAGES.cannotCancelPublished);
    // Published: an update goes back to pending with a new version (then pending: 409 again).
    res = await submit({ ...form, title: 'Sales tracker 3' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().reviewRequest).toMatchObject({ id: first.id, status: 'pending', rejection_reason: null, title: 'Sales tracker 3', version: 3 });
    res = await submit(form);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MARKETPLACE_MESSAGES.notSubmittable);
    // A pending update of a listed version is not cancelled (the listed version would go with it).
    const listedVersion = await t.ctx.db.selectFrom('template_versions').select('id').where('request_id', '=', first.id).where('number', '=', 2).executeTakeFirstOrThrow();
    await t.ctx.db.updateTable('review_requests').set({ published_version_id: listedVersion.id }).where('id', '=', first.id).execute();
    res = await cancel(appId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MARKETPLACE_MESSAGES.cannotCancelPublished);
    await t.ctx.db.updateTable('review_requests').set({ published_version_id: null }).where('id', '=', first.id).execute();

    const versions = await t.ctx.db.selectFrom('template_versions').select(['snapshot_app_id']).where('request_id', '=', first.id).execute();
    expect(versions).toHaveLength(3);
    res = await cancel(appId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MARKETPLACE_MESSAGES.cancelled });
    expect(() => CancelResponse.parse(res.json())).not.toThrow();
    expect((await read(appId)).json()).toEqual({ reviewRequest: null });
    // The versions and their frozen copies went with it.
    expect(await t.ctx.db.selectFrom('template_versions').select('id').where('request_id', '=', first.id).execute()).toEqual([]);
    const snapshots = versions.map((v) => v.snapshot_app_id!);
    expect(await t.ctx.db.selectFrom('apps').select('id').where('id', 'in', snapshots).execute()).toEqual([]);

    res = await cancel(appId);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MARKETPLACE_MESSAGES.noRequest);

    // A rejected request may be cancelled too; a new submission then starts at version 1.
    expect((await submit(form)).json().reviewRequest.version).toBe(1);
    await setStatus(appId, 'rejected', 'No');
    expect((await cancel(appId)).statusCode).toBe(200);
    expect((await submit(form)).json().reviewRequest.version).toBe(1);
  });

  it('a submit and cancel loop is held back: at most a few submissions of one app an hour (429), other apps unaffected', async () => {
    const { appId } = await makeApp('Loop Shop');
    const form = await validForm(appId);
    for (let i = 0; i < MARKETPLACE_LIMITS.submitsPerAppPerHour; i++) {
      expect((await submit(form)).statusCode).toBe(200);
      expect((await cancel(appId)).statusCode).toBe(200);
    }
    const res = await submit(form);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^This app was submitted too many times in a short while\. Please wait \d+ minutes? and try again\.$/);
    expect((await read(appId)).json().reviewRequest).toBeNull();
    const otherApp = (await makeApp('Loop Shop Two')).appId;
    expect((await submit(await validForm(otherApp))).statusCode).toBe(200);
  });

  it('two first submissions at once: one is pending, the other 409', async () => {
    const { appId } = await makeApp('Race Shop');
    const form = await validForm(appId);
    const answers = await Promise.all([submit(form), submit(form)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await t.ctx.db.selectFrom('template_versions').select('id').where('source_app_id', '=', appId).execute()).toHaveLength(1);
  });

  it('an editor of the workspace reads, submits and cancels; decisions are listed with their version', async () => {
    const { appId } = await makeApp('Team Shop');
    const form = await validForm(appId, editor);
    const res = await submit(form, editor);
    expect(res.statusCode, res.body).toBe(200);
    const request = res.json().reviewRequest as ReviewRequest;
    const version = await t.ctx.db.selectFrom('template_versions').select('id').where('request_id', '=', request.id).executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('review_decisions')
      .values({ id: 'dec1', request_id: request.id, version_id: version.id, version_number: 1, admin_id: null, reviewer_name: 'Rita', decision: 'rejected', reason: 'Blurry images', decided_at: new Date().toISOString() })
      .execute();
    expect((await read(appId, editor)).json().reviewRequest.decisions).toEqual([
      { id: 'dec1', decision: 'rejected', reason: 'Blurry images', reviewer_name: 'Rita', version: 1, decided_at: expect.any(String) },
    ]);
    expect((await cancel(appId, editor)).statusCode).toBe(200);
  });
});

describe('the description: cleaned when stored and when served', () => {
  /** Inputs and what must not survive them. */
  const CORPUS: [string, RegExp][] = [
    ['<script>alert(1)</script><p>x</p>', /<script|alert/i],
    ['<img src=x onerror=alert(1)><p>x</p>', /onerror|<img/i],
    ['<p onclick="alert(1)" onmouseover="alert(2)">x</p>', /onclick|onmouseover/i],
    ['<a href="javascript:alert(1)">x</a>', /javascript:/i],
    ['<a href="JaVaScRiPt&colon;alert(1)">x</a>', /javascript|colon/i],
    ['<a href=" javascript:alert(1)">x</a>', /javascript/i],
    ['<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>', /data:/i],
    ['<img src="data:text/html;base64,PHNjcmlwdD4=">', /data:text|<img/i],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', /svg|<img/i],
    ['<svg onload=alert(1)><circle/></svg><p>x</p>', /<svg|onload/i],
    ['<span style="background-image: url(javascript:alert(1)); color: red">x</span>', /url\(|javascript|background-image/i],
    ['<span style="color: expression(alert(1))">x</span>', /expression/i],
    ['<iframe src="https://evil.example"></iframe><p>x</p>', /<iframe/i],
    ['<object data="x.swf"></object><embed src="x.swf"><p>x</p>', /<object|<embed/i],
    ['<scr<script>ipt>alert(1)</scr</script>ipt>', /<script/i],
    ['<style>p{background:url(javascript:alert(1))}</style><p>x</p>', /<style|javascript/i],
    ['<form action="https://evil.example"><input name="q"><button>Go</button></form>', /<form|<input|<button/i],
    ['<meta http-equiv="refresh" content="0;url=https://evil.example"><p>x</p>', /<meta|refresh/i],
    ['<a href="//evil.example">x</a>', /evil/i],
    ['<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>', /onerror|<img|<math/i],
    ['<p>x</p><!-- <img src=x onerror=alert(1)> -->', /onerror|<!--/i],
    ['<a href="https://ok.example" target="_self" onfocus="x">ok</a>', /onfocus|_self/i],
  ];

  it.each(CORPUS)('%s: nothing executable is stored or served', async (html, bad) => {
    const { appId } = await makeApp(`Xss ${Math.random().toString(36).slice(2, 8)}`);
    const form = await validForm(appId);
    const res = await submit({ ...form, description: `<p>Safe text</p>${html}` });
    expect(res.statusCode, res.body).toBe(200);
    const description = res.json().reviewRequest.description as string;
    expect(description).not.toMatch(bad);
    expect(description).toContain('Safe text');
    const stored = await t.ctx.db.selectFrom('review_requests').select('description').where('app_id', '=', appId).executeTakeFirstOrThrow();
    expect(stored.description).not.toMatch(bad);
  });

  it('colours, links, lists and inline images survive; links open in a new tab without the opener', async () => {
    const { appId } = await makeApp('Colour Shop');
    const form = await validForm(appId);
    const html =
      '<h1>T</h1><h3>S</h3><p><strong>b</strong><em>i</em><u>u</u><s>s</s><span style="color: #ff0000; background-color: rgb(255, 255, 0)">c</span></p>' +
      '<ol><li>one</li></ol><ul><li>two</li></ul><blockquote>q</blockquote><pre><code>code</code></pre><hr>' +
      `<a href="https://example.com/a">l</a><a href="mailto:ann@example.com">m</a><img src="data:image/png;base64,${PNG.toString('base64')}"><img src="${form.thumbnail}">`;
    const res = await submit({ ...form, description: html });
    const d = res.json().reviewRequest.description as string;
    for (const part of ['<h1>T</h1>', '<h3>S</h3>', '<strong>b</strong>', '<em>i</em>', '<u>u</u>', '<s>s</s>', '<ol><li>one</li></ol>', '<blockquote>q</blockquote>', '<pre><code>code</code></pre>', '<hr />'])
      expect(d).toContain(part);
    expect(d).toContain('<span style="color:#ff0000;background-color:rgb(255, 255, 0)">c</span>');
    expect(d).toContain('<a href="https://example.com/a" target="_blank" rel="noopener noreferrer nofollow">l</a>');
    expect(d).toContain('<a href="mailto:ann@example.com" target="_blank" rel="noopener noreferrer nofollow">m</a>');
    expect(d).toContain(`<img src="data:image/png;base64,${PNG.toString('base64')}" />`);
    expect(d).toContain(`<img src="${form.thumbnail}" />`);
  });

  it('title, summary and tags are plain text: markup is kept as the characters typed, inside JSON strings (the web shows them as text)', async () => {
    const { appId } = await makeApp('Text Shop');
    const markup = '<img src=x onerror=alert(1)>';
    const res = await submit({ ...(await validForm(appId)), title: `A ${markup}`, summary: `S <script>alert(1)</script>`, tags: ['<b>bold</b>', 'ok'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().reviewRequest).toMatchObject({ title: `A ${markup}`, summary: 'S <script>alert(1)</script>', tags: ['<b>bold</b>', 'ok'] });
  });

  it('what was stored before a rule existed is cleaned on the way out', async () => {
    const { appId } = await makeApp('Old Shop');
    await submit(await validForm(appId));
    await t.ctx.db.updateTable('review_requests').set({ description: '<p>old</p><img src=x onerror=alert(1)><script>alert(2)</script>' }).where('app_id', '=', appId).execute();
    const d = (await read(appId)).json().reviewRequest.description as string;
    expect(d).toBe('<p>old</p>');
  });
});

describe('POST /api/upload-file', () => {
  const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);
  const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(60, 1)]);
  const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([40, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(40, 1)]);
  const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><circle r="4"/></svg>');

  it.each<[string, Buffer, string]>([
    ['png', PNG, 'image/png'],
    ['jpeg', JPEG, 'image/jpeg'],
    ['gif', GIF, 'image/gif'],
    ['webp', WEBP, 'image/webp'],
  ])('a %s image is stored, typed by its bytes, and anyone may read it back', async (_name, content, type) => {
    const m = multipart('whatever.svg', content, {}, 'thumbnail');
    const res = await t.app.inject({ method: 'POST', url: '/api/upload-file', payload: m.payload, headers: { ...m.headers, ...as(owner) } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ url: expect.stringMatching(/^\/api\/uploads\/[A-Za-z0-9_-]+$/), name: 'whatever.svg', size: content.length, type, field: 'thumbnail' });
    expect(() => UploadFileResponse.parse(res.json())).not.toThrow();
    const got = await t.app.inject({ method: 'GET', url: res.json().url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe(type);
    expect(got.rawPayload.equals(content)).toBe(true);
  });

  it.each<[string, Buffer]>([
    ['an SVG', SVG],
    ['text named .png', Buffer.from('hello there, not an image')],
    ['an HTML page', Buffer.from('<html><script>alert(1)</script></html>')],
  ])('%s is refused (400, with an error field)', async (_name, content) => {
    const m = multipart('pic.png', content, {}, 'image');
    const res = await t.app.inject({ method: 'POST', url: '/api/upload-file', payload: m.payload, headers: { ...m.headers, ...as(owner) } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Only PNG, JPEG, GIF or WebP images can be uploaded here/);
    expect(res.json().error).toBe(res.json().message);
  });

  it("over 3 MB: 400 'too big' (as the form expects), nothing stored", async () => {
    const before = await t.ctx.db.selectFrom('uploads').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    for (const size of [MARKETPLACE_LIMITS.imageMaxBytes + 1, 5 * 1024 * 1024]) {
      const big = Buffer.concat([PNG, Buffer.alloc(size - PNG.length, 0)]);
      const m = multipart('big.png', big, {}, 'image');
      const res = await t.app.inject({ method: 'POST', url: '/api/upload-file', payload: m.payload, headers: { ...m.headers, ...as(owner) } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain('too big');
      expect(res.json()).toMatchObject({ message: MARKETPLACE_MESSAGES.imageTooBig, error: MARKETPLACE_MESSAGES.imageTooBig });
    }
    // Exactly 3 MB passes.
    const max = await upload(owner, Buffer.concat([PNG, Buffer.alloc(MARKETPLACE_LIMITS.imageMaxBytes - PNG.length, 0)]));
    expect(max.size).toBe(MARKETPLACE_LIMITS.imageMaxBytes);
    const after = await t.ctx.db.selectFrom('uploads').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + 1);
  });

  it('one file per call, in the field thumbnail or image; no session: 401', async () => {
    const boundary = '----twofiles';
    const part = (name: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    const payload = Buffer.concat([Buffer.from(part('image')), PNG, Buffer.from(`\r\n${part('image')}`), PNG, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const two = await t.app.inject({ method: 'POST', url: '/api/upload-file', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...as(owner) } });
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe('Send one file per upload');
    const m = multipart('a.png', PNG, {}, 'file');
    const wrong = await t.app.inject({ method: 'POST', url: '/api/upload-file', payload: m.payload, headers: { ...m.headers, ...as(owner) } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(MARKETPLACE_MESSAGES.uploadNoImage);
    const json = await t.app.inject({ method: 'POST', url: '/api/upload-file', payload: { image: 'x' }, headers: as(owner) });
    expect(json.statusCode).toBe(400);
    const anon = await t.app.inject({ method: 'POST', url: '/api/upload-file', payload: m.payload, headers: m.headers });
    expect(anon.statusCode).toBe(401);
  });

  it("the workspace's quota holds: 413 with the editor's message, nothing stored", async () => {
    const config = t.ctx.config as { uploadQuotaMb: number };
    const quota = config.uploadQuotaMb;
    config.uploadQuotaMb = 0.00001;
    try {
      const m = multipart('a.png', PNG, {}, 'image');
      const res = await t.app.inject({ method: 'POST', url: '/api/upload-file', payload: m.payload, headers: { ...m.headers, ...as(other) } });
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toContain('your workspace has reached its limit');
      expect(res.json().error).toBe(res.json().message);
    } finally {
      config.uploadQuotaMb = quota;
    }
  });

  it("app_id: an editor's image goes to the app's workspace; an app the caller does not edit: their own", async () => {
    const { appId } = await makeApp('Upload Shop');
    const wsOf = async (userId: string) => (await t.ctx.db.selectFrom('workspaces').select('id').where('owner_id', '=', userId).executeTakeFirstOrThrow()).id;
    const stored = async (url: string) => (await t.ctx.db.selectFrom('uploads').selectAll().where('id', '=', url.split('/').pop()!).executeTakeFirstOrThrow());
    const viaQuery = await stored((await upload(editor, PNG, 'image', `?app_id=${appId}`)).url);
    expect(viaQuery).toMatchObject({ workspace_id: await wsOf(owner.id), app_id: null, from_visitor: 0 });
    const m = multipart('a.png', PNG, { app_id: appId }, 'image');
    const viaField = await t.app.inject({ method: 'POST', url: '/api/upload-file', payload: m.payload, headers: { ...m.headers, ...as(editor) } });
    expect((await stored(viaField.json().url)).workspace_id).toBe(await wsOf(owner.id));
    const stranger = await stored((await upload(other, PNG, 'image', `?app_id=${appId}`)).url);
    expect(stranger.workspace_id).toBe(await wsOf(other.id));
    // The editor's images submit for the owner's app.
    expect((await submit(await validForm(appId, editor), editor)).statusCode).toBe(200);
  });
});

describe('who may call the marketplace routes', () => {
  type Who = 'anonymous' | 'owner' | 'workspace editor' | 'other owner' | 'app user';
  let pub: string;
  let priv: string;
  let members: string;
  let appUserCookie: string;

  beforeAll(async () => {
    pub = (await makeApp('Matrix Public')).appId;
    priv = (await makeApp('Matrix Private')).appId;
    await t.app.inject({ method: 'PUT', url: `/api/apps/${priv}`, headers: as(owner), payload: { public: false } });
    members = (await makeApp('Matrix Members')).appId;
    await t.app.inject({ method: 'PUT', url: `/api/apps/${members}`, headers: as(owner), payload: { sign_in_method: 'Use password set by user' } });
    appUserCookie = await signInAppUser(t, members, 'rea@example.com');
  });

  const cookieOf = (who: Who) => (who === 'owner' ? owner.cookie : who === 'workspace editor' ? editor.cookie : who === 'other owner' ? other.cookie : who === 'app user' ? appUserCookie : undefined);
  const call = async (what: 'read' | 'submit' | 'cancel', appId: string, who: Who) => {
    const headers = cookieOf(who) ? { cookie: cookieOf(who)! } : {};
    if (what === 'read') return t.app.inject({ method: 'GET', url: `${URL}?app_id=${appId}`, headers });
    if (what === 'cancel') return t.app.inject({ method: 'DELETE', url: URL, headers, payload: { app_id: appId } });
    // A form that would pass for the owner: the refusal is about the caller, not the form.
    const form = { ...(await validForm(pub)), app_id: appId };
    return t.app.inject({ method: 'PUT', url: URL, headers, payload: { form } });
  };

  it('anonymous 401; another owner 403 (Access Denied on a private app); an app user 401; the owner and editors pass', async () => {
    const unexpected: string[] = [];
    for (const what of ['read', 'submit', 'cancel'] as const)
      for (const [appId, which] of [
        [pub, 'public'],
        [priv, 'private'],
        [members, 'password'],
      ] as const)
        for (const who of ['anonymous', 'other owner', 'app user'] as Who[]) {
          const res = await call(what, appId, who);
          const expected = who === 'other owner' ? 403 : 401;
          if (res.statusCode !== expected) unexpected.push(`${who} ${what} on the ${which} app → ${res.statusCode} ${res.body.slice(0, 120)}`);
          if (who === 'other owner' && which === 'private' && res.json().message !== PRIVATE_APP_MESSAGE) unexpected.push(`other owner ${what} private → ${res.body}`);
        }
    expect(unexpected).toEqual([]);
    // Nobody else's call left a request behind.
    expect(await t.ctx.db.selectFrom('review_requests').select('id').where('app_id', 'in', [pub, priv, members]).execute()).toEqual([]);
    for (const who of ['owner', 'workspace editor'] as Who[]) {
      expect((await call('read', pub, who)).statusCode, who).toBe(200);
      expect((await call('submit', pub, who)).statusCode, who).toBe(200);
      expect((await call('cancel', pub, who)).statusCode, who).toBe(200);
    }
  });

  it('an unknown app: 404; a malformed request: 400', async () => {
    expect((await read('nosuchapp')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: URL, headers: as(owner) })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url: URL, headers: as(owner), payload: { form: { app_id: pub } } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'DELETE', url: URL, headers: as(owner), payload: {} })).statusCode).toBe(400);
  });

  it('POST /api/upload-file: anonymous and app users 401', async () => {
    for (const cookie of [undefined, appUserCookie]) {
      const m = multipart('a.png', PNG, {}, 'image');
      const res = await t.app.inject({ method: 'POST', url: '/api/upload-file', payload: m.payload, headers: { ...m.headers, ...(cookie ? { cookie } : {}) } });
      expect(res.statusCode).toBe(401);
    }
  });
});
