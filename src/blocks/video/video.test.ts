import { describe, expect, it } from 'vitest';
import { blockDefaults } from '../../shared/settings/block';
import { isVisible } from '../../shared/settings/visibility';
import { IFRAME_SANDBOX } from '../iframe/iframe-code';
import { renderBlock, viewData } from '../testing/views';
import { videoSchema } from './schema';
import { VideoBlock } from './VideoBlock';
import { aspectRatioOf, parseVimeo, parseYouTube, playbackOf, startSeconds, videoSource, youtubeEmbedUrl } from './video-url';

describe('parseYouTube', () => {
  it.each<[string, string | null, number?]>([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtube.com/watch?v=dQw4w9WgXcQ&list=PL1&index=2', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://music.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc&t=90', 'dQw4w9WgXcQ', 90],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m5s', 'dQw4w9WgXcQ', 65],
    ['youtu.be/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['www.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ?feature=share', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ?start=30', 'dQw4w9WgXcQ', 30],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/live/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['<iframe width="560" src="https://www.youtube.com/embed/dQw4w9WgXcQ?si=x" allowfullscreen></iframe>', 'dQw4w9WgXcQ'],
    // Not YouTube videos.
    ['https://www.youtube.com/watch?v=short', null],
    ['https://www.youtube.com/@channel', null],
    ['https://www.youtube.com/playlist?list=PL1', null],
    ['https://evil.example/watch?v=dQw4w9WgXcQ', null],
    ['https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ', null],
    ['javascript:alert(1)//youtu.be/dQw4w9WgXcQ', null],
    ['ftp://youtu.be/dQw4w9WgXcQ', null],
    ['', null],
  ])('%s → %s', (url, id, start = 0) => {
    const v = parseYouTube(url);
    if (id === null) expect(v).toBeNull();
    else expect(v).toEqual({ id, start });
  });
});

describe('parseVimeo', () => {
  it.each<[string, { id: string; hash: string | null } | null]>([
    ['https://vimeo.com/76979871', { id: '76979871', hash: null }],
    ['vimeo.com/76979871', { id: '76979871', hash: null }],
    ['https://vimeo.com/76979871/8272103f6e', { id: '76979871', hash: '8272103f6e' }],
    ['https://vimeo.com/channels/staffpicks/76979871', { id: '76979871', hash: null }],
    ['https://vimeo.com/showcase/123/video/76979871', { id: '76979871', hash: null }],
    ['https://player.vimeo.com/video/76979871?h=8272103f6e&badge=0', { id: '76979871', hash: '8272103f6e' }],
    ['https://vimeo.com/user/about', null],
    ['https://notvimeo.com/76979871', null],
    ['https://youtu.be/dQw4w9WgXcQ', null],
  ])('%s → %j', (url, out) => expect(parseVimeo(url)).toEqual(out));
});

describe('startSeconds', () => {
  it.each<[string | null, number]>([
    [null, 0],
    ['90', 90],
    ['90s', 90],
    ['1h2m3s', 3723],
    ['2m', 120],
    ['abc', 0],
  ])('%s → %i', (t, n) => expect(startSeconds(t)).toBe(n));
});

describe('autoplay needs muted (spec §5)', () => {
  it.each<[Record<string, unknown>, boolean]>([
    [{ autoplay: true, muted: true }, true],
    [{ autoplay: true, muted: false }, false],
    [{ autoplay: true }, false],
    [{ autoplay: false, muted: true }, false],
  ])('%j → autoplay %s', (config, autoplay) => expect(playbackOf(config).autoplay).toBe(autoplay));

  it('the editor offers autoplay only while muted is on', () => {
    const autoplay = videoSchema.settings.autoplay!;
    expect(isVisible(autoplay, { muted: false })).toBe(false);
    expect(isVisible(autoplay, { muted: true })).toBe(true);
  });

  it('an unmuted record never reaches the player with autoplay', () => {
    const yt = videoSource({ video_type: 'youtube', video_url: 'https://youtu.be/dQw4w9WgXcQ', autoplay: true, muted: false });
    expect(yt.kind === 'iframe' && yt.src).not.toContain('autoplay=1');
    const muted = videoSource({ video_type: 'youtube', video_url: 'https://youtu.be/dQw4w9WgXcQ', autoplay: true, muted: true });
    expect(muted.kind === 'iframe' && muted.src).toContain('autoplay=1');
    expect(muted.kind === 'iframe' && muted.src).toContain('mute=1');
  });
});

