import { describe, expect, it } from 'vitest';
import { MARKETPLACE_MESSAGES, marketplaceFormProblem } from '../../../shared/rules/marketplace';
import type { ReviewRequest } from '../../../shared/api/marketplace';
import { ApiError } from '../../lib/api';
import {
  clampSummary,
  contentsSummary,
  emptyFormState,
  formLock,
  formStateFromRequest,
  formValues,
  galleryItems,
  galleryStep,
  hasPublishedVersion,
  imageBytes,
  launchDialogTitle,
  marketplaceTitle,
  statusActions,
  statusOf,
  submitErrorMessage,
  submitLabel,
  submitPayload,
  summaryCounter,
  uploadErrorMessage,
  type MarketplaceFormState,
} from './form-state';

const request: ReviewRequest = {
  id: 'req-1',
  app_id: 'app-1',
  status: 'rejected',
  title: 'Inventory tracker',
  summary: 'Track stock levels',
  tags: ['inventory', 'stock'],
  description: '<p>Keeps your stock up to date.</p>',
  category: 'operations-logistics',
  price: 12.5,
  is_free: false,
  thumbnail: '/uploads/marketplace/thumb%20one.png',
  thumbnail_bg_color: '#e3f2fd',
  additional_images: ['/uploads/marketplace/a.png', '/uploads/marketplace/b.png?v=2'],
  rejection_reason: 'Please add screenshots of every page.',
  is_public: true,
  sign_in_method: 'No sign in',
  with_data: false,
  version: 1,
  submitted_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-21T10:00:00.000Z',
  decisions: [],
};

const filled = (): MarketplaceFormState<{ name: string }> => ({
  ...emptyFormState(),
  title: '  Inventory tracker ',
  summary: ' Track stock levels ',
  tagsText: ' inventory, , stock ',
  description: '<p>Keeps your stock up to date.</p>',
  category: 'operations-logistics',
  thumbnail: { id: 't', name: 't.png', size: 1000, src: 'blob:t', file: { name: 't.png' } },
  additional: [
    { id: 'a', name: 'a.png', size: 2000, src: 'blob:a', file: { name: 'a.png' } },
    { id: 'b', name: 'b.png', size: 0, src: '/uploads/b.png', url: '/uploads/b.png' },
  ],
});

describe('the form state', () => {
  it('starts empty: free, price 5, white background, no request', () => {
    expect(emptyFormState()).toEqual({
      title: '',
      summary: '',
      tagsText: '',
      description: '',
      category: '',
      isFree: true,
      price: 5,
      bg: '#ffffff',
      thumbnail: null,
      additional: [],
      withData: true,
      requestId: null,
    });
  });

  it('is pre-filled from a rejected request (Edit & Resubmit), its images counting as stored', () => {
    const s = formStateFromRequest(request);
    expect(s).toMatchObject({
      title: 'Inventory tracker',
      summary: 'Track stock levels',
      tagsText: 'inventory, stock',
      description: '<p>Keeps your stock up to date.</p>',
      category: 'operations-logistics',
      isFree: false,
      price: 12.5,
      bg: '#e3f2fd',
      // Held back last time: a resubmission holds the rows back too unless the seller says otherwise.
      withData: false,
      requestId: 'req-1',
    });
    expect(s.thumbnail).toEqual({ id: 'existing-thumbnail', name: 'thumb one.png', size: 0, src: request.thumbnail, url: request.thumbnail });
    expect(s.additional.map((i) => [i.name, i.url])).toEqual([
      ['a.png', '/uploads/marketplace/a.png'],
      ['b.png', '/uploads/marketplace/b.png?v=2'],
    ]);
    // Nothing to upload again: the form passes as it is.
    expect(marketplaceFormProblem(formValues(s))).toBeNull();
  });

  it("images uploaded before are named after their place, not after the upload's id (Edit & Resubmit)", () => {
    const s = formStateFromRequest({ ...request, thumbnail: '/api/uploads/k3J9xQ2mZ7', additional_images: ['/api/uploads/Ab12Cd34Ef', '/api/uploads/Zz99'] });
    expect(s.thumbnail?.name).toBe('Current thumbnail');
    expect(s.additional.map((i) => i.name)).toEqual(['Current image 1', 'Current image 2']);
  });

  it('a free request pre-fills the default price for a switch to paid', () => {
    expect(formStateFromRequest({ ...request, is_free: true, price: 0 }).price).toBe(5);
  });

  it.each([
    ['', '0 / 175'],
    ['  hello  ', '5 / 175'],
    ['x'.repeat(175), '175 / 175'],
  ])('summary %j counts %s', (summary, counter) => expect(summaryCounter(summary)).toBe(counter));

  it('keeps at most 175 characters of the summary', () => expect(clampSummary('y'.repeat(200))).toHaveLength(175));

  it('counts only the bytes of images chosen here', () => expect(imageBytes(filled())).toBe(3000));
});

