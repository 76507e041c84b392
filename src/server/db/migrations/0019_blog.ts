// The blog (issue 17): its own accounts (blog admins: author, editor, admin), their sessions
// (24 hours, shell §4) and e-mailed invitations, categories, posts and the media library.
// Blog admins are neither owners nor provider admins.
import type { Kysely, Migration } from 'kysely';

export const blog: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('blog_admins')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      /** Lower-case. */
      .addColumn('email', 'varchar(320)', (c) => c.notNull().unique())
      /** 'author' | 'editor' | 'admin'. */
      .addColumn('role', 'varchar(20)', (c) => c.notNull())
      /** null until the invitation is accepted (the account cannot sign in before). */
      .addColumn('password_hash', 'varchar(300)')
      /** A media library image id (blog_media.id), or null. */
      .addColumn('avatar_media_id', 'varchar(32)')
      /** A few words shown on the author card of a post. */
      .addColumn('bio', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
      .addColumn('last_login_at', 'varchar(30)')
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('blog_admin_sessions')
      /** sha256 of the `sb_blog` cookie's token. */
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('blog_admin_id', 'varchar(32)', (c) => c.notNull().references('blog_admins.id').onDelete('cascade'))
      /** The loginTime of shell §3: the session ends 24 hours after it. */
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('blog_admin_sessions_admin_idx').on('blog_admin_sessions').column('blog_admin_id').execute();
    await db.schema
      .createTable('blog_invitations')
      /** sha256 of the e-mailed token. */
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('blog_admin_id', 'varchar(32)', (c) => c.notNull().references('blog_admins.id').onDelete('cascade'))
      .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('blog_invitations_admin_idx').on('blog_invitations').column('blog_admin_id').execute();

    await db.schema
      .createTable('blog_categories')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('slug', 'varchar(120)', (c) => c.notNull().unique())
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('blog_media')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      /** The uploaded file's name, cleaned (searched in the library). */
      .addColumn('name', 'varchar(255)', (c) => c.notNull())
      /** What the server re-encoded it to: image/jpeg | image/png | image/webp. */
      .addColumn('type', 'varchar(50)', (c) => c.notNull())
      .addColumn('bytes', 'integer', (c) => c.notNull())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('alt', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('uploaded_by', 'varchar(32)', (c) => c.references('blog_admins.id').onDelete('set null'))
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('blog_media_created_idx').on('blog_media').column('created_at').execute();

    await db.schema
      .createTable('blog_posts')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('slug', 'varchar(200)', (c) => c.notNull().unique())
      .addColumn('title', 'varchar(300)', (c) => c.notNull())
      .addColumn('excerpt', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
      /** Rich HTML, cleaned on the server on every write (and again when served). */
      .addColumn('content', 'text', (c) => c.notNull())
      /** A media library image URL, or ''. */
      .addColumn('cover_image', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
      .addColumn('category_id', 'varchar(32)', (c) => c.references('blog_categories.id').onDelete('set null'))
      /** JSON array of strings. */
      .addColumn('tags', 'text', (c) => c.notNull())
      .addColumn('author_id', 'varchar(32)', (c) => c.references('blog_admins.id').onDelete('set null'))
      /** 'draft' | 'published' | 'scheduled' (a scheduled post is public once publish_at has passed). */
      .addColumn('status', 'varchar(20)', (c) => c.notNull())
      /** When it is (or was) published: set by publishing, or the scheduled time. */
      .addColumn('publish_at', 'varchar(30)')
      .addColumn('seo_title', 'varchar(300)', (c) => c.notNull().defaultTo(''))
      .addColumn('seo_description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      /** The random token of the post's preview link (never the bare slug). */
      .addColumn('preview_token', 'varchar(64)', (c) => c.notNull())
      /** Grows by one on every save: a save naming an older one is a conflict, not an overwrite. */
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('updated_by', 'varchar(32)')
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('blog_posts_public_idx').on('blog_posts').columns(['status', 'publish_at']).execute();
    await db.schema.createIndex('blog_posts_author_idx').on('blog_posts').columns(['author_id', 'updated_at']).execute();
    await db.schema.createIndex('blog_posts_category_idx').on('blog_posts').column('category_id').execute();
  },

  async down(db: Kysely<unknown>) {
    for (const t of ['blog_posts', 'blog_media', 'blog_categories', 'blog_invitations', 'blog_admin_sessions', 'blog_admins']) await db.schema.dropTable(t).execute();
  },
};
