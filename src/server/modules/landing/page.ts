// `/` on the base host for a visitor (issue 33, "a front door"): what the product does, the
// newest listed templates, the latest blog posts, and the ways in (sign in, sign up, the
// marketplace, the blog). One server-rendered page with inline styles and no script: it is the
// first page visitors and search engines see, so it must be whole before any JavaScript and cost
// nothing to load. A signed-in owner is sent on to /dashboard (site/routes.ts), as before.
//
// Everything sellers and authors typed is escaped; absolute URLs come from the base URL setting,
// never the request's Host header.
import type { ServerContext } from '../../platform/context';
import { nowIso } from '../../http';
import { categoryLabel, priceLabel } from '../../../shared/rules/marketplace';
import { storefrontRepo, type ListedRow } from '../../data/storefront/repo';
import { blogRepo } from '../../data/blog/posts-repo';
import { absoluteUrl, baseUrlOf, escapeAttr } from '../storefront/page-meta';
import { displayDateUtc } from '../blog/page-html';
import { BLOG_TITLE } from '../blog/feeds';

/** How many templates and posts the page shows. */
export const LANDING_LIMITS = { templates: 6, posts: 3 } as const;

export const LANDING_TITLE = 'Sheetboard: apps and dashboards from your spreadsheets';
export const LANDING_DESCRIPTION =
  'Turn a spreadsheet into a live dashboard or a multipage app without code: charts, tables, forms, maps and more, fed by your CSV, Excel file or Google Sheet. Publish it, share it, or start from a template.';

export const SIGN_IN_PATH = '/dashboard/auth';
export const SIGN_UP_PATH = '/dashboard/signup';

const esc = escapeAttr;

const oneLine = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
};