describe('formValues and submitPayload', () => {
  it('gives the validator trimmed text, the tag list and the stand-in image addresses', () => {
    expect(formValues(filled())).toEqual({
      title: 'Inventory tracker',
      summary: 'Track stock levels',
      tags: ['inventory', 'stock'],
      description: '<p>Keeps your stock up to date.</p>',
      category: 'operations-logistics',
      price: 5,
      is_free: true,
      thumbnail: 'blob:t',
      thumbnail_bg_color: '#ffffff',
      additional_images: ['blob:a', '/uploads/b.png'],
    });
  });

  it('a paid form sends its price; a free one the default', () => {
    expect(formValues({ ...filled(), isFree: false, price: 9.99 }).price).toBe(9.99);
    expect(formValues({ ...filled(), isFree: true, price: 9.99 }).price).toBe(5);
  });

  it('is §3 payload with the stored references and the app read at submit time', () => {
    const payload = submitPayload(
      { ...filled(), requestId: 'req-1', isFree: false, price: 7 },
      { thumbnail: '/uploads/t.png', additional: ['/uploads/a.png', '/uploads/b.png'] },
      { id: 'app-1', public: true, sign_in_method: 'No sign in', publishUrl: '' },
      'http://shop.example.test/',
    );
    expect(payload).toEqual({
      title: 'Inventory tracker',
      summary: 'Track stock levels',
      tags: ['inventory', 'stock'],
      description: '<p>Keeps your stock up to date.</p>',
      category: 'operations-logistics',
      price: 7,
      is_free: false,
      thumbnail: '/uploads/t.png',
      thumbnail_bg_color: '#ffffff',
      additional_images: ['/uploads/a.png', '/uploads/b.png'],
      preview_url: 'http://shop.example.test/',
      app_id: 'app-1',
      request_id: 'req-1',
      is_public: true,
      publish_url: 'http://shop.example.test/',
      sign_in_method: 'No sign in',
      sign_in_password: null,
      with_data: true,
    });
  });

  it('sends with_data false when the seller sends the template without its data', () => {
    const payload = submitPayload({ ...filled(), withData: false }, { thumbnail: 't', additional: ['a'] }, { id: 'x', public: true, sign_in_method: 'No sign in' }, 'http://p/');
    expect(payload.with_data).toBe(false);
  });

  it("sends the app's own Publish URL when it has one", () => {
    const payload = submitPayload(filled(), { thumbnail: 't', additional: ['a'] }, { id: 'x', public: true, sign_in_method: 'No sign in', publishUrl: ' https://shop.example.com ' }, 'http://p/');
    expect(payload.publish_url).toBe('https://shop.example.com');
  });
});

describe('contentsSummary: what ships, in plain words', () => {
  const parts = { title: 'Parts', columns: ['Item', 'Price'], rows: 40 };
  const notes = { title: 'Notes', columns: ['Note'], rows: 1 };
  it.each([
    [[parts], true, '1 sheet, 40 rows; columns: Item, Price', []],
    [[{ ...parts, rows: 1 }], true, '1 sheet, 1 row; columns: Item, Price', []],
    [[parts], false, '1 sheet, no rows; columns: Item, Price', []],
    [[parts, notes], true, '2 sheets, 41 rows', ['Parts: 40 rows; columns: Item, Price', 'Notes: 1 row; columns: Note']],
    [[parts, notes], false, '2 sheets, no rows', ['Parts: no rows; columns: Item, Price', 'Notes: no rows; columns: Note']],
    [[{ title: 'Empty', columns: [], rows: 0 }], true, '1 sheet, 0 rows; no columns', []],
    [[], true, 'No sheet data: no block on a public page of this app shows a sheet.', []],
  ])('%j with data %s → %s', (sheets, withData, headline, lines) => {
    expect(contentsSummary(sheets, withData)).toEqual({ headline, lines });
  });
});

describe('formLock', () => {
  it.each([
    [undefined, 'not-public'],
    [{ public: false, sign_in_method: 'No sign in' }, 'not-public'],
    [{ public: false, sign_in_method: 'Use password set by user' }, 'not-public'],
    [{ public: true, sign_in_method: 'Use password set by user' }, 'sign-in'],
    [{ public: true, sign_in_method: 'No sign in' }, null],
  ])('%j → %s', (app, lock) => expect(formLock(app)).toBe(lock));
});

