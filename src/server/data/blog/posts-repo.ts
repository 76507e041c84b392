// The only SQL of the blog's posts and categories (issue 17). "Live" (visitors may read it) is
// decided here, at read time, from the stored status and time: a post is live when it is not a
// draft and its publish_at has passed. A scheduled post therefore goes live by itself at its time
// with no timer, and every server instance agrees (they all read the same row and clock).
import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import type { Db } from '../../db';
import type { BlogPostsTable, Database } from '../../db/schema';
import { likeLiteral } from '../admin/repo';

export type PostRow = Selectable<BlogPostsTable>;

/** A post with what its screens show of its author, category and last editor. */
export type PostView = PostRow & {
  author_name: string | null;
  author_avatar: string | null;
  author_bio: string | null;
  category_name: string | null;
  category_slug: string | null;
  updated_by_name: string | null;
};

export interface AdminPostFilter {
  status: 'draft' | 'published' | 'scheduled' | 'all';
  category: string | null;
  /** Forced to the caller's id for an author. */
  author: string | null;
  /** Lower-case text searched in the title. */
  q: string | null;
}

export interface PublicPostFilter {
  /** A category slug. */
  category: string | null;
  author: string | null;
  /** Lower-case text searched in the title, excerpt and content. */
  q: string | null;
}

type PostsEb = ExpressionBuilder<Database & { p: BlogPostsTable }, 'p'>;

/** The post is live at `now` (an ISO instant; stored instants are all toISOString(), so they compare as text). */
const liveAt = (eb: PostsEb, now: string) => eb.and([eb('p.status', '!=', 'draft'), eb('p.publish_at', 'is not', null), eb('p.publish_at', '<=', now)]);

const count = (r: { n: string | number | bigint } | undefined) => Number(r?.n ?? 0);