/** A colour a seller chose, or none when it is not a plain CSS hex colour. */
const hexColor = (c: string | null | undefined) => (c && /^#[0-9a-f]{3,8}$/i.test(c.trim()) ? c.trim() : null);

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#212529;background:#fff;line-height:1.5}
a{color:#4f46e5}
.wrap{max-width:1080px;margin:0 auto;padding:0 20px}
header{border-bottom:1px solid #e9ecef}
header .wrap{display:flex;align-items:center;gap:16px;min-height:60px;flex-wrap:wrap}
.brand{font-weight:800;font-size:20px;color:#212529;text-decoration:none;margin-right:auto}
nav{display:flex;flex-wrap:wrap;align-items:center;gap:6px 16px}
nav a{color:#495057;text-decoration:none;font-weight:600;font-size:15px;white-space:nowrap}
nav a:hover{color:#4f46e5}
.btn{display:inline-block;padding:10px 18px;border-radius:6px;font-weight:700;text-decoration:none;font-size:16px}
.primary{background:#4f46e5;color:#fff}
.secondary{border:1px solid #4f46e5;color:#4f46e5;background:#fff}
nav a.primary{color:#fff;padding:6px 14px;border-radius:6px}
.hero{padding:56px 0 40px;background:linear-gradient(180deg,#eef2ff,#fff)}
.hero h1{font-size:clamp(30px,5vw,46px);line-height:1.15;margin:0 0 16px;max-width:760px}
.hero p{font-size:18px;color:#495057;max-width:680px;margin:0 0 24px}
.signin{font-size:15px;margin:16px 0 0}
.actions{display:flex;gap:12px;flex-wrap:wrap}
section{padding:36px 0}
h2{font-size:26px;margin:0 0 6px}
.lead{color:#495057;margin:0 0 20px}
.tiles{display:grid;grid-template-columns:repeat(auto-fill,minmax(250px,1fr));gap:20px;list-style:none;margin:0;padding:0}
.tiles li{border:1px solid #e9ecef;border-radius:8px;overflow:hidden;background:#fff}
.tiles a.card{display:block;color:inherit;text-decoration:none;height:100%}
.tiles a.card:hover h3{color:#4f46e5}
.thumb{aspect-ratio:16/10;background:#f1f3f5;display:flex;align-items:center;justify-content:center;overflow:hidden}
.thumb img{width:100%;height:100%;object-fit:cover}
.body{padding:12px 14px 16px}
h3{font-size:17px;margin:0 0 4px;overflow-wrap:anywhere}
.meta{font-size:13px;color:#868e96;margin:0 0 6px}
.body p{margin:0;font-size:14px;color:#495057;overflow-wrap:anywhere}
.features{display:grid;grid-template-columns:repeat(auto-fit,minmax(220px,1fr));gap:20px;list-style:none;margin:0;padding:0}
.features li{background:#f8f9fa;border-radius:8px;padding:18px}
.features h3{margin-bottom:6px}
.more{margin-top:18px;font-weight:600}
footer{border-top:1px solid #e9ecef;padding:24px 0;font-size:14px;color:#868e96}
footer a{margin-right:16px;white-space:nowrap;display:inline-block}
`;

function templateCard(base: string, t: ListedRow): string {
  const href = `/templates/${encodeURIComponent(t.slug)}`;
  const thumb = t.thumbnail ? absoluteUrl(base, t.thumbnail) : null;
  const bg = hexColor(t.thumbnail_bg_color);
  const isFree = Number(t.is_free) === 1;
  const kind = t.kind === 'board' ? 'Board' : 'Multipage app';
  return [
    '<li><a class="card" href="', esc(href), '">',
    `<div class="thumb"${bg ? ` style="background:${bg}"` : ''}>`,
    thumb ? `<img src="${esc(thumb)}" alt="" loading="lazy" decoding="async" width="320" height="200">` : '',
    '</div><div class="body">',
    `<h3>${esc(oneLine(t.title, 120))}</h3>`,
    `<p class="meta">${esc(kind)} · ${esc(priceLabel(isFree, isFree ? 0 : Number(t.price_cents) / 100))}${t.category ? ` · ${esc(categoryLabel(t.category))}` : ''}</p>`,
    t.summary ? `<p>${esc(oneLine(t.summary, 160))}</p>` : '',
    '</div></a></li>',
  ].join('');
}

interface PostCard {
  slug: string;
  title: string;
  excerpt: string;
  publish_at: string | null;
  author_name: string | null;
}

function postCard(p: PostCard): string {
  const href = `/blog/${encodeURIComponent(p.slug)}`;
  return [
    '<li><a class="card" href="', esc(href), '"><div class="body">',
    `<h3>${esc(oneLine(p.title, 160))}</h3>`,
    `<p class="meta">${p.author_name ? `${esc(p.author_name)} · ` : ''}<time datetime="${esc(p.publish_at ?? '')}">${esc(displayDateUtc(p.publish_at))}</time></p>`,
    p.excerpt ? `<p>${esc(oneLine(p.excerpt, 220))}</p>` : '',
    '</div></a></li>',
  ].join('');
}

const FEATURES: { title: string; text: string }[] = [
  { title: 'Start from your spreadsheet', text: 'Import a CSV or Excel file, or connect a Google Sheet that stays in sync. Your rows stay yours.' },
  { title: 'Build with blocks', text: 'Charts, tables, scorecards, forms, calendars, maps and more: pick a block, choose its columns, and it shows your data.' },
  { title: 'Publish and share', text: 'Make a board public, give your team a sign-in, or embed it on your site. Edits show up live.' },
  { title: 'Use or sell templates', text: 'Start from a ready-made board or app in the marketplace, or list your own, free or paid.' },
];

/** The whole page: the newest templates and posts read now. */
export async function landingHtml(ctx: ServerContext): Promise<string> {
  const base = baseUrlOf(ctx);
  const [templates, posts] = await Promise.all([
    storefrontRepo(ctx.db).page({ q: null, category: null, price: 'all', kind: 'all' }, 'newest', 0, LANDING_LIMITS.templates),
    blogRepo(ctx.db).liveNewest(nowIso(), LANDING_LIMITS.posts),
  ]);
  const image = templates.map((t) => (t.thumbnail ? absoluteUrl(base, t.thumbnail) : null)).find(Boolean) ?? null;
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${esc(LANDING_TITLE)}</title>`,
    `<meta name="description" content="${esc(LANDING_DESCRIPTION)}">`,
    `<link rel="canonical" href="${esc(`${base}/`)}">`,
    `<link rel="alternate" type="application/rss+xml" title="${esc(BLOG_TITLE)}" href="/blog/rss.xml">`,
    '<meta property="og:type" content="website">',
    '<meta property="og:site_name" content="Sheetboard">',
    `<meta property="og:title" content="${esc(LANDING_TITLE)}">`,
    `<meta property="og:description" content="${esc(LANDING_DESCRIPTION)}">`,
    `<meta property="og:url" content="${esc(`${base}/`)}">`,
    ...(image ? [`<meta property="og:image" content="${esc(image)}">`, '<meta name="twitter:card" content="summary_large_image">'] : []),
    // The web app's icon (index.html), so the tab looks the same on every page.
    `<link rel="icon" href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='7' fill='%234f46e5'/%3E%3Crect x='7' y='16' width='4' height='9' fill='white'/%3E%3Crect x='14' y='10' width='4' height='15' fill='white'/%3E%3Crect x='21' y='6' width='4' height='19' fill='white'/%3E%3C/svg%3E">`,
    `<style>${STYLE}</style>`,
  ];
  const body = [
    '<header><div class="wrap">',
    '<a class="brand" href="/">Sheetboard</a>',
    '<nav aria-label="Main">',
    '<a href="/marketplace">Templates</a>',
    '<a href="/blog">Blog</a>',
    `<a href="${SIGN_IN_PATH}">Sign in</a>`,
    `<a class="primary" href="${SIGN_UP_PATH}">Sign up</a>`,
    '</nav></div></header>',
    '<main>',
    '<div class="hero"><div class="wrap">',
    '<h1>Apps and dashboards from your spreadsheets, without code</h1>',
    `<p>${esc(LANDING_DESCRIPTION)}</p>`,
    '<div class="actions">',
    `<a class="btn primary" href="${SIGN_UP_PATH}">Sign up free</a>`,
    '<a class="btn secondary" href="/marketplace">Browse templates</a>',
    '</div>',
    `<p class="signin">Already have an account? <a href="${SIGN_IN_PATH}">Sign in</a></p>`,
    '</div></div>',
    '<section aria-labelledby="what"><div class="wrap">',
    '<h2 id="what">What you can do</h2>',
    '<p class="lead">Sheetboard is a no-code builder for the data you already keep in spreadsheets.</p>',
    '<ul class="features">',
    ...FEATURES.map((f) => `<li><h3>${esc(f.title)}</h3><p>${esc(f.text)}</p></li>`),
    '</ul></div></section>',
    '<section aria-labelledby="templates"><div class="wrap">',
    '<h2 id="templates">Featured templates</h2>',
    templates.length
      ? `<p class="lead">Ready-made boards and apps: preview them live, then use them with your own data.</p><ul class="tiles">${templates.map((t) => templateCard(base, t)).join('')}</ul>`
      : '<p class="lead">No templates are listed yet. Build a board and be the first to list one.</p>',
    '<p class="more"><a href="/marketplace">See all templates</a></p>',
    '</div></section>',
    ...(posts.length
      ? [
          '<section aria-labelledby="posts"><div class="wrap">',
          '<h2 id="posts">From the blog</h2>',
          `<ul class="tiles">${posts.map(postCard).join('')}</ul>`,
          '<p class="more"><a href="/blog">All posts</a></p>',
          '</div></section>',
        ]
      : []),
    '</main>',
    '<footer><div class="wrap">',
    '<a href="/marketplace">Templates</a><a href="/blog">Blog</a><a href="/blog/rss.xml">RSS feed</a>',
    `<a href="${SIGN_IN_PATH}">Sign in</a><a href="${SIGN_UP_PATH}">Sign up</a><a href="/dashboard/signupbackup">Sign up without JavaScript</a>`,
    '</div></footer>',
  ];
  return `<!doctype html>\n<html lang="en">\n<head>\n${head.join('\n')}\n</head>\n<body>\n${body.join('\n')}\n</body>\n</html>\n`;
}
