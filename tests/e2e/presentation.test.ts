// The presentation blocks that multipage.test.ts does not cover, as a guest sees them: testimonial
// (a grid and a twin carousel), image text, image grid, image accordion on the home page of a
// multipage app, and video, audio, event and comments on a second page (Meetup). The app and its
// blocks are set up through the real HTTP API (the editor's flow is multipage.test.ts's); media
// never needs the network: pictures come from a local HTTP server, the WAV is written here and the
// WebM video is recorded by Chromium itself (canvas → MediaRecorder), both uploaded as an editor
// does. Any alert()/confirm() or uncaught page error fails the test.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, guestPage, png, shot, shotOf, signUpOwner, wav } from './flows';
import { launchBrowser, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;
/** The owner's browser context: its cookie is the owner's session. */
let owner: BrowserContext;
let guest: Page;
/** Serves the pictures (http://127.0.0.1:…/photos/…). */
let site: Server;
let siteUrl: string;
let app: { id: string; subdomain: string };
let guestUrl: string;
let meetupSlug: string;
let videoUpload: Upload;
let audioUpload: Upload;
/** Block ids by name, as created. */
const ids: Record<string, string> = {};
/** Any alert() or confirm(), and any uncaught error, in a page fails the test. */
const dialogs: string[] = [];
const pageErrors: string[] = [];

interface Upload {
  id: string;
  url: string;
  type: string;
  size: number;
}

const PICTURES: Record<string, Buffer> = {
  'roastery.png': png(640, 420, [120, 53, 15], [251, 191, 36]),
  'beans.png': png(320, 240, [68, 64, 60], [180, 83, 9]),
  'grinder.png': png(320, 240, [30, 64, 175], [147, 197, 253]),
  'cup.png': png(320, 240, [254, 243, 199], [217, 119, 6]),
  'kettle.png': png(320, 240, [15, 118, 110], [153, 246, 228]),
  'ethiopia.png': png(400, 500, [234, 88, 12], [127, 29, 29]),
  'colombia.png': png(400, 500, [22, 163, 74], [20, 83, 45]),
  'sumatra.png': png(400, 500, [124, 58, 237], [49, 46, 129]),
  'kenya.png': png(400, 500, [220, 38, 38], [250, 204, 21]),
  'evening.png': png(1200, 520, [69, 26, 3], [217, 119, 6]),
  'ada.png': png(96, 96, [236, 72, 153], [124, 58, 237]),
  'grace.png': png(96, 96, [14, 165, 233], [37, 99, 235]),
  'alan.png': png(96, 96, [34, 197, 94], [13, 148, 136]),
  'award.png': png(64, 64, [250, 204, 21], [202, 138, 4]),
};

const REVIEWS = [
  { Quote: 'The Ethiopian single origin is the best coffee I have had outside Addis. Fresh every single time.', Name: 'Ada Lovelace', Role: 'Analyst', Company: 'Engine Works', Avatar: 'ada.png', Rating: '5' },
  { Quote: 'Friendly people, fast delivery, and the beans arrive the day after roasting.', Name: 'Grace Hopper', Role: 'Rear admiral', Company: 'US Navy', Avatar: 'grace.png', Rating: '4' },
  { Quote: 'Their latte art evening got my whole team hooked on pour-overs.', Name: 'Linus Pauling', Role: 'Chemist', Company: '', Avatar: '', Rating: '4.6' },
  { Quote: 'Good coffee, though I wish the decaf were a little bolder.', Name: 'Margaret Hamilton', Role: 'Engineer', Company: 'MIT', Avatar: '', Rating: '3/5' },
  { Quote: 'I buy the house blend every month and have never been disappointed.', Name: 'Alan Turing', Role: '', Company: 'Bletchley Park', Avatar: 'alan.png', Rating: '★★★★' },
  { Quote: 'Lovely shop, lovely smell, lovely people. My Saturday ritual.', Name: 'Katherine Johnson', Role: 'Mathematician', Company: 'NASA', Avatar: '', Rating: '5' },
];
/** Stars each review should show: '4.6' rounds to 5, '3/5' is 3, four ★ signs are 4. */
const STARS = [5, 4, 5, 3, 4, 5];
const ROLES = ['Analyst, Engine Works', 'Rear admiral, US Navy', 'Chemist', 'Engineer, MIT', 'Bletchley Park', 'Mathematician, NASA'];
const STAR_COLOR = '#b45309';

const XSS = '<script>alert(1)</script><b>x</b>';
const EARLIER_COMMENTS = [
  { author: 'Grace Hopper', body: 'What a great evening, thank you!' },
  { author: 'Alan Turing', body: 'The Kenyan pour-over was a revelation.' },
  { author: 'Katherine Johnson', body: 'Will there be a spring edition?\nI would bring friends.' },
  { author: 'Linus Pauling', body: 'Loved the cupping table.' },
  { author: 'Ada Lovelace', body: 'Please do the milk steaming demo again.' },
];

// ---- Dates of the event, relative to today (local time, as the browser shows them). ----
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');
const dayFromNow = (days: number) => {
  const d = new Date();
  d.setHours(12, 0, 0, 0);
  d.setDate(d.getDate() + days);
  return d;
};
const isoDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const longDay = (d: Date) => `${pad(d.getDate())} ${MONTHS[d.getMonth()]} ${d.getFullYear()}`;
const EVENT_START = dayFromNow(21);
const EVENT_END = dayFromNow(22);
const DEADLINE = dayFromNow(14);

/**
 * A real WebM (VP8) clip, recorded by Chromium from an animated canvas: `seconds` long,
 * `width`×`height`. A string, not a function, so the bundler adds no helpers the page lacks.
 */
async function recordWebm(page: Page, width: number, height: number, seconds: number): Promise<Buffer> {
  await page.setContent('<!doctype html><title>recorder</title>');
  const b64 = await page.evaluate(`(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = ${width};
    canvas.height = ${height};
    const g = canvas.getContext('2d');
    const recorder = new MediaRecorder(canvas.captureStream(30), { mimeType: 'video/webm;codecs=vp8' });
    const parts = [];
    recorder.ondataavailable = (e) => parts.push(e.data);
    let frame = 0;
    const draw = () => {
      const sky = g.createLinearGradient(0, 0, ${width}, ${height});
      sky.addColorStop(0, '#78350f');
      sky.addColorStop(1, '#f59e0b');
      g.fillStyle = sky;
      g.fillRect(0, 0, ${width}, ${height});
      g.fillStyle = 'rgba(255,255,255,0.85)';
      g.beginPath();
      g.arc(40 + ((frame * 6) % (${width} - 80)), ${height} * 0.7, 18, 0, Math.PI * 2);
      g.fill();
      g.fillStyle = '#fff';
      g.font = 'bold ' + Math.round(${height} / 7) + 'px sans-serif';
      g.fillText('Meetup recap', 24, ${height} * 0.4);
      frame++;
    };
    draw();
    const timer = setInterval(draw, 33);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start();
    await new Promise((resolve) => setTimeout(resolve, ${Math.round(seconds * 1000)}));
    recorder.stop();
    clearInterval(timer);
    await stopped;
    const bytes = new Uint8Array(await new Blob(parts).arrayBuffer());
    let s = '';
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    return btoa(s);
  })()`);
  return Buffer.from(b64 as string, 'base64');
}

/** Uploads a block-setting file as the owner (what the editor's video/audio/image controls do). */
async function upload(kind: 'image' | 'video' | 'audio', name: string, mimeType: string, buffer: Buffer): Promise<Upload> {
  const res = await owner.request.post(`${server.baseUrl}/api/uploads`, {
    multipart: { purpose: 'block-setting', kind, file: { name, mimeType, buffer } },
  });
  if (res.status() !== 201) throw new Error(`upload ${name} → ${res.status()}: ${await res.text()}`);
  return ((await res.json()) as { upload: Upload }).upload;
}

const block = (page: Page, name: string) => page.locator(`[data-block-id="${ids[name]}"]`);

/** Every <img> in `scope` scrolled into view (they load lazily) and loaded: their natural widths. */
async function loadedWidths(scope: Locator): Promise<number[]> {
  const imgs = scope.locator('img');
  for (let i = 0; i < (await imgs.count()); i++) await imgs.nth(i).scrollIntoViewIfNeeded();
  let widths: number[] = [];
  await expect
    .poll(async () => {
      widths = await imgs.evaluateAll((els) => els.map((e) => ((e as HTMLImageElement).complete ? (e as HTMLImageElement).naturalWidth : 0)));
      return widths.every((w) => w > 0);
    })
    .toBe(true);
  return widths;
}

/** How the app's host serves `src` to the page (status, Content-Type, bytes), fetched in the page itself. */
const served = (page: Page, src: string) =>
  page.evaluate(async (url) => {
    const res = await fetch(url);
    return { status: res.status, type: res.headers.get('content-type'), size: (await res.arrayBuffer()).byteLength };
  }, src);

const listen = (page: Page) => {
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('pageerror', (e) => pageErrors.push(e.message));
};

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  site = createServer((req, res) => {
    const name = (req.url ?? '').replace(/^\/photos\//, '');
    if (req.url?.startsWith('/photos/') && PICTURES[name]) return void res.writeHead(200, { 'content-type': 'image/png' }).end(PICTURES[name]);
    res.writeHead(404).end();
  });
  await new Promise<void>((ok) => site.listen(0, '127.0.0.1', ok));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  const photo = (name: string) => (name ? `${siteUrl}/photos/${name}` : '');

  // Owner, spreadsheet, multipage app: the real API, as bench/guest-view.ts does.
  owner = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await signUpOwner(owner, server, { name: 'Rosa Roaster', email: `roaster${Date.now()}@example.com`, password: 'correct horse battery' });
  const { spreadsheet } = await call<{ spreadsheet: { id: string } }>(owner, server, 'POST', '/api/spreadsheets', {
    title: 'Roastery data',
    sheets: [{ title: 'Reviews', columns: ['Quote', 'Name', 'Role', 'Company', 'Avatar', 'Rating'], rows: REVIEWS.map((r) => ({ ...r, Avatar: photo(r.Avatar) })) }],
  });
  ({ app } = await call<{ app: { id: string; subdomain: string } }>(owner, server, 'POST', '/api/apps', { public: true, name: 'Riverside Roasters', kind: 'multipage', spreadsheetId: spreadsheet.id }));
  guestUrl = `http://${app.subdomain}.localhost:${server.port}/`;
  const home = (await call<{ pages: { page_id: string }[] }>(owner, server, 'GET', `/api/pages/${app.id}`)).pages[0]!;
  const meetup = (await call<{ page: { page_id: string; page_slug: string } }>(owner, server, 'POST', '/api/pages', { appId: app.id, page_name: 'Meetup' })).page;
  meetupSlug = meetup.page_slug;
  const add = async (name: string, pageId: string, type: string, settings: Record<string, unknown> = {}) => {
    const { block: b } = await call<{ block: { id: string } }>(owner, server, 'POST', '/api/blocks', { pageId, type, ...settings });
    ids[name] = b.id;
  };

  // Media files of the Meetup page, uploaded like the editor's upload controls do.
  const recorder = await owner.newPage();
  const clip = await recordWebm(recorder, 640, 360, 2);
  await recorder.close();
  videoUpload = await upload('video', 'meetup-recap.webm', 'video/webm', clip);
  audioUpload = await upload('audio', 'roasters-notebook.wav', 'audio/wav', wav(1.5, 440));

  // Home: header and footer are there already; new blocks land before the footer.
  const reviewColumns = { sheet_title: 'Reviews', testimonial_text: 'Quote', name: 'Name', designation: 'Role', company: 'Company', avatar_url: 'Avatar', rating: 'Rating' };
  await add('reviews', home.page_id, 'testimonial', {
    ...reviewColumns,
    full_width: true,
    testimonial_title: 'What our customers say',
    testimonial_subtitle: 'Six of the many notes left at the counter.',
    Layout: 'grid',
    columns: 3,
    star_color: STAR_COLOR,
    card_color: '#fffbeb',
  });
  await add('carousel', home.page_id, 'testimonial', {
    ...reviewColumns,
    full_width: true,
    testimonial_title: 'Stories from the counter',
    Layout: 'twin',
    auto_carousel: false,
    star_color: STAR_COLOR,
  });
  await add('imageText', home.page_id, 'image_text', {
    title: 'Roasted in small batches',
    full_width: true,
    paragraph: 'Every bean we sell is roasted on Tuesday and Friday mornings in our riverside workshop.\nWe buy directly from twelve farms and pay well above fair-trade prices.',
    imageUrl: photo('roastery.png'),
    imagePosition: 'right',
    features: [
      { iconType: 'fontawesome', icon: 'fa-leaf', title: 'Organic', description: 'Certified farms, no pesticides.' },
      { iconType: 'fontawesome', icon: 'fas fa-truck', title: 'Fast delivery', description: 'At your door within two days.' },
      { iconType: 'text', icon: '48h', title: 'Always fresh', description: 'Shipped within 48 hours of roasting.' },
      { iconType: 'image', icon_image: photo('award.png'), title: 'Award winning', description: 'Gold at the 2024 roasters cup.' },
    ],
    learn_more_link: `/${meetupSlug}`,
    learn_more_text: 'Join the meetup',
    button_style: 'filled',
    button_color: STAR_COLOR,
  });
  await add('imageGrid', home.page_id, 'image_grid', {
    title: 'From bean to cup',
    full_width: true,
    paragraph: 'Everything you need for a better cup at home, tested in our own kitchen.',
    imageUrl: photo('roastery.png'),
    imagePosition: 'left',
    features: [
      { iconType: 'fontawesome', icon: 'fa-star', image: photo('beans.png'), title: 'House blend', description: 'Chocolate, hazelnut and a hint of cherry.' },
      { iconType: 'fontawesome', icon: 'fa-gear', image: photo('grinder.png'), title: 'Burr grinder', description: 'Forty settings, from espresso to cold brew.' },
      { iconType: 'fontawesome', icon: 'fa-mug-hot', image: photo('cup.png'), title: 'Ceramic cup', description: 'Hand thrown by a potter down the road.' },
      { iconType: 'fontawesome', icon: 'fa-fire', image: photo('kettle.png'), title: 'Pour-over kettle', description: 'A gooseneck for a steady pour.' },
    ],
  });
  await add('accordion', home.page_id, 'image_accordion', {
    title: 'Our origins',
    full_width: true,
    paragraph: 'Four farms, four very different cups. Open a picture to read about each origin.',
    imagePosition: 'left',
    features: [
      { iconType: 'text', icon: 'ET', image: photo('ethiopia.png'), title: 'Ethiopia', description: 'Floral and bright, grown at 2,000 m in Yirgacheffe.' },
      { iconType: 'text', icon: 'CO', image: photo('colombia.png'), title: 'Colombia', description: 'Caramel sweetness from the Huila highlands.' },
      { iconType: 'text', icon: 'ID', image: photo('sumatra.png'), title: 'Sumatra', description: 'Earthy and full bodied, wet-hulled by hand.' },
      { iconType: 'text', icon: 'KE', image: photo('kenya.png'), title: 'Kenya', description: 'Blackcurrant and grapefruit, washed and sun dried.' },
    ],
    learn_more_link: 'https://example.com/origins',
    learn_more_text: 'All our farms',
    button_style: 'outline',
    button_color: STAR_COLOR,
  });

  // Meetup: video, audio, event, comments (the app's header and footer show on every page).
  await add('video', meetup.page_id, 'video', {
    title: 'Meetup recap',
    full_width: true,
    video_type: 'direct',
    video_upload: videoUpload.url,
    layout: 'inline',
    aspect_ratio: '16:9',
    muted: true,
    controls: true,
    hover_effect: 'none',
    play_button_style: 'circle',
    play_button_color: STAR_COLOR,
  });
  await add('audio', meetup.page_id, 'audio', {
    title: "Podcast: the roaster's notebook",
    full_width: true,
    audio_source_type: 'upload',
    audio_upload: audioUpload.url,
    controls: true,
  });
  await add('event', meetup.page_id, 'event', {
    full_width: true,
    event_title: 'Latte Art Evening',
    description: 'Learn to pour hearts, tulips and rosettas with our baristas. Milk, cups and cake are on us.',
    Event_Type: 'Multi day',
    start_date: isoDay(EVENT_START),
    end_date: isoDay(EVENT_END),
    start_time: '18:30',
    end_time: '21:00',
    date_format: 'DD MMM YYYY',
    registration_deadline: isoDay(DEADLINE),
    registration_deadline_time: '18:00',
    Countdown: true,
    deadline_position: 'top-right',
    registration_button: 'Save my seat',
    registration_link: 'https://example.com/register',
    registration_button_color: STAR_COLOR,
    Location: 'Physical',
    Address: 'Riverside Roasters, 4 Mill Lane, Bristol',
    Mail_address: 'events@riverside.example',
    Mail_Contact: 'Questions',
    layout_type: 'overlay',
    background_image: photo('evening.png'),
    overlay_opacity: 0.35,
    icon_color: STAR_COLOR,
    socialIcons: [
      { iconType: 'fontawesome', icon: 'fa-brands fa-instagram', url: 'https://instagram.com/riverside.roasters' },
      { iconType: 'fontawesome', icon: 'fa-brands fa-linkedin', url: 'https://linkedin.com/company/riverside-roasters' },
    ],
    social_icon_color: STAR_COLOR,
  });
  await add('comments', meetup.page_id, 'comments', {
    title: 'Guestbook',
    full_width: true,
    subtitle: 'How was the evening? Tell us and the other guests.',
    comments_per_page: '5',
    post_button_text: 'Post comment',
    button_color: STAR_COLOR,
  });
});

