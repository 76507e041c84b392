import { describe, expect, it } from 'vitest';
import { isVisible } from '../../shared/settings/visibility';
import { IFRAME_SANDBOX } from '../iframe/iframe-code';
import { renderBlock, viewData } from '../testing/views';
import { AudioBlock } from './AudioBlock';
import { audioSource, parseSoundCloud, parseSpotify, soundCloudEmbedUrl, spotifyEmbedUrl, spotifyHeight } from './audio-url';
import { audioSchema } from './schema';

const ID = '4uLU6hMCjMI75M1A2tKUQC';

describe('Spotify links', () => {
  it.each<[string, string | null]>([
    [`https://open.spotify.com/track/${ID}`, `https://open.spotify.com/embed/track/${ID}`],
    [`https://open.spotify.com/track/${ID}?si=abc123`, `https://open.spotify.com/embed/track/${ID}`],
    [`https://open.spotify.com/intl-de/album/${ID}`, `https://open.spotify.com/embed/album/${ID}`],
    [`open.spotify.com/playlist/${ID}`, `https://open.spotify.com/embed/playlist/${ID}`],
    [`https://open.spotify.com/episode/${ID}`, `https://open.spotify.com/embed/episode/${ID}`],
    [`https://open.spotify.com/show/${ID}`, `https://open.spotify.com/embed/show/${ID}`],
    [`https://open.spotify.com/embed/track/${ID}?utm_source=generator`, `https://open.spotify.com/embed/track/${ID}`],
    [`spotify:track:${ID}`, `https://open.spotify.com/embed/track/${ID}`],
    [`<iframe src="https://open.spotify.com/embed/album/${ID}" width="100%"></iframe>`, `https://open.spotify.com/embed/album/${ID}`],
    [`https://open.spotify.com/user/${ID}`, null],
    ['https://open.spotify.com/track/short', null],
    [`https://spotify.evil.example/track/${ID}`, null],
    [`javascript:alert(1)//open.spotify.com/track/${ID}`, null],
  ])('%s → %s', (input, out) => {
    const item = parseSpotify(input);
    expect(item ? spotifyEmbedUrl(item) : null).toBe(out);
  });

  it.each<[string, number]>([
    ['track', 152],
    ['episode', 152],
    ['album', 352],
    ['playlist', 352],
  ])('%s player is %i px tall', (kind, h) => expect(spotifyHeight({ kind: kind as 'track', id: ID })).toBe(h));
});

describe('SoundCloud links', () => {
  it.each<[string, string | null]>([
    ['https://soundcloud.com/artist/track-name', 'https://soundcloud.com/artist/track-name'],
    ['https://soundcloud.com/artist/track-name?si=xyz&utm_source=clipboard', 'https://soundcloud.com/artist/track-name'],
    ['soundcloud.com/artist/sets/my-set/', 'https://soundcloud.com/artist/sets/my-set'],
    ['https://m.soundcloud.com/artist/track-name', 'https://soundcloud.com/artist/track-name'],
    ['https://soundcloud.com/artist/track/s-AbCdE', 'https://soundcloud.com/artist/track/s-AbCdE'],
    ['https://on.soundcloud.com/xYz12', 'https://on.soundcloud.com/xYz12'],
    ['https://api.soundcloud.com/tracks/123456', 'https://api.soundcloud.com/tracks/123456'],
    ['https://w.soundcloud.com/player/?url=https%3A//api.soundcloud.com/tracks/123456&color=%23ff5500', 'https://api.soundcloud.com/tracks/123456'],
    ['https://soundcloud.com/', null],
    ['https://soundcloud.com.evil.example/a/b', null],
    ['http://example.com/artist/track', null],
    ['', null],
  ])('%s → %s', (input, out) => expect(parseSoundCloud(input)).toBe(out));

  it('becomes the widget address with the track as its url parameter', () => {
    expect(soundCloudEmbedUrl('https://soundcloud.com/a/b', { autoplay: true, muted: false, controls: true, loop: false })).toBe(
      'https://w.soundcloud.com/player/?url=https%3A%2F%2Fsoundcloud.com%2Fa%2Fb&auto_play=true&visual=false&show_comments=false&hide_related=true',
    );
  });
});

