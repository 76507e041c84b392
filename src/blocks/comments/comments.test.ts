import { describe, expect, it } from 'vitest';
import { blockDefaults } from '../../shared/settings/block';
import type { BlockComments, BlockData } from '../types';
import { renderBlock, viewData } from '../testing/views';
import { CommentsBlock } from './CommentsBlock';
import { initialsOf, pagesOf, timeAgo } from './comment-format';
import { commentsSchema } from './schema';

const NOW = Date.parse('2024-03-10T12:00:00Z');

describe('comment display', () => {
  it.each<[string, string]>([
    ['2024-03-10T11:59:40Z', 'just now'],
    ['2024-03-10T11:59:00Z', '1 minute ago'],
    ['2024-03-10T11:15:00Z', '45 minutes ago'],
    ['2024-03-10T09:00:00Z', '3 hours ago'],
    ['2024-03-09T10:00:00Z', 'yesterday'],
    ['2024-03-06T12:00:00Z', '4 days ago'],
    ['2024-02-01T12:00:00Z', 'Feb 1, 2024'],
    ['garbage', ''],
  ])('%s → %s', (iso, text) => expect(timeAgo(iso, NOW)).toBe(text));

  it.each<[number, number, number, { page: number; pages: number }]>([
    [0, 10, 0, { page: 1, pages: 1 }],
    [0, 10, 10, { page: 1, pages: 1 }],
    [10, 10, 11, { page: 2, pages: 2 }],
    [20, 5, 23, { page: 5, pages: 5 }],
    [100, 5, 23, { page: 5, pages: 5 }],
  ])('offset %i by %i of %i → %j', (offset, limit, total, out) => expect(pagesOf(offset, limit, total)).toEqual(out));

  it.each<[string, string]>([
    ['Ann Lee', 'AL'],
    ['ann', 'A'],
    ['  Mary Ann  Smith ', 'MS'],
    ['', '?'],
  ])('initials of %j → %s', (name, out) => expect(initialsOf(name)).toBe(out));
});

function data(comments?: Partial<BlockComments>, email: string | null = null): BlockData {
  const base: BlockComments = {
    comments: [],
    total: 0,
    offset: 0,
    limit: 10,
    loading: false,
    error: null,
    ready: true,
    setOffset: () => undefined,
    post: async () => undefined,
  };
  return viewData([], { viewer: { role: 'guest', email }, comments: { ...base, ...comments } });
}

const render = (d: BlockData, mode: 'view' | 'edit' = 'view') => renderBlock(CommentsBlock, commentsSchema, {}, d, mode);

describe('CommentsBlock renders', () => {
  it('comments as plain text, never HTML', () => {
    const html = render(
      data({ total: 1, comments: [{ id: '1', author: '<b>Mallory</b>', body: '<img src=x onerror=alert(1)>\n**bold**', created_at: '2024-03-10T11:00:00Z' }] }),
    );
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>Mallory');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('**bold**');
    expect(html).toContain('&lt;b&gt;Mallory&lt;/b&gt;');
  });

  it('anonymous visitors get a name field; signed-in users do not', () => {
    expect(render(data())).toContain('Your name');
    expect(render(data({}, 'ann@example.com'))).not.toContain('Your name');
  });

  it('pages when there are more comments than a page; delete buttons only for the owner', () => {
    const comments = Array.from({ length: 10 }, (_, i) => ({ id: String(i), author: 'Pat', body: `c${i}`, created_at: '2024-03-10T11:00:00Z' }));
    const html = render(data({ total: 25, comments }));
    expect(html).toContain('Comment pages');
    expect(html).not.toContain('Delete comment by');
    expect(render(data({ total: 1, comments: comments.slice(0, 1), remove: async () => undefined }))).toContain('Delete comment by Pat');
  });

  it('an unsaved block in the editor says when comments appear; the defaults are the spec\'s', () => {
    expect(render(data({ ready: false }), 'edit')).toContain('Comments appear here once the block is saved.');
    expect(render(data())).toContain('No comments yet. Be the first to comment.');
    expect(blockDefaults(commentsSchema)).toMatchObject({ comments_per_page: '10' });
    expect(commentsSchema.settings.comments_per_page!.options!.map((o) => o.value)).toEqual(['5', '10', '15', '20', '25', '50']);
  });
});
