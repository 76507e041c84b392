// Board state and page state settings (blocks-and-data §3, issue 18): every field the settings
// panel offers is saved by POST /api/board/update-metadata (and PUT /api/apps/{id}), read back by
// a guest, and refused with a sentence when it is not a colour, not an http(s) link, not an image
// the uploads module serves, or too long. People's text is stored as text (the web app escapes it).
import { beforeAll, describe, expect, it } from 'vitest';
import { BoardMetadataResponse, BoardSettings, PageSettings, UploadResponse } from '../../../shared/api';
import { BOARD_SETTINGS_TABS, footerGroupSettings, PAGE_STATE_SETTINGS, APP_SETTINGS } from '../../../shared/settings/board-state';
import { defaultsOf } from '../../../shared/settings/defaults';
import { multipart, signUp, type TestUser } from '../../testing/app';
import { testServer } from '../../testing/server';
import { XSS_CORPUS } from '../../testing/xss-corpus';
import { PNG } from '../../testing/fixtures';
import { BOARD_DEFAULTS } from './metadata';

const t = testServer();
let owner: TestUser;
let stranger: TestUser;
let boardId: string;

const as = (u: TestUser | null) => (u ? { cookie: u.cookie } : {});
const meta = (payload?: object, user: TestUser | null = owner, id = boardId) =>
  t.app.inject({ method: 'POST', url: `/api/board/update-metadata?board=${id}`, headers: as(user), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  owner = await signUp(t.app, 'Owner');
  stranger = await signUp(t.app, 'Stranger');
  boardId = (await t.app.inject({ method: 'POST', url: '/api/apps', headers: as(owner), payload: { name: 'State board', kind: 'board', public: true } })).json().app.id;
});

describe('the settings panel and the server agree', () => {
  it('every setting of the board settings tabs is a board state field, with the server\'s default', () => {
    const shape = BoardSettings.shape as Record<string, unknown>;
    for (const tab of BOARD_SETTINGS_TABS) {
      if ('group' in tab) {
        expect(shape).toHaveProperty(tab.group);
        expect(defaultsOf(tab.settings)).toEqual(BOARD_DEFAULTS[tab.group]);
        continue;
      }
      const defaults = defaultsOf(tab.settings);
      for (const key of Object.keys(tab.settings)) {
        expect(shape, key).toHaveProperty(key);
        if (key !== 'title') expect(defaults[key], key).toEqual(BOARD_DEFAULTS[key as keyof typeof BOARD_DEFAULTS]);
      }
    }
    for (const key of Object.keys(APP_SETTINGS)) expect(shape, key).toHaveProperty(key);
    for (const key of Object.keys(PAGE_STATE_SETTINGS)) expect(PageSettings.shape, key).toHaveProperty(key);
    expect(Object.keys(footerGroupSettings).sort()).toEqual(['copyrightText', 'logo', 'socialMediaIcons']);
  });
});

