// Link previews of the marketplace's pages (issue 15): the index.html the site serves for
// /marketplace, /templates, /multipage-templates and /templates/{slug} carries the page's <title>,
// meta description and Open Graph tags, so a shared link shows the template's title, summary and
// thumbnail (crawlers do not run the SPA). Everything a seller typed is escaped for HTML.
//
// Absolute URLs use the base URL setting (PUBLIC_SCHEME + BASE_HOST, the app's BOARD_BASE_URL),
// not the request's Host header: a visitor chooses that header, and the page is the same for all.
import type { ServerContext } from '../../platform/context';
import { storefrontRepo } from '../../data/storefront/repo';
import { findTemplate } from './service';

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URL of the page. */
  url: string;
  /** Absolute URL of the image (none when the marketplace has nothing listed). */
  image: string | null;
  /** Open Graph type: 'website' unless said (a blog post is an 'article'). */
  type?: 'website' | 'article';
  /** More tags for the head, already escaped (a canonical link, a feed, robots). */
  head?: string[];
}

const SITE = 'Sheetboard';
const DESCRIPTION_MAX = 300;

const LISTINGS: Record<string, { title: string; description: string; kind: 'all' | 'multipage' }> = {
  marketplace: {
    title: `Template Marketplace · ${SITE}`,
    description: 'Browse ready-made boards and multipage apps built on spreadsheets: preview them live, then use, clone or buy them.',
    kind: 'all',
  },
  templates: {
    title: `Templates · ${SITE}`,
    description: 'Ready-made boards and multipage apps built on spreadsheets: preview them live, then use, clone or buy them.',
    kind: 'all',
  },
  'multipage-templates': {
    title: `Multipage App Templates · ${SITE}`,
    description: 'Ready-made multipage apps built on spreadsheets: preview them live, then use, clone or buy them.',
    kind: 'multipage',
  },
};

export function baseUrlOf(ctx: Pick<ServerContext, 'config'>): string {
  return `${ctx.config.publicScheme}://${ctx.config.baseHost}`;
}

/** An image reference as an absolute URL (uploads are `/api/uploads/{id}` on the base host). */
export function absoluteUrl(base: string, ref: string): string | null {
  const r = ref.trim();
  if (!r) return null;
  if (/^https?:\/\//i.test(r)) return r;
  return `${base}${r.startsWith('/') ? '' : '/'}${r}`;
}

const oneLine = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
};

/** The meta of a marketplace page on the base host; null for any other path. */
export async function marketplacePageMeta(ctx: ServerContext, pathname: string): Promise<PageMeta | null> {
  const segs = pathname.split('/').filter(Boolean);
  const base = baseUrlOf(ctx);
  const first = segs[0]?.toLowerCase();
  if (!first) return null;
  if (segs.length === 1 && Object.hasOwn(LISTINGS, first)) {
    const page = LISTINGS[first]!;
    // The listing's image: the newest template's thumbnail (of the kind the page lists).
    const [newest] = await storefrontRepo(ctx.db).page({ q: null, category: null, price: 'all', kind: page.kind }, 'newest', 0, 1);
    const thumb = newest?.thumbnail;
    return { title: page.title, description: page.description, url: `${base}/${first}`, image: thumb ? absoluteUrl(base, thumb) : null };
  }
  if (segs.length === 2 && first === 'templates') {
    let key: string;
    try {
      key = decodeURIComponent(segs[1]!);
    } catch {
      key = segs[1]!;
    }
    const found = key.length <= 200 ? await findTemplate(ctx, key) : null;
    if (!found) return { ...LISTINGS.templates!, url: `${base}/templates`, image: null };
    return {
      title: `${oneLine(found.title, 200)} · ${SITE} Templates`,
      description: oneLine(found.summary, DESCRIPTION_MAX) || LISTINGS.templates!.description,
      url: `${base}/templates/${encodeURIComponent(found.slug)}`,
      image: absoluteUrl(base, found.thumbnail),
    };
  }
  return null;
}

/** `text` safe inside HTML text and double- or single-quoted attributes. */
export function escapeAttr(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * index.html with the page's title and description in place of the defaults and the Open Graph
 * tags before </head>. Replacements are functions: a `$&` in a seller's title stays text.
 */
export function withPageMeta(html: string, meta: PageMeta): string {
  const title = escapeAttr(meta.title);
  const description = escapeAttr(meta.description);
  const tags = [
    `<meta property="og:type" content="${meta.type ?? 'website'}" />`,
    `<meta property="og:site_name" content="${SITE}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeAttr(meta.url)}" />`,
    ...(meta.image ? [`<meta property="og:image" content="${escapeAttr(meta.image)}" />`, `<meta name="twitter:card" content="summary_large_image" />`] : []),
    ...(meta.head ?? []),
  ].join('\n    ');
  let out = /<title>[\s\S]*?<\/title>/i.test(html) ? html.replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${title}</title>`) : html.replace(/<\/head>/i, () => `<title>${title}</title></head>`);
  const describe = `<meta name="description" content="${description}" />`;
  out = /<meta\s+name="description"[^>]*>/i.test(out) ? out.replace(/<meta\s+name="description"[^>]*>/i, () => describe) : out.replace(/<\/head>/i, () => `${describe}</head>`);
  return out.replace(/<\/head>/i, () => `    ${tags}\n  </head>`);
}