describe('embed addresses', () => {
  it('YouTube: privacy-enhanced host; loop as a playlist of itself; controls off; start', () => {
    expect(youtubeEmbedUrl({ id: 'dQw4w9WgXcQ', start: 5 }, { autoplay: false, muted: false, controls: false, loop: true })).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0&playsinline=1&modestbranding=1&controls=0&loop=1&playlist=dQw4w9WgXcQ&start=5',
    );
  });

  it.each<[Record<string, unknown>, string | null]>([
    [{ video_type: 'vimeo', video_url: 'https://vimeo.com/76979871/8272103f6e', muted: true, autoplay: true, loop: true }, 'https://player.vimeo.com/video/76979871?h=8272103f6e&dnt=1&autoplay=1&muted=1&loop=1'],
    [{ video_type: 'direct', video_url: 'https://cdn.example/movie.mp4' }, 'https://cdn.example/movie.mp4'],
    [{ video_type: 'direct', video_url: 'https://cdn.example/a.mp4', video_upload: '/api/uploads/abc123' }, '/api/uploads/abc123'],
    [{ video_type: 'direct', video_url: 'javascript:alert(1)' }, null],
    [{ video_type: 'direct', video_url: 'data:video/mp4;base64,AAAA' }, null],
    [{ video_type: 'embed', video_url: '<iframe src="https://player.example/v/1" onload="x()"></iframe>' }, 'https://player.example/v/1'],
    [{ video_type: 'embed', video_url: 'https://player.example/v/2' }, 'https://player.example/v/2'],
    [{ video_type: 'embed', video_url: '<iframe src="javascript:alert(1)"></iframe>' }, null],
    [{ video_type: 'youtube', video_url: 'https://vimeo.com/1' }, null],
  ])('%j → %s', (config, src) => {
    const s = videoSource(config);
    if (src === null) expect(s.kind).toBe('none');
    else expect(s.kind !== 'none' && s.src).toBe(src);
  });

  it('pasted embeds keep the iframe block sandbox; pasted YouTube code plays from the privacy host', () => {
    const other = videoSource({ video_type: 'embed', video_url: 'https://player.example/v/2' });
    expect(other.kind === 'iframe' && other.sandbox).toBe(IFRAME_SANDBOX);
    const yt = videoSource({ video_type: 'embed', video_url: '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>' });
    expect(yt.kind === 'iframe' && yt.src).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ\?/);
  });

  it.each<[unknown, string]>([
    ['16:9', '16 / 9'],
    ['4:3', '4 / 3'],
    ['1:1', '1 / 1'],
    ['21:9', '21 / 9'],
    ['3:2', '16 / 9'],
    [undefined, '16 / 9'],
  ])('aspect %s → %s', (v, css) => expect(aspectRatioOf(v)).toBe(css));
});

const render = (settings: Record<string, unknown>, mode: 'view' | 'edit' = 'view') => renderBlock(VideoBlock, videoSchema, settings, viewData(), mode);

describe('VideoBlock renders', () => {
  it('inline YouTube: a sandboxed player with playback-only permissions, never the typed text', () => {
    const html = render({ video_url: 'https://youtu.be/dQw4w9WgXcQ"><script>alert(1)</script>' });
    expect(html).not.toContain('<script');
    const ok = render({ video_url: 'https://youtu.be/dQw4w9WgXcQ' });
    expect(ok).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?');
    expect(ok).toContain('sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"');
    expect(ok).toContain('allow="autoplay; encrypted-media; fullscreen; picture-in-picture"');
  });

  it('popup: a poster with the play button, no player until clicked', () => {
    const html = render({ video_url: 'https://youtu.be/dQw4w9WgXcQ', layout: 'popup' });
    expect(html).toContain('aria-label="Play video"');
    expect(html).toContain('https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg');
    expect(html).not.toContain('<iframe');
  });

  it('direct: <video> that never autoplays unmuted', () => {
    const html = render({ video_type: 'direct', video_url: 'https://cdn.example/a.mp4', autoplay: true, muted: false });
    expect(html).toContain('<video');
    expect(html).not.toMatch(/autoplay/i);
    const muted = render({ video_type: 'direct', video_url: 'https://cdn.example/a.mp4', autoplay: true, muted: true });
    expect(muted).toMatch(/autoPlay=""/);
  });

  it('nothing usable: the editor explains, a guest sees a note', () => {
    expect(render({ video_url: '' }, 'edit')).toContain('Paste a YouTube link');
    expect(render({ video_url: 'https://evil.example/x' })).toContain('This video cannot be shown.');
    expect(render({ video_url: '' })).toContain('No video yet.');
  });

  it('a fresh block validates its defaults', () => {
    expect(blockDefaults(videoSchema)).toMatchObject({ video_type: 'youtube', layout: 'inline', aspect_ratio: '16:9', muted: false, autoplay: false, controls: true, loop: false });
  });
});
