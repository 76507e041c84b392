import { describe, expect, it } from 'vitest';
import type { BlogPostAdmin } from '../../../shared/api/blog';
import {
  addressSlug,
  bodyOf,
  EMPTY_FORM,
  formFromPost,
  fromLocalInput,
  hasUnsaved,
  INITIAL_SAVE,
  retryDelay,
  saveReducer,
  saveStateLook,
  saveStateText,
  scheduleProblem,
  statusLabel,
  toLocalInput,
  type SaveEvent,
  type SaveState,
} from './post-form';

const NOW = Date.parse('2026-11-24T12:00:00.000Z');

const post: BlogPostAdmin = {
  id: 'p1',
  slug: 'hello-world',
  title: 'Hello world',
  excerpt: 'Short',
  content: '<p>Hi</p>',
  cover_image: '/api/blog/media/m1',
  category_id: 'c1',
  category_name: 'News',
  tags: ['a', 'b'],
  author: { id: 'u1', name: 'Ada', avatar: null },
  status: 'scheduled',
  live: false,
  publish_at: '2026-12-01T09:30:00.000Z',
  seo_title: 'SEO',
  seo_description: 'Desc',
  version: 3,
  preview_url: '/blog/preview/hello-world?token=t',
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-24T10:00:00.000Z',
  updated_by: 'u1',
};

describe('the schedule time', () => {
  it('goes to a datetime-local value and back to the same instant', () => {
    const local = toLocalInput(post.publish_at);
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(fromLocalInput(local)).toBe(post.publish_at);
  });

  it('reads nothing from empty or malformed values', () => {
    expect(toLocalInput(null)).toBe('');
    expect(toLocalInput('soon')).toBe('');
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('2026-12-01')).toBeNull();
    expect(fromLocalInput('tomorrow at nine')).toBeNull();
  });

  it.each([
    ['', 'Pick the date and time the post should go live.'],
    ['garbage', 'Pick the date and time the post should go live.'],
    [toLocalInput(new Date(NOW - 60_000).toISOString()), 'Pick a time in the future to schedule the post, or publish it now.'],
    [toLocalInput(new Date(NOW + 3600_000).toISOString()), null],
  ])('schedule %s → %s', (value, problem) => {
    expect(scheduleProblem(value, NOW)).toBe(problem);
  });
});

describe('the form and its body', () => {
  it('is filled from a stored post with its status choice', () => {
    const f = formFromPost(post);
    expect(f.choice).toBe('schedule');
    expect(fromLocalInput(f.scheduleLocal)).toBe(post.publish_at);
    expect(formFromPost({ ...post, status: 'published' }).choice).toBe('publish');
    expect(formFromPost({ ...post, status: 'draft' }).choice).toBe('draft');
    expect(formFromPost({ ...post, status: 'draft' }).scheduleLocal).toBe('');
  });

  it('sends every field, the title trimmed, the schedule as an instant', () => {
    const f = formFromPost(post);
    expect(bodyOf({ ...f, title: '  Hello world ' }, 'scheduled')).toEqual({
      title: 'Hello world',
      slug: 'hello-world',
      excerpt: 'Short',
      content: '<p>Hi</p>',
      cover_image: '/api/blog/media/m1',
      category_id: 'c1',
      tags: ['a', 'b'],
      status: 'scheduled',
      publish_at: post.publish_at,
      seo_title: 'SEO',
      seo_description: 'Desc',
    });
  });

  it('sends no time for a draft and keeps the stored time of a published post', () => {
    expect(bodyOf(formFromPost(post), 'draft').publish_at).toBeNull();
    expect(bodyOf(EMPTY_FORM, 'published', '2026-11-01T00:00:00.000Z').publish_at).toBe('2026-11-01T00:00:00.000Z');
    expect(bodyOf(EMPTY_FORM, 'published').publish_at).toBeNull();
  });

  it('shows the address from the slug, else from the title (the spec’s slug rule)', () => {
    expect(addressSlug({ slug: '', title: 'Ten Tips: Pivot Tables!' })).toBe('ten-tips-pivot-tables');
    expect(addressSlug({ slug: 'My Own  Slug', title: 'x' })).toBe('my-own-slug');
    expect(addressSlug({ slug: '', title: '' })).toBe('');
  });

  it('calls a scheduled post whose time came published', () => {
    expect(statusLabel({ status: 'scheduled', live: true })).toBe('Published');
    expect(statusLabel({ status: 'scheduled', live: false })).toBe('Scheduled');
    expect(statusLabel({ status: 'draft', live: false })).toBe('Draft');
  });
});