describe('board state: saved, read back by a guest', () => {
  const everything = {
    title: 'Harbour stats',
    hero: 'Live numbers\nfrom the harbour',
    logo: 'https://cdn.example.com/logo.png',
    hero_image: 'https://cdn.example.com/hero.jpg',
    hide_hero: true,
    hide_search: true,
    hide_filters: false,
    palette: ['#ff0000', 'rgb(0, 128, 0)', 'navy'],
    nav_background: '#123456',
    hero_background: '#abcdef',
    board_background: '#fefefe',
    block_border: '#111111',
    block_shadow: 'rgba(0,0,0,0.2)',
    active_section_text_color: '#ffffff',
    inactive_section_text_color: '#333333',
    active_section_background_color: '#ff6600',
    sections: 'Sales, Stock',
    footer: { logo: '', socialMediaIcons: [{ type: 'x', link: 'https://x.com/harbour' }], copyrightText: '© 2026 Harbour' },
    event: { logo: 'https://cdn.example.com/sponsor.png', socialMediaIcons: [{ type: 'website', link: 'http://meetup.example.org' }], copyrightText: 'Harbour Days 2026' },
  };

  it('the owner saves every field at once; a guest reads each back as saved', async () => {
    const saved = await meta(everything);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject(everything);
    const guest = await meta(undefined, null);
    expect(guest.statusCode).toBe(200);
    expect(guest.json()).toMatchObject(everything);
    expect(BoardMetadataResponse.safeParse(guest.json()).error).toBeUndefined();
  });

  it('PUT /api/apps/{id} takes the same fields with the same checks', async () => {
    const ok = await t.app.inject({ method: 'PUT', url: `/api/apps/${boardId}`, headers: as(owner), payload: { hero: 'Changed', hide_hero: false } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await meta(undefined, null)).json()).toMatchObject({ hero: 'Changed', hide_hero: false, sections: 'Sales, Stock' });
    const bad = await t.app.inject({ method: 'PUT', url: `/api/apps/${boardId}`, headers: as(owner), payload: { hero_background: 'url(https://evil.example/x)' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0]).toEqual({ path: 'hero_background', message: 'Must be a colour such as #4f46e5' });
  });

  it('a new board answers the spec defaults', async () => {
    const id = (await t.app.inject({ method: 'POST', url: '/api/apps', headers: as(owner), payload: { name: 'Fresh state', kind: 'board', public: true } })).json().app.id;
    expect((await meta(undefined, null, id)).json()).toMatchObject({
      title: 'Fresh state',
      hide_filters: true,
      hide_hero: false,
      hide_search: false,
      nav_background: '#161819',
      hero_background: '#161819',
      board_background: '#FAFAFA',
      block_border: '#e7ebf3',
      block_shadow: '#ebeff3',
      palette: [],
      sections: '',
      footer: { logo: '', socialMediaIcons: [], copyrightText: '' },
      event: { logo: '', socialMediaIcons: [], copyrightText: '' },
      public: true,
    });
  });

  it('only the owner saves: 403 for another account, 401 without one', async () => {
    expect((await meta({ hero: 'x' }, stranger)).statusCode).toBe(403);
    expect((await meta({ hero: 'x' }, null)).statusCode).toBe(401);
  });

  it('people\'s text is stored as text: the XSS corpus comes back unchanged (the page escapes it)', async () => {
    const [a, b, c, d] = [XSS_CORPUS.slice(0, 10).join(' '), XSS_CORPUS[3]!, XSS_CORPUS.slice(10, 30).join(''), XSS_CORPUS[0]!];
    const payload = {
      title: a.slice(0, 200),
      hero: XSS_CORPUS.join('\n'),
      sections: `${b.slice(0, 40)}, ${d}`,
      footer: { logo: '', socialMediaIcons: [], copyrightText: c.slice(0, 500) },
      event: { logo: '', socialMediaIcons: [], copyrightText: d },
    };
    const res = await meta(payload);
    expect(res.statusCode, res.body).toBe(200);
    expect((await meta(undefined, null)).json()).toMatchObject(payload);
  });
});

describe('board state: refused with a sentence', () => {
  it.each([
    ['a colour with CSS after it', { nav_background: 'red;background:url(https://evil.example/x)' }, 'nav_background', 'Must be a colour such as #4f46e5'],
    ['a five-digit hex colour', { board_background: '#12345' }, 'board_background', 'Must be a colour such as #4f46e5'],
    ['an expression() colour', { active_section_background_color: 'expression(alert(1))' }, 'active_section_background_color', 'Must be a colour such as #4f46e5'],
    ['a palette entry that is not a colour', { palette: ['#ff0000', 'javascript:alert(1)'] }, 'palette', 'The palette must be colours such as #4f46e5, separated by commas'],
    ['a palette text that is not colours', { palette: '#ff0000, url(x)' }, 'palette', 'The palette must be colours such as #4f46e5, separated by commas'],
    ['a javascript: logo', { logo: 'javascript:alert(1)' }, 'logo', 'Use an image address starting with https:// or upload an image'],
    ['a data: hero image', { hero_image: 'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+' }, 'hero_image', 'Use an image address starting with https:// or upload an image'],
    ['a protocol-relative logo', { logo: '//evil.example/x.png' }, 'logo', 'Use an image address starting with https:// or upload an image'],
    ['an upload path that escapes', { logo: '/api/uploads/../auth/logout' }, 'logo', 'Use an image address starting with https:// or upload an image'],
    ['a footer logo with a quote in it', { footer: { logo: 'https://a.example/x.png" onerror="alert(1)' } }, 'footer.logo', 'Use an image address starting with https:// or upload an image'],
    ['a social link that is javascript:', { footer: { socialMediaIcons: [{ type: 'x', link: 'javascript:alert(1)' }] } }, 'footer.socialMediaIcons.0.link', 'Social link must start with http:// or https://'],
    ['a social link without a link', { event: { socialMediaIcons: [{ type: 'facebook', link: '' }] } }, 'event.socialMediaIcons.0.link', 'Social link is required'],
    ['an ftp social link', { event: { socialMediaIcons: [{ type: 'github', link: 'ftp://files.example' }] } }, 'event.socialMediaIcons.0.link', 'Social link must start with http:// or https://'],
    ['a network not on the list', { footer: { socialMediaIcons: [{ type: 'myspace', link: 'https://myspace.com' }] } }, 'footer.socialMediaIcons.0.type', 'Choose one of the listed networks'],
    ['too many social icons', { footer: { socialMediaIcons: Array.from({ length: 11 }, () => ({ type: 'x', link: 'https://x.com' })) } }, 'footer.socialMediaIcons', 'Use at most 10 social icons'],
    ['too many sections', { sections: Array.from({ length: 21 }, (_, i) => `S${i}`).join(',') }, 'sections', 'Use at most 20 sections'],
    ['a section name too long', { sections: `Sales, ${'x'.repeat(41)}` }, 'sections', 'A section name can be at most 40 characters'],
    ['a copyright text too long', { footer: { copyrightText: 'x'.repeat(501) } }, 'footer.copyrightText', 'The copyright text can be at most 500 characters'],
    ['a hero text too long', { hero: 'x'.repeat(5001) }, 'hero', 'The hero text can be at most 5000 characters'],
    ['an unknown footer field', { footer: { html: '<b>x</b>' } }, 'footer', undefined],
  ])('refuses %s', async (_name, payload, path, message) => {
    const res = await meta(payload);
    expect(res.statusCode, res.body).toBe(400);
    const issue = (res.json().issues as { path: string; message: string }[])[0]!;
    expect(issue.path).toBe(path);
    if (message) expect(issue.message).toBe(message);
    // Readable: no type names, no regular expressions.
    expect(res.json().message).not.toMatch(/regex|expected|string|ZodError|\/\^/i);
  });

  it('nothing of a refused save is kept', async () => {
    const before = (await meta(undefined, null)).json();
    expect((await meta({ hero: 'Kept?', logo: 'javascript:alert(1)' })).statusCode).toBe(400);
    expect((await meta(undefined, null)).json().hero).toBe(before.hero);
  });
});

describe('board images through the uploads module', () => {
  it('an image uploaded for the board becomes its logo, hero image and footer logo, and a guest can load it', async () => {
    const body = multipart('logo.png', PNG, { purpose: 'block-setting', kind: 'image', board: boardId });
    const up = await t.app.inject({ method: 'POST', url: '/api/uploads', headers: { ...as(owner), ...body.headers }, payload: body.payload });
    expect(up.statusCode, up.body).toBe(201);
    const { url } = UploadResponse.parse(up.json()).upload;
    const res = await meta({ logo: url, hero_image: url, footer: { logo: url, socialMediaIcons: [], copyrightText: '' } });
    expect(res.statusCode, res.body).toBe(200);
    const guest = (await meta(undefined, null)).json();
    expect([guest.logo, guest.hero_image, guest.footer.logo]).toEqual([url, url, url]);
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
  });
});

describe('page state (multipage)', () => {
  let appId: string;
  let pageId: string;
  beforeAll(async () => {
    appId = (await t.app.inject({ method: 'POST', url: '/api/apps', headers: as(owner), payload: { name: 'Paged state', kind: 'multipage', public: true } })).json().app.id;
    pageId = (await t.app.inject({ method: 'GET', url: `/api/pages/${appId}`, headers: as(owner) })).json().pages[0].page_id;
  });
  const page = (payload?: object, user: TestUser | null = owner) =>
    t.app.inject({ method: 'POST', url: `/api/page/update-metadata?app=${appId}&page=${pageId}`, headers: as(user), ...(payload ? { payload } : {}) });

  it('title, nav_background, colours and palette are saved and read back by a guest, on the page list too', async () => {
    const fields = { title: 'Harbour home', nav_background: '#202020', page_background: '#fafaff', block_border: '#cccccc', block_shadow: '#dddddd', palette: ['#112233', '#445566'] };
    const saved = await page(fields);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await page(undefined, null)).json()).toMatchObject(fields);
    const listed = (await t.app.inject({ method: 'GET', url: `/api/pages/${appId}` })).json().pages[0];
    expect(listed).toMatchObject(fields);
  });

  it('refuses a bad colour or palette with the field named', async () => {
    for (const [payload, path] of [
      [{ nav_background: 'url(x)' }, 'nav_background'],
      [{ palette: ['#fff', '<script>'] }, 'palette'],
      [{ title: 'x'.repeat(201) }, 'title'],
    ] as const) {
      const res = await page(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().issues[0].path).toBe(path);
    }
  });

  it('the app\'s palette is part of the app settings', async () => {
    const res = await meta({ palette: ['#0000ff'], nav_background: '#010101' }, owner, appId);
    expect(res.statusCode, res.body).toBe(200);
    expect((await meta(undefined, null, appId)).json()).toMatchObject({ palette: ['#0000ff'], nav_background: '#010101' });
  });
});