afterAll(async () => {
  await guest?.context().close();
  await owner?.close();
  await browser?.close();
  await server?.stop();
  await new Promise((ok) => site?.close(ok));
});

describe('presentation blocks, as a guest sees them', () => {
  it('home holds the blocks in order; the testimonial grid shows every review with its stars, role and avatar', async () => {
    guest = await guestPage(browser, guestUrl);
    listen(guest);
    const grid = block(guest, 'reviews');
    await grid.getByText('Ada Lovelace').waitFor();
    expect(
      await guest.locator('article[data-block-type]').evaluateAll((els) => els.map((e) => e.getAttribute('data-block-type'))),
    ).toEqual(['header', 'testimonial', 'testimonial', 'image_text', 'image_grid', 'image_accordion', 'footer']);

    await grid.getByRole('heading', { name: 'What our customers say' }).waitFor();
    await grid.getByText('Six of the many notes left at the counter.').waitFor();
    const cards = grid.locator('figure');
    expect(await cards.count()).toBe(6);
    for (const [i, review] of REVIEWS.entries()) {
      const card = cards.nth(i);
      expect(await card.locator('blockquote').textContent()).toBe(review.Quote);
      await card.getByText(review.Name, { exact: true }).waitFor();
      await card.getByText(ROLES[i]!, { exact: true }).waitFor();
      const stars = card.getByRole('img', { name: `${STARS[i]} out of 5 stars` });
      // Five star icons, the first STARS[i] in the star colour.
      expect(await stars.locator('svg').evaluateAll((els) => els.map((e) => e.getAttribute('fill')))).toEqual(
        Array.from({ length: 5 }, (_, k) => (k < STARS[i]! ? STAR_COLOR : '#d1d5db')),
      );
    }
    // Avatars: the three photos load; the others show initials.
    const avatars = grid.locator('figure img');
    expect(await avatars.evaluateAll((els) => els.map((e) => e.getAttribute('alt')))).toEqual(['Ada Lovelace', 'Grace Hopper', 'Alan Turing']);
    expect(await loadedWidths(grid)).toEqual([96, 96, 96]);
    await cards.nth(2).getByText('LP', { exact: true }).waitFor();
    await cards.nth(3).getByText('MH', { exact: true }).waitFor();
    // Three columns on a wide screen: the first three cards share a row.
    const tops = await cards.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
    expect(new Set(tops.slice(0, 3)).size).toBe(1);
    expect(tops[3]).toBeGreaterThan(tops[0]!);
    await shotOf(grid, 'blocks/testimonial');
  });

  it('the twin carousel shows two reviews at a time; next, previous and the dots change them (wrapping around)', async () => {
    const carousel = block(guest, 'carousel').getByRole('region', { name: 'Testimonials' });
    await carousel.scrollIntoViewIfNeeded();
    const shown = () => carousel.locator('blockquote').allTextContents();
    const pair = (i: number) => [REVIEWS[i]!.Quote, REVIEWS[i + 1]!.Quote];
    const current = () => carousel.locator('button[aria-current="true"]').getAttribute('aria-label');
    expect(await shown()).toEqual(pair(0));
    expect(await carousel.getByRole('button', { name: /^Show testimonials page/ }).count()).toBe(3);
    expect(await current()).toBe('Show testimonials page 1');

    await carousel.getByRole('button', { name: 'Next testimonial' }).click();
    await expect.poll(shown).toEqual(pair(2));
    expect(await current()).toBe('Show testimonials page 2');
    await carousel.getByRole('button', { name: 'Next testimonial' }).click();
    await expect.poll(shown).toEqual(pair(4));
    await carousel.getByRole('button', { name: 'Next testimonial' }).click();
    await expect.poll(shown).toEqual(pair(0));
    await carousel.getByRole('button', { name: 'Previous testimonial' }).click();
    await expect.poll(shown).toEqual(pair(4));
    expect(await current()).toBe('Show testimonials page 3');
    await carousel.getByRole('button', { name: 'Show testimonials page 2' }).click();
    await expect.poll(shown).toEqual(pair(2));
    // Stars of the page on screen: Linus (4.6 → 5) and Margaret (3/5 → 3).
    expect(await carousel.getByRole('img', { name: /out of 5 stars/ }).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))).toEqual([
      '5 out of 5 stars',
      '3 out of 5 stars',
    ]);
    // No auto carousel: it stays put.
    await guest.waitForTimeout(1500);
    expect(await shown()).toEqual(pair(2));
  });

  it('image text: the picture on the right of the paragraph, four features (icon, text, image) and the Learn More button', async () => {
    const b = block(guest, 'imageText');
    await b.scrollIntoViewIfNeeded();
    await b.getByText('Every bean we sell is roasted').waitFor();
    // The block picture (640 px) and the award icon image (64 px).
    expect(await loadedWidths(b)).toEqual([640, 64]);
    const picture = b.locator(`img[src="${siteUrl}/photos/roastery.png"]`);
    const paragraph = b.getByText('Every bean we sell is roasted');
    const [pictureBox, textBox] = [await picture.boundingBox(), await paragraph.boundingBox()];
    expect(pictureBox!.x).toBeGreaterThan(textBox!.x + textBox!.width - 1);
    for (const title of ['Organic', 'Fast delivery', 'Always fresh', 'Award winning']) await b.getByText(title, { exact: true }).waitFor();
    await b.getByText('Shipped within 48 hours of roasting.').waitFor();
    await b.getByText('48h', { exact: true }).waitFor();
    // Font Awesome names become icons (svg), not text.
    expect(await b.locator('svg.tabler-icon').count()).toBe(2);
    const button = b.getByRole('link', { name: 'Join the meetup' });
    expect(await button.getAttribute('href')).toBe(`/${meetupSlug}`);
    await shotOf(b, 'blocks/image_text');
  });

  it('image grid: the large picture spans two rows beside four picture cards, every image loads', async () => {
    const b = block(guest, 'imageGrid');
    await b.scrollIntoViewIfNeeded();
    await b.getByText('Everything you need for a better cup at home').waitFor();
    expect(await loadedWidths(b)).toEqual([640, 320, 320, 320, 320]);
    for (const title of ['House blend', 'Burr grinder', 'Ceramic cup', 'Pour-over kettle']) await b.getByText(title, { exact: true }).waitFor();
    const main = await b.locator('.sb-image-grid-main').boundingBox();
    const card = await b.getByText('House blend').locator('xpath=ancestor::div[contains(@style,"border-radius")][1]').boundingBox();
    const lastCard = await b.getByText('Pour-over kettle').locator('xpath=ancestor::div[contains(@style,"border-radius")][1]').boundingBox();
    // Left, twice as wide as a card, as tall as two rows of cards.
    expect(main!.x).toBeLessThan(card!.x);
    expect(main!.width).toBeGreaterThan(card!.width * 1.8);
    expect(main!.y + main!.height).toBeGreaterThanOrEqual(lastCard!.y + lastCard!.height - 2);
    expect(lastCard!.y).toBeGreaterThan(card!.y + card!.height - 1);
    await shotOf(b, 'blocks/image_grid');
  });

  it('image accordion: the first panel starts open; a click opens another, which grows and shows its text', async () => {
    const b = block(guest, 'accordion');
    await b.getByRole('listitem', { name: 'Ethiopia' }).scrollIntoViewIfNeeded();
    const panels = b.getByRole('listitem');
    expect(await panels.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))).toEqual(['Ethiopia', 'Colombia', 'Sumatra', 'Kenya']);
    const expanded = () => panels.evaluateAll((els) => els.map((e) => e.getAttribute('aria-expanded')));
    expect(await expanded()).toEqual(['true', 'false', 'false', 'false']);
    await b.getByText('Floral and bright').waitFor();
    // Every panel shows its text icon; only the open one its title.
    const visible = (name: string, text: string) => b.getByRole('listitem', { name }).getByText(text, { exact: true }).isVisible();
    expect(await Promise.all([visible('Ethiopia', 'ET'), visible('Colombia', 'CO'), visible('Sumatra', 'ID'), visible('Kenya', 'KE')])).toEqual([true, true, true, true]);
    expect(await Promise.all(['Ethiopia', 'Colombia'].map((n) => visible(n, n)))).toEqual([true, false]);
    // Each panel's picture is its background and it really loads.
    const pictures = await panels.evaluateAll((els) => els.map((e) => /url\("?([^")]+)"?\)/.exec(getComputedStyle(e).backgroundImage)?.[1] ?? ''));
    expect(pictures).toEqual(['ethiopia', 'colombia', 'sumatra', 'kenya'].map((n) => `${siteUrl}/photos/${n}.png`));
    const widths = await guest.evaluate(
      (srcs) =>
        Promise.all(
          srcs.map(
            (src) =>
              new Promise<number>((done) => {
                const img = new Image();
                img.onload = () => done(img.naturalWidth);
                img.onerror = () => done(0);
                img.src = src;
              }),
          ),
        ),
      pictures,
    );
    expect(widths).toEqual([400, 400, 400, 400]);

    await b.getByRole('listitem', { name: 'Sumatra' }).click();
    await expect.poll(expanded).toEqual(['false', 'false', 'true', 'false']);
    await b.getByText('Earthy and full bodied, wet-hulled by hand.').waitFor();
    expect(await b.getByText('Floral and bright').count()).toBe(0);
    // After the transition the open panel is much wider than the others.
    const panelWidths = () => panels.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().width)));
    await expect.poll(async () => {
      const w = await panelWidths();
      return w[2]! > 3 * Math.max(w[0]!, w[1]!, w[3]!);
    }).toBe(true);
    expect(await b.getByRole('link', { name: 'All our farms' }).getAttribute('href')).toBe('https://example.com/origins');
    await shotOf(b, 'blocks/image_accordion');
    await shot(guest, 'presentation/home');
    expect(dialogs).toEqual([]);
  });

  it("the image text's Learn More button opens the Meetup page: header, video, audio, event, comments, footer", async () => {
    await block(guest, 'imageText').getByRole('link', { name: 'Join the meetup' }).click();
    await guest.waitForURL(new RegExp(`/${meetupSlug}$`));
    await block(guest, 'video').waitFor();
    await expect
      .poll(() => guest.locator('article[data-block-type]').evaluateAll((els) => els.map((e) => e.getAttribute('data-block-type'))))
      .toEqual(['header', 'video', 'audio', 'event', 'comments', 'footer']);
  });

  it('video: the uploaded WebM plays inline after a click on the play button', async () => {
    const b = block(guest, 'video');
    const video = b.locator('video');
    expect(await video.getAttribute('src')).toBe(videoUpload.url);
    expect(await served(guest, videoUpload.url)).toEqual({ status: 200, type: 'video/webm', size: videoUpload.size });
    // 16:9 frame; the browser's controls appear once it has started, the play button before.
    const frame = await b.getByTestId('video-frame').boundingBox();
    expect(frame!.width / frame!.height).toBeCloseTo(16 / 9, 1);
    expect(await video.evaluate((v: HTMLVideoElement) => [v.controls, v.muted, v.autoplay])).toEqual([false, true, false]);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
    expect(await video.evaluate((v: HTMLVideoElement) => [v.videoWidth, v.videoHeight])).toEqual([640, 360]);
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);

    await b.getByRole('button', { name: 'Play video' }).click();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.3);
    expect(await b.getByRole('button', { name: 'Play video' }).count()).toBe(0);
    expect(await video.evaluate((v: HTMLVideoElement) => v.controls)).toBe(true);
    // Stop on a frame of the clip for the picture.
    await video.evaluate((v: HTMLVideoElement) => v.pause());
    await shotOf(b, 'blocks/video');
  });

  it('audio: the uploaded WAV is served as audio and plays in the <audio> player', async () => {
    const b = block(guest, 'audio');
    const audio = b.locator('audio');
    expect(await audio.getAttribute('src')).toBe(audioUpload.url);
    expect(await served(guest, audioUpload.url)).toEqual({ status: 200, type: 'audio/wav', size: audioUpload.size });
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.readyState)).toBeGreaterThanOrEqual(1);
    expect(await audio.evaluate((a: HTMLAudioElement) => a.duration)).toBeCloseTo(1.5, 2);
    expect(await audio.evaluate((a: HTMLAudioElement) => a.controls)).toBe(true);

    // The native play button sits at the left end of the controls.
    await audio.scrollIntoViewIfNeeded();
    const box = (await audio.boundingBox())!;
    await guest.mouse.click(box.x + 22, box.y + box.height / 2);
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.2);
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.ended), { timeout: 10_000 }).toBe(true);
    await shotOf(b, 'blocks/audio');
  });

  it('event: title, dates in the chosen format, times, address, contact, social links and a live countdown to the deadline', async () => {
    const b = block(guest, 'event');
    await b.scrollIntoViewIfNeeded();
    await b.getByRole('heading', { name: 'Latte Art Evening' }).waitFor();
    await b.getByText('Learn to pour hearts, tulips and rosettas').waitFor();
    await b.getByText(`${longDay(EVENT_START)} – ${longDay(EVENT_END)}`, { exact: true }).waitFor();
    await b.getByText('18:30 – 21:00', { exact: true }).waitFor();
    await b.getByText('Riverside Roasters, 4 Mill Lane, Bristol', { exact: true }).waitFor();
    expect(await b.getByRole('link', { name: 'Questions: events@riverside.example' }).getAttribute('href')).toBe('mailto:events@riverside.example');
    const register = b.getByRole('link', { name: 'Save my seat' });
    expect(await register.getAttribute('href')).toBe('https://example.com/register');
    expect(await register.getAttribute('target')).toBe('_blank');
    const social = b.getByLabel('Social links').getByRole('link');
    expect(await social.evaluateAll((els) => els.map((e) => [e.getAttribute('aria-label'), e.getAttribute('href')]))).toEqual([
      ['instagram', 'https://instagram.com/riverside.roasters'],
      ['linkedin', 'https://linkedin.com/company/riverside-roasters'],
    ]);
    // The background picture is behind the overlay.
    const background = await b.locator('[aria-hidden][style*="background-image"]').evaluate((e) => getComputedStyle(e).backgroundImage);
    expect(background).toContain(`${siteUrl}/photos/evening.png`);

    // Countdown: days, hours, minutes, seconds to the deadline day at 18:00 (the visitor's time).
    const timer = b.getByRole('timer', { name: 'Time left to register' });
    const read = () => timer.locator('p').allTextContents();
    const [y, m, d] = isoDay(DEADLINE).split('-').map(Number) as [number, number, number];
    const first = await read();
    const expected = await guest.evaluate(
      ([yy, mm, dd]) => Math.floor((new Date(yy!, mm! - 1, dd!, 18, 0, 0).getTime() - Date.now()) / 1000),
      [y, m, d],
    );
    expect(first.filter((_, i) => i % 2 === 1)).toEqual(['Days', 'Hours', 'Minutes', 'Seconds']);
    const [days, hours, minutes, seconds] = first.filter((_, i) => i % 2 === 0).map(Number) as [number, number, number, number];
    expect(days).toBeGreaterThanOrEqual(13);
    expect(hours).toBeLessThan(24);
    expect(minutes).toBeLessThan(60);
    expect(seconds).toBeLessThan(60);
    // The cells add up to the time left (read a moment apart: a few seconds of slack).
    expect(Math.abs(days * 86400 + hours * 3600 + minutes * 60 + seconds - expected)).toBeLessThanOrEqual(3);
    // It ticks.
    await expect.poll(read, { timeout: 5000 }).not.toEqual(first);
    expect(await b.getByText('Registration closed').count()).toBe(0);
    // The countdown sits in the top right corner, above the text card.
    const [timerBox, blockBox, titleBox] = [await timer.boundingBox(), await b.boundingBox(), await b.getByRole('heading', { name: 'Latte Art Evening' }).boundingBox()];
    expect(timerBox!.x + timerBox!.width).toBeGreaterThan(blockBox!.x + blockBox!.width - 40);
    expect(timerBox!.y + timerBox!.height).toBeLessThan(titleBox!.y);
    await shotOf(b, 'blocks/event');
  });

  it('comments: five per page, newest first; a guest posts a comment with markup and it shows as plain text', async () => {
    // Earlier comments: five anonymous visitors, then the owner (signed in: her account name).
    for (const c of EARLIER_COMMENTS) {
      const res = await guest.request.post(`${server.baseUrl}/api/blocks/${ids.comments}/comments`, { data: c });
      expect(res.status()).toBe(201);
    }
    const ownerPost = await owner.request.post(`${server.baseUrl}/api/blocks/${ids.comments}/comments`, { data: { body: 'Thank you all for coming! Photos are on Instagram.' } });
    expect(ownerPost.status()).toBe(201);
    expect(((await ownerPost.json()) as { comment: { author: string } }).comment.author).toBe('Rosa Roaster');

    await guest.reload();
    const b = block(guest, 'comments');
    await b.scrollIntoViewIfNeeded();
    await b.getByText('How was the evening? Tell us and the other guests.').waitFor();
    const comments = b.getByTestId('comment');
    // In each comment the first paragraph is the author, the last the comment itself.
    const authors = () => comments.evaluateAll((els) => els.map((e) => e.querySelector('p')?.textContent ?? ''));
    const bodies = () => comments.evaluateAll((els) => els.map((e) => [...e.querySelectorAll('p')].pop()?.textContent ?? ''));
    await expect.poll(authors).toEqual(['Rosa Roaster', 'Ada Lovelace', 'Linus Pauling', 'Katherine Johnson', 'Alan Turing']);
    await comments.first().getByText('just now').waitFor();
    const pagination = b.getByLabel('Comment pages');
    await pagination.getByRole('button', { name: '2', exact: true }).waitFor();
    expect(await pagination.getByRole('button', { name: '3', exact: true }).count()).toBe(0);

    // An empty post is refused in the browser with the spec's messages.
    const form = b.getByRole('form', { name: 'Post a comment' });
    await form.getByRole('button', { name: 'Post comment' }).click();
    await form.getByText('Write a comment first.').waitFor();
    await form.getByText('Enter your name to comment.').waitFor();

    await form.getByRole('textbox', { name: 'Your name' }).fill('Mallory');
    await form.getByRole('textbox', { name: 'Comment' }).fill(`Nice try ${XSS}\nsecond line`);
    await form.getByRole('button', { name: 'Post comment' }).click();
    await expect.poll(authors).toEqual(['Mallory', 'Rosa Roaster', 'Ada Lovelace', 'Linus Pauling', 'Katherine Johnson']);
    expect(await form.getByRole('textbox', { name: 'Comment' }).inputValue()).toBe('');
    const mine = comments.first();
    // Shown as text, exactly as typed (line break kept); nothing of it became an element.
    expect((await bodies())[0]).toBe(`Nice try ${XSS}\nsecond line`);
    expect(await mine.locator('b, script').count()).toBe(0);
    expect(await b.locator('script').count()).toBe(0);
    expect(dialogs).toEqual([]);

    // Page 2: the two oldest.
    await pagination.getByRole('button', { name: '2', exact: true }).click();
    await expect.poll(authors).toEqual(['Alan Turing', 'Grace Hopper']);
    expect(await bodies()).toEqual(['The Kenyan pour-over was a revelation.', 'What a great evening, thank you!']);
    await pagination.getByRole('button', { name: '1', exact: true }).click();
    await expect.poll(authors).toEqual(['Mallory', 'Rosa Roaster', 'Ada Lovelace', 'Linus Pauling', 'Katherine Johnson']);
    // The server kept it as text too.
    const stored = await guest.request.get(`${server.baseUrl}/api/blocks/${ids.comments}/comments?limit=1`);
    expect(((await stored.json()) as { comments: { body: string }[]; total: number }).comments[0]!.body).toBe(`Nice try ${XSS}\nsecond line`);
    await shotOf(b, 'blocks/comments');
    await shot(guest, 'presentation/meetup');
    expect(dialogs).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