describe('audioSource', () => {
  it.each<[Record<string, unknown>, string, string | null]>([
    [{ audio_source_type: 'upload', audio_upload: '/api/uploads/abc' }, 'audio', '/api/uploads/abc'],
    [{ audio_source_type: 'upload', audio_upload: 'https://cdn.example/a.mp3' }, 'audio', 'https://cdn.example/a.mp3'],
    [{ audio_source_type: 'upload', audio_upload: 'javascript:alert(1)' }, 'none', null],
    [{ audio_source_type: 'external', audio_type: 'spotify', audio_url: `https://open.spotify.com/track/${ID}` }, 'iframe', `https://open.spotify.com/embed/track/${ID}`],
    [{ audio_source_type: 'external', audio_type: 'spotify', audio_url: 'https://soundcloud.com/a/b' }, 'none', null],
    [{ audio_source_type: 'external', audio_type: 'embed', audio_url: 'https://cdn.example/song.ogg' }, 'audio', 'https://cdn.example/song.ogg'],
    [{ audio_source_type: 'external', audio_type: 'embed', audio_url: '<iframe src="https://radio.example/p" onload="x()"></iframe>' }, 'iframe', 'https://radio.example/p'],
    [{ audio_source_type: 'external', audio_type: 'embed', audio_url: '<iframe src="data:text/html,x"></iframe>' }, 'none', null],
  ])('%j → %s %s', (config, kind, src) => {
    const s = audioSource(config);
    expect(s.kind).toBe(kind);
    if (src) expect(s.kind !== 'none' && s.src).toBe(src);
  });

  it('pasted players keep the iframe block sandbox; known players their own', () => {
    const pasted = audioSource({ audio_source_type: 'external', audio_type: 'embed', audio_url: 'https://radio.example/p' });
    expect(pasted.kind === 'iframe' && pasted.sandbox).toBe(IFRAME_SANDBOX);
  });

  it('the editor shows the file only for uploads and the type and URL only for external sources', () => {
    const s = audioSchema.settings;
    expect(isVisible(s.audio_upload!, { audio_source_type: 'upload' })).toBe(true);
    expect(isVisible(s.audio_type!, { audio_source_type: 'upload' })).toBe(false);
    expect(isVisible(s.audio_url!, { audio_source_type: 'external' })).toBe(true);
  });
});

const render = (settings: Record<string, unknown>, mode: 'view' | 'edit' = 'view') => renderBlock(AudioBlock, audioSchema, settings, viewData(), mode);

describe('AudioBlock renders', () => {
  it('an <audio> for uploads, with our own play button when controls are off', () => {
    const html = render({ audio_upload: '/api/uploads/abc', controls: false, loop: true });
    expect(html).toContain('<audio');
    expect(html).toContain('aria-label="Play"');
    expect(html).toContain('loop=""');
  });

  it('a sandboxed Spotify player', () => {
    const html = render({ audio_source_type: 'external', audio_type: 'spotify', audio_url: `https://open.spotify.com/album/${ID}` });
    expect(html).toContain(`src="https://open.spotify.com/embed/album/${ID}"`);
    expect(html).toContain('sandbox="allow-scripts allow-same-origin allow-popups allow-presentation"');
  });

  it('nothing usable: a hint in the editor, a note for guests', () => {
    expect(render({}, 'edit')).toContain('Upload an audio file');
    expect(render({})).toContain('No audio yet.');
    expect(render({ audio_source_type: 'external', audio_type: 'soundcloud', audio_url: 'https://evil.example/' })).toContain('This audio cannot be played.');
  });
});
