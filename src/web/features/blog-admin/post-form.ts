// The post editor's pure parts: the form and the body it sends, the status choice (Draft /
// Publish now / Schedule), the datetime-local value of a schedule, and the autosave state machine
// with the words of its visible state.
import type { BlogPostAdmin, BlogPostSummary } from '../../../shared/api/blog';
import { BLOG_STATUS_LABELS, blogSlug, type BlogPostStatus } from '../../../shared/rules/blog';
import type { PostBody } from './blog-admin-api';

export type StatusChoice = 'draft' | 'publish' | 'schedule';

export interface PostForm {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  cover_image: string;
  category_id: string | null;
  tags: string[];
  seo_title: string;
  seo_description: string;
  choice: StatusChoice;
  /** The datetime-local value of a schedule ('YYYY-MM-DDTHH:mm', the reader's time zone). */
  scheduleLocal: string;
}

export const EMPTY_FORM: PostForm = {
  title: '',
  slug: '',
  excerpt: '',
  content: '',
  cover_image: '',
  category_id: null,
  tags: [],
  seo_title: '',
  seo_description: '',
  choice: 'draft',
  scheduleLocal: '',
};

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local value in the reader's time zone; '' when none. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (the reader's time zone) as an ISO instant; null when empty or unreadable. */
export function fromLocalInput(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** What is wrong with a schedule, in the server's own words; null when it is a time in the future. */
export function scheduleProblem(value: string, now: number = Date.now()): string | null {
  const iso = fromLocalInput(value);
  if (!iso) return 'Pick the date and time the post should go live.';
  if (Date.parse(iso) <= now) return 'Pick a time in the future to schedule the post, or publish it now.';
  return null;
}

export function formFromPost(post: BlogPostAdmin): PostForm {
  return {
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    content: post.content,
    cover_image: post.cover_image,
    category_id: post.category_id,
    tags: [...post.tags],
    seo_title: post.seo_title,
    seo_description: post.seo_description,
    choice: post.status === 'published' ? 'publish' : post.status === 'scheduled' ? 'schedule' : 'draft',
    scheduleLocal: post.status === 'scheduled' ? toLocalInput(post.publish_at) : '',
  };
}

/** The stored status a choice saves as. */
export function statusOfChoice(choice: StatusChoice): BlogPostStatus {
  return choice === 'publish' ? 'published' : choice === 'schedule' ? 'scheduled' : 'draft';
}

/**
 * The body of a save. `status` is what the save stores: an autosave keeps the stored status (a
 * change of status is only made by the button that says so), the button sends the choice.
 */
export function bodyOf(form: PostForm, status: BlogPostStatus, storedPublishAt: string | null = null): PostBody {
  let publish_at: string | null = null;
  if (status === 'scheduled') publish_at = fromLocalInput(form.scheduleLocal) ?? storedPublishAt;
  else if (status === 'published') publish_at = storedPublishAt;
  return {
    title: form.title.trim(),
    slug: form.slug.trim(),
    excerpt: form.excerpt,
    content: form.content,
    cover_image: form.cover_image,
    category_id: form.category_id,
    tags: form.tags,
    status,
    publish_at,
    seo_title: form.seo_title,
    seo_description: form.seo_description,
  };
}

/** The address the post will have: its slug, or the one the server makes from the title. */
export function addressSlug(form: Pick<PostForm, 'slug' | 'title'>): string {
  return blogSlug(form.slug) || blogSlug(form.title);
}

/** A post's status as people read it: a scheduled post whose time came is published. */
export function statusLabel(post: Pick<BlogPostSummary, 'status' | 'live'>): string {
  return post.status === 'scheduled' && post.live ? BLOG_STATUS_LABELS.published : BLOG_STATUS_LABELS[post.status];
}

export function statusColour(post: Pick<BlogPostSummary, 'status' | 'live'>): string {
  if (post.status === 'published' || (post.status === 'scheduled' && post.live)) return 'teal';
  return post.status === 'scheduled' ? 'indigo' : 'gray';
}

// ---- Autosave ------------------------------------------------------------------------------

/**
 * `rev` counts the edits; a save carries the rev it sent, so an edit made while it was on the way
 * leaves the post 'dirty' after it (and is saved next).
 */
export type SaveState =
  | { status: 'clean'; rev: number; savedRev: number; savedAt: number | null }
  | { status: 'dirty'; rev: number; savedRev: number; savedAt: number | null }
  /** `attempt`: the failures just before this try (0 for a first try). */
  | { status: 'saving'; rev: number; savedRev: number; savingRev: number; savedAt: number | null; attempt: number }
  /** A failure worth trying again (the network, the server's own trouble). */
  | { status: 'retrying'; rev: number; savedRev: number; savedAt: number | null; message: string; attempt: number }
  /** A refusal a retry would not change (a slug taken, a time in the past): shown until the next edit. */
  | { status: 'refused'; rev: number; savedRev: number; savedAt: number | null; message: string }
  /** Someone else saved first: nothing is saved until the person chooses. */
  | { status: 'conflict'; rev: number; savedRev: number; savedAt: number | null };

export type SaveEvent =
  | { type: 'edit' }
  | { type: 'start' }
  | { type: 'saved'; rev: number; at: number }
  | { type: 'failed'; message: string; retry: boolean }
  | { type: 'conflict' }
  /** The stored version was loaded in place of the person's edits. */
  | { type: 'reloaded'; at: number };

export const INITIAL_SAVE: SaveState = { status: 'clean', rev: 0, savedRev: 0, savedAt: null };

export function saveReducer(s: SaveState, e: SaveEvent): SaveState {
  const base = { rev: s.rev, savedRev: s.savedRev, savedAt: s.savedAt };
  switch (e.type) {
    case 'edit':
      if (s.status === 'conflict') return { ...base, status: 'conflict', rev: s.rev + 1 };
      if (s.status === 'saving') return { ...s, rev: s.rev + 1 };
      if (s.status === 'retrying') return { ...s, rev: s.rev + 1 };
      return { ...base, status: 'dirty', rev: s.rev + 1 };
    case 'start':
      if (s.status === 'conflict') return s;
      return { ...base, status: 'saving', savingRev: s.rev, attempt: s.status === 'retrying' ? s.attempt : 0 };
    case 'saved': {
      const savedRev = Math.max(s.savedRev, e.rev);
      return { status: savedRev >= s.rev ? 'clean' : 'dirty', rev: s.rev, savedRev, savedAt: e.at };
    }
    case 'failed':
      if (!e.retry) return { ...base, status: 'refused', message: e.message };
      return { ...base, status: 'retrying', message: e.message, attempt: (s.status === 'saving' || s.status === 'retrying' ? s.attempt : 0) + 1 };
    case 'conflict':
      return { ...base, status: 'conflict' };
    case 'reloaded':
      return { status: 'clean', rev: s.rev + 1, savedRev: s.rev + 1, savedAt: e.at };
  }
}

/** True when there are edits the server does not have. */
export function hasUnsaved(s: SaveState): boolean {
  return s.rev > s.savedRev;
}

/** Wait before the next try after a failure: 2 s, 4 s, 8 s… at most 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(1, attempt));
}

/**
 * How the save state looks: a green check only once the post was really saved; a new post that
 * was never saved ('Not saved yet') is grey, with no icon (issue 33).
 */
export function saveStateLook(s: SaveState): { colour: 'teal' | 'dimmed' | 'yellow.8' | 'red'; icon: 'check' | 'spinner' | 'warning' | null } {
  if (s.status === 'clean') return s.savedAt === null ? { colour: 'dimmed', icon: null } : { colour: 'teal', icon: 'check' };
  if (s.status === 'saving') return { colour: 'dimmed', icon: 'spinner' };
  if (s.status === 'dirty') return { colour: 'yellow.8', icon: null };
  return { colour: 'red', icon: 'warning' };
}

/** The visible save state. `time` formats the time of the last save. */
export function saveStateText(s: SaveState, time: (ms: number) => string): string {
  switch (s.status) {
    case 'saving':
      return 'Saving…';
    case 'retrying':
      return 'Couldn’t save — retrying';
    case 'refused':
      return 'Couldn’t save';
    case 'conflict':
      return 'Not saved: someone else changed this post';
    case 'dirty':
      return 'Unsaved changes';
    case 'clean':
      return s.savedAt === null ? 'Not saved yet' : `Saved at ${time(s.savedAt)}`;
  }
}