describe('the §8 messages', () => {
  it.each([
    [new ApiError('File too big', 400), 'thumbnail', MARKETPLACE_MESSAGES.thumbnailTooBigUpload],
    [new ApiError('The file is Too Big for us', 400), 2, 'Image 2 exceeds the 3MB size limit. Please choose smaller images.'],
    [new ApiError('too big', 413), 'thumbnail', 'Failed to upload thumbnail: too big'],
    [new ApiError('Only images can be uploaded', 400), 'thumbnail', 'Failed to upload thumbnail: Only images can be uploaded'],
    [new ApiError('Network error occurred', 0), 3, 'Failed to upload image 3: Network error occurred'],
  ] as const)('upload %s (%s) → %s', (e, n, text) => expect(uploadErrorMessage(e, n)).toBe(text));

  it.each([
    [new ApiError('Internal Server Error', 500), MARKETPLACE_MESSAGES.submitServerError],
    [new ApiError('This template is already submitted.', 409), 'This template is already submitted.'],
    [new ApiError('', 400), 'Failed to submit template'],
    ['thrown text', 'Failed to submit template'],
  ] as const)('submit %s → %s', (e, text) => expect(submitErrorMessage(e)).toBe(text));
});

describe('titles and labels', () => {
  it.each([
    [null, 'none', 'Launch Your App', 'Publish to Marketplace'],
    [{ status: 'pending' as const }, 'pending', 'Launch Your App · Pending Review', 'Submission Status'],
    [{ status: 'published' as const }, 'published', 'Launch Your App · Published', 'Template Published'],
    [{ status: 'rejected' as const }, 'rejected', 'Launch Your App · Changes Requested', 'Resubmit Template'],
  ])('%j', (r, status, dialog, section) => {
    expect(statusOf(r)).toBe(status);
    expect(launchDialogTitle(statusOf(r))).toBe(dialog);
    expect(marketplaceTitle(statusOf(r), false)).toBe(section);
  });

  it('edit mode is a resubmission, with its own button; of a published template it is an update', () => {
    expect(marketplaceTitle('rejected', true)).toBe('Resubmit Template');
    expect(marketplaceTitle('published', true)).toBe('Update Your Listed Template');
    expect(marketplaceTitle('published', false)).toBe('Template Published');
    expect(submitLabel(true)).toBe('Update Template');
    expect(submitLabel(false)).toBe('Submit for Review');
  });
});

describe('the status view buttons', () => {
  const approved = { id: 'd2', decision: 'approved' as const, reason: null, reviewer_name: 'Ann', version: 1, decided_at: '2026-01-02T00:00:00.000Z' };
  const rejected = { id: 'd1', decision: 'rejected' as const, reason: 'No', reviewer_name: 'Ann', version: 1, decided_at: '2026-01-01T00:00:00.000Z' };
  it.each([
    ['a first submission, pending', 'pending', [], { cancel: true, edit: null }],
    ['changes requested', 'rejected', [rejected], { cancel: false, edit: 'Edit & Resubmit' }],
    ['published', 'published', [approved], { cancel: false, edit: 'Submit an update' }],
    ['an update under review (v1 still listed)', 'pending', [approved], { cancel: false, edit: null }],
    ['an update rejected (v1 still listed)', 'rejected', [rejected, approved], { cancel: false, edit: 'Edit & Resubmit' }],
  ] as const)('%s', (_name, status, decisions, actions) => {
    expect(statusActions({ status, decisions: [...decisions] })).toEqual(actions);
  });

  it('a listed version is one a reviewer approved', () => {
    expect(hasPublishedVersion({ decisions: [] })).toBe(false);
    expect(hasPublishedVersion({ decisions: [rejected] })).toBe(false);
    expect(hasPublishedVersion({ decisions: [rejected, approved] })).toBe(true);
  });

  it('Submit an update opens the form pre-filled from the published request, submitted as Update Template', () => {
    const published = { ...request, status: 'published' as const, rejection_reason: null, decisions: [approved] };
    const state = formStateFromRequest(published);
    expect(state).toMatchObject({ title: published.title, summary: published.summary });
    expect(submitLabel(true)).toBe('Update Template');
  });
});

describe('the gallery', () => {
  it('shows the thumbnail first, then the additional images numbered from 1', () => {
    expect(galleryItems(request)).toEqual([
      { src: request.thumbnail, type: 'thumbnail', index: 1 },
      { src: '/uploads/marketplace/a.png', type: 'additional', index: 1 },
      { src: '/uploads/marketplace/b.png?v=2', type: 'additional', index: 2 },
    ]);
  });

  it.each([
    ['ArrowRight', 0, 3, 1],
    [' ', 1, 3, 2],
    ['ArrowRight', 2, 3, 0],
    ['ArrowLeft', 0, 3, 2],
    ['ArrowLeft', 2, 3, 1],
    ['Enter', 1, 3, null],
    ['Escape', 1, 3, null],
    ['ArrowRight', 0, 0, null],
  ])('%j at %d of %d → %s', (key, at, count, next) => expect(galleryStep(key, at, count)).toBe(next));
});