describe('the autosave state', () => {
  const run = (events: SaveEvent[], from: SaveState = INITIAL_SAVE) => events.reduce(saveReducer, from);
  const time = (ms: number) => new Date(ms).toISOString().slice(11, 16);

  it.each<[string, SaveEvent[], string, boolean]>([
    ['nothing typed', [], 'Not saved yet', false],
    ['an edit', [{ type: 'edit' }], 'Unsaved changes', true],
    ['an edit being saved', [{ type: 'edit' }, { type: 'start' }], 'Saving…', true],
    ['an edit saved', [{ type: 'edit' }, { type: 'start' }, { type: 'saved', rev: 1, at: NOW }], 'Saved at 12:00', false],
    ['an edit while saving stays unsaved', [{ type: 'edit' }, { type: 'start' }, { type: 'edit' }, { type: 'saved', rev: 1, at: NOW }], 'Unsaved changes', true],
    ['a network failure', [{ type: 'edit' }, { type: 'start' }, { type: 'failed', message: 'Network error occurred', retry: true }], 'Couldn’t save — retrying', true],
    ['a failure then success', [{ type: 'edit' }, { type: 'start' }, { type: 'failed', message: 'x', retry: true }, { type: 'start' }, { type: 'saved', rev: 1, at: NOW }], 'Saved at 12:00', false],
    ['a refusal', [{ type: 'edit' }, { type: 'start' }, { type: 'failed', message: 'Another post already uses this address.', retry: false }], 'Couldn’t save', true],
    ['an edit after a refusal', [{ type: 'edit' }, { type: 'start' }, { type: 'failed', message: 'x', retry: false }, { type: 'edit' }], 'Unsaved changes', true],
    ['a conflict', [{ type: 'edit' }, { type: 'start' }, { type: 'conflict' }], 'Not saved: someone else changed this post', true],
    ['edits after a conflict do not leave it', [{ type: 'edit' }, { type: 'start' }, { type: 'conflict' }, { type: 'edit' }, { type: 'start' }], 'Not saved: someone else changed this post', true],
    ['the latest version loaded', [{ type: 'edit' }, { type: 'start' }, { type: 'conflict' }, { type: 'reloaded', at: NOW }], 'Saved at 12:00', false],
  ])('%s', (_name, events, text, unsaved) => {
    const s = run(events);
    expect(saveStateText(s, time)).toBe(text);
    expect(hasUnsaved(s)).toBe(unsaved);
  });

  it('a green check only once the post was saved: "Not saved yet" is grey, with no check', () => {
    expect(saveStateLook(run([]))).toEqual({ colour: 'dimmed', icon: null });
    expect(saveStateLook(run([{ type: 'edit' }, { type: 'start' }, { type: 'saved', rev: 1, at: NOW }]))).toEqual({ colour: 'teal', icon: 'check' });
    expect(saveStateLook(run([{ type: 'edit' }, { type: 'start' }, { type: 'conflict' }]))).toEqual({ colour: 'red', icon: 'warning' });
  });

  it('counts failed attempts for the retry wait', () => {
    const s = run([{ type: 'edit' }, { type: 'start' }, { type: 'failed', message: 'x', retry: true }, { type: 'start' }, { type: 'failed', message: 'x', retry: true }]);
    expect(s.status === 'retrying' && s.attempt).toBe(2);
    expect(retryDelay(1)).toBe(2000);
    expect(retryDelay(2)).toBe(4000);
    expect(retryDelay(20)).toBe(30_000);
  });
});