export function blogRepo(db: Db) {
  const posts = () =>
    db
      .selectFrom('blog_posts as p')
      .leftJoin('blog_admins as a', 'a.id', 'p.author_id')
      .leftJoin('blog_categories as c', 'c.id', 'p.category_id')
      .leftJoin('blog_admins as u', 'u.id', 'p.updated_by')
      .selectAll('p')
      .select(['a.name as author_name', 'a.avatar_media_id as author_avatar', 'a.bio as author_bio', 'c.name as category_name', 'c.slug as category_slug', 'u.name as updated_by_name']);

  const adminFiltered = (f: AdminPostFilter, now: string) => {
    let q = posts();
    if (f.status === 'draft') q = q.where('p.status', '=', 'draft');
    else if (f.status === 'published') q = q.where((eb) => liveAt(eb, now));
    else if (f.status === 'scheduled') q = q.where('p.status', '=', 'scheduled').where('p.publish_at', '>', now);
    if (f.category) q = q.where('p.category_id', '=', f.category);
    if (f.author) q = q.where('p.author_id', '=', f.author);
    if (f.q) q = q.where(sql<boolean>`lower(p.title) like ${`%${likeLiteral(f.q)}%`} escape '\\'`);
    return q;
  };

  const publicFiltered = (f: PublicPostFilter, now: string) => {
    let q = posts().where((eb) => liveAt(eb, now));
    if (f.category) q = q.where('c.slug', '=', f.category);
    if (f.author) q = q.where('p.author_id', '=', f.author);
    if (f.q) {
      const pattern = `%${likeLiteral(f.q)}%`;
      q = q.where(sql<boolean>`(lower(p.title) like ${pattern} escape '\\' or lower(p.excerpt) like ${pattern} escape '\\' or lower(p.content) like ${pattern} escape '\\')`);
    }
    return q;
  };

  return {
    byId(id: string): Promise<PostView | undefined> {
      return posts().where('p.id', '=', id).executeTakeFirst();
    },
    bySlug(slug: string): Promise<PostView | undefined> {
      return posts().where('p.slug', '=', slug).executeTakeFirst();
    },
    liveBySlug(slug: string, now: string): Promise<PostView | undefined> {
      return posts()
        .where('p.slug', '=', slug)
        .where((eb) => liveAt(eb, now))
        .executeTakeFirst();
    },
    /** Slugs of other posts among `base` and `base-…` (the candidates of a suffixed slug). */
    async slugsLike(base: string, exceptId: string | null): Promise<Set<string>> {
      let q = db
        .selectFrom('blog_posts')
        .select('slug')
        .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', sql<string>`${`${likeLiteral(base)}-%`} escape '\\'`)]));
      if (exceptId) q = q.where('id', '!=', exceptId);
      return new Set((await q.execute()).map((r) => r.slug));
    },
    async insert(row: PostRow): Promise<void> {
      await db.insertInto('blog_posts').values(row).execute();
    },
    /** The save of `version`; false when the stored post is at another version (or gone). */
    async update(id: string, version: number, values: Omit<PostRow, 'id' | 'created_at' | 'preview_token' | 'version'>): Promise<boolean> {
      const r = await db
        .updateTable('blog_posts')
        .set({ ...values, version: version + 1 })
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    async setPreviewToken(id: string, token: string, at: string): Promise<void> {
      await db.updateTable('blog_posts').set({ preview_token: token, updated_at: at }).where('id', '=', id).execute();
    },
    async remove(id: string): Promise<void> {
      await db.deleteFrom('blog_posts').where('id', '=', id).execute();
    },

    async adminPage(f: AdminPostFilter, now: string, offset: number, limit: number): Promise<PostView[]> {
      return adminFiltered(f, now).orderBy('p.updated_at', 'desc').orderBy('p.id', 'desc').offset(offset).limit(limit).execute();
    },
    async adminCount(f: AdminPostFilter, now: string): Promise<number> {
      return count(await adminFiltered(f, now).clearSelect().select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst());
    },

    async livePage(f: PublicPostFilter, now: string, offset: number, limit: number): Promise<PostView[]> {
      return publicFiltered(f, now).orderBy('p.publish_at', 'desc').orderBy('p.id', 'desc').offset(offset).limit(limit).execute();
    },
    async liveCount(f: PublicPostFilter, now: string): Promise<number> {
      return count(await publicFiltered(f, now).clearSelect().select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst());
    },
    /** The newest live posts without their content (related posts' candidates, the feed's items need it: see `live`). */
    liveNewest(now: string, limit: number): Promise<PostView[]> {
      return posts()
        .where((eb) => liveAt(eb, now))
        .orderBy('p.publish_at', 'desc')
        .orderBy('p.id', 'desc')
        .limit(limit)
        .execute();
    },
    /** Everything of the sitemap: every live post's slug and last change. */
    liveSlugs(now: string): Promise<{ slug: string; updated_at: string }[]> {
      return db
        .selectFrom('blog_posts as p')
        .select(['p.slug', 'p.updated_at'])
        .where((eb) => liveAt(eb, now))
        .orderBy('p.publish_at', 'desc')
        .execute();
    },
    /** People with a live post, by name. */
    liveAuthors(now: string): Promise<{ id: string; name: string; avatar_media_id: string | null }[]> {
      return db
        .selectFrom('blog_admins as a')
        .select(['a.id', 'a.name', 'a.avatar_media_id'])
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('blog_posts as p')
              .select('p.id')
              .whereRef('p.author_id', '=', 'a.id')
              .where((pb) => liveAt(pb as unknown as PostsEb, now)),
          ),
        )
        .orderBy('a.name')
        .orderBy('a.id')
        .execute();
    },
    /** Posts visitors cannot read yet (drafts, scheduled), last updated first; an author's own only. */
    notLivePage(now: string, authorId: string | null, offset: number, limit: number): Promise<PostView[]> {
      let q = posts().where((eb) => eb.not(liveAt(eb, now)));
      if (authorId) q = q.where('p.author_id', '=', authorId);
      return q.orderBy('p.updated_at', 'desc').orderBy('p.id', 'desc').offset(offset).limit(limit).execute();
    },
    async notLiveCount(now: string, authorId: string | null): Promise<number> {
      let q = db.selectFrom('blog_posts as p').where((eb) => eb.not(liveAt(eb, now)));
      if (authorId) q = q.where('p.author_id', '=', authorId);
      return count(await q.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst());
    },

    // ---- Categories ----
    /** Every category by name with its posts' count: live ones (`now` given) or all. */
    categories(now: string | null): Promise<{ id: string; name: string; slug: string; post_count: string | number }[]> {
      return db
        .selectFrom('blog_categories as c')
        .select(['c.id', 'c.name', 'c.slug'])
        .select((eb) => {
          let sub = eb.selectFrom('blog_posts as p').select(eb.fn.countAll<string | number>().as('n')).whereRef('p.category_id', '=', 'c.id');
          if (now) sub = sub.where((pb) => liveAt(pb as unknown as PostsEb, now));
          return sub.as('post_count');
        })
        .orderBy('c.name')
        .orderBy('c.id')
        .execute() as Promise<{ id: string; name: string; slug: string; post_count: string | number }[]>;
    },
    category(id: string) {
      return db.selectFrom('blog_categories').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async categorySlugTaken(slug: string, exceptId: string | null): Promise<boolean> {
      let q = db.selectFrom('blog_categories').select('id').where('slug', '=', slug);
      if (exceptId) q = q.where('id', '!=', exceptId);
      return !!(await q.executeTakeFirst());
    },
    async insertCategory(row: { id: string; name: string; slug: string; created_at: string }): Promise<void> {
      await db.insertInto('blog_categories').values(row).execute();
    },
    async updateCategory(id: string, values: { name: string; slug: string }): Promise<void> {
      await db.updateTable('blog_categories').set(values).where('id', '=', id).execute();
    },
    /** Its posts become uncategorised (said here too: SQLite enforces the foreign key's action only with foreign_keys on). */
    async removeCategory(id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('blog_posts').set({ category_id: null }).where('category_id', '=', id).execute();
        await trx.deleteFrom('blog_categories').where('id', '=', id).execute();
      });
    },
  };
}

/** A unique-constraint violation (a slug taken by a concurrent save), on either database. */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; message?: string };
  return err?.code === '23505' || err?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/i.test(err?.message ?? '');
}
