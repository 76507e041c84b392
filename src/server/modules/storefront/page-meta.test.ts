// Link previews of the marketplace's pages (issue 15), through the site's real index.html answers
// on the test database: each page's title, description and Open Graph tags; a template page's
// from the template (its thumbnail as an absolute URL of the base URL setting); a missing slug
// still serves the page with the generic tags; a malicious title or summary stays text (XSS corpus).
import { beforeAll, describe, expect, it } from 'vitest';
import { seedListings } from '../../testing/app';
import { testServer, testWebBuild } from '../../testing/server';
import { absoluteUrl, withPageMeta } from './page-meta';

const INDEX = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="description" content="Default description." /><title>Sheetboard</title></head><body><div id="root"></div>SPA-INDEX</body></html>`;
const web = testWebBuild({ 'index.html': INDEX });
const t = testServer(() => ({ webDir: web.dir, baseHost: 'boards.example.com', publicScheme: 'https' }));

beforeAll(async () => {
  await seedListings(
    t,
    'metasnap',
    [
      { title: 'Bakery Orders', summary: 'Every order of the bakery,\nby day.', slug: 'bakery-orders', kind: 'board', published_at: '2030-01-01T00:00:00.000Z' },
      { title: 'Team Wiki', summary: 'Pages for the team', slug: 'team-wiki', kind: 'multipage', published_at: '2030-01-02T00:00:00.000Z' },
    ],
    'meta',
  );
});


const page = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { host: 'boards.example.com' } });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  return res.body;
};
const tag = (html: string, attr: 'name' | 'property', key: string) => new RegExp(`<meta ${attr}="${key}" content="([^"]*)" />`).exec(html)?.[1];
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe('marketplace pages carry their link preview', () => {
  it.each([
    ['/marketplace', 'Template Marketplace · Sheetboard', 'meta1'],
    ['/templates', 'Templates · Sheetboard', 'meta1'],
    ['/multipage-templates', 'Multipage App Templates · Sheetboard', 'meta1'],
  ])('%s: title, description, og tags, the newest template’s thumbnail as the image', async (url, expected) => {
    const html = await page(url);
    expect(html).toContain('SPA-INDEX');
    expect(title(html)).toBe(expected);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(tag(html, 'name', 'description')).toMatch(/ready-made/i);
    expect(tag(html, 'property', 'og:title')).toBe(expected);
    expect(tag(html, 'property', 'og:description')).toBe(tag(html, 'name', 'description'));
    expect(tag(html, 'property', 'og:url')).toBe(`https://boards.example.com${url}`);
    expect(tag(html, 'property', 'og:image')).toBe('https://boards.example.com/api/uploads/seedthumb');
  });

  it('/templates/{slug}: the template’s title, summary on one line, thumbnail and canonical URL', async () => {
    for (const url of ['/templates/bakery-orders', '/templates/Bakery%20Orders', '/templates/meta0']) {
      const html = await page(url);
      expect(title(html)).toBe('Bakery Orders · Sheetboard Templates');
      expect(tag(html, 'name', 'description')).toBe('Every order of the bakery, by day.');
      expect(tag(html, 'property', 'og:title')).toBe('Bakery Orders · Sheetboard Templates');
      expect(tag(html, 'property', 'og:image')).toBe('https://boards.example.com/api/uploads/seedthumb');
      expect(tag(html, 'property', 'og:url')).toBe('https://boards.example.com/templates/bakery-orders');
    }
  });

  it('a missing slug still serves the page (the SPA says not found) with the generic tags', async () => {
    const html = await page('/templates/no-such-template');
    expect(html).toContain('SPA-INDEX');
    expect(title(html)).toBe('Templates · Sheetboard');
    expect(tag(html, 'property', 'og:url')).toBe('https://boards.example.com/templates');
    expect(tag(html, 'property', 'og:image')).toBeUndefined();
  });

  it('other pages keep the default title and no og tags; the Host header never reaches the tags', async () => {
    const html = await page('/dashboard');
    expect(title(html)).toBe('Sheetboard');
    expect(html).not.toContain('og:title');
    const res = await t.app.inject({ method: 'GET', url: '/marketplace', headers: { host: 'evil.example' } });
    expect(res.body).not.toContain('evil.example');
  });
});

describe('XSS corpus: a seller’s title and summary in the page are text', () => {
  const CORPUS = [
    '<script>alert(1)</script>',
    '"><script>alert(1)</script>',
    "' onmouseover='alert(1)",
    '</title><script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '" /><meta http-equiv="refresh" content="0;url=https://evil.example">',
    '$& $` $\' $1',
    '&lt;script&gt;',
  ];

  it.each(CORPUS)('%s', async (text) => {
    await t.ctx.db.updateTable('marketplace_templates').set({ title: text, summary: text, thumbnail: `/api/uploads/x"${text}` }).where('id', '=', 'meta0').execute();
    const html = await page('/templates/bakery-orders');
    const head = html.slice(0, html.indexOf('</head>'));
    // Exactly the tags we wrote, each attribute one quoted value: nothing the seller typed became markup.
    const tags = head.match(/<[^>]*>/g) ?? [];
    const unexpected = tags.filter((x) => !/^<(?:!doctype html|html lang="en"|head|meta charset="UTF-8" \/|meta (?:name|property)="[a-z:_]+" content="[^"<>]*" \/|title|\/title)>$/.test(x));
    expect(unexpected).toEqual([]);
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(head.match(/<meta /g)).toHaveLength(9);
    const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
    expect(title(html)).toBe(`${escaped} · Sheetboard Templates`);
    expect(tag(html, 'property', 'og:description')).toBe(escaped);
    // The body is the SPA's, untouched.
    expect(html).toContain('<div id="root"></div>SPA-INDEX');
  });
});

describe('withPageMeta and absoluteUrl', () => {
  it('adds a title and description to a page without them', () => {
    const html = withPageMeta('<html><head></head><body></body></html>', { title: 'T', description: 'D', url: 'https://x/y', image: null });
    expect(html).toContain('<title>T</title>');
    expect(html).toContain('<meta name="description" content="D" />');
    expect(html).toContain('<meta property="og:url" content="https://x/y" />');
  });

  it.each([
    ['/api/uploads/abc', 'https://b.example/api/uploads/abc'],
    ['api/uploads/abc', 'https://b.example/api/uploads/abc'],
    ['https://cdn.example/x.png', 'https://cdn.example/x.png'],
    ['  ', null],
  ])('%s → %s', (ref, out) => {
    expect(absoluteUrl('https://b.example', ref)).toBe(out);
  });
});
