// Where a video block's player comes from, as pure functions: YouTube and Vimeo links become
// their embed players (youtube-nocookie.com: no tracking cookies until the visitor plays),
// direct files play in <video>, and 'embed' takes pasted iframe code or a link through the
// iframe block's sanitiser (only a http(s) src survives). Nothing the owner typed is ever
// inserted as HTML.
import { IFRAME_SANDBOX, parseIframeCode } from '../iframe/iframe-code';
import { mediaSrc } from '../media-src';
import { stripControlChars } from '../../shared/rules/control-chars';

export const VIDEO_TYPES = ['youtube', 'vimeo', 'direct', 'embed'] as const;
export type VideoType = (typeof VIDEO_TYPES)[number];

export interface Playback {
  autoplay: boolean;
  muted: boolean;
  controls: boolean;
  loop: boolean;
}

/**
 * The spec's rule "Video needs muted on for autoplay": autoplay holds only while muted is on,
 * whatever the record says (an old record, or one written without the editor).
 */
export function playbackOf(config: Record<string, unknown>): Playback {
  const muted = config.muted === true;
  return { muted, autoplay: muted && config.autoplay === true, controls: config.controls !== false, loop: config.loop === true };
}

const YT_ID = /^[A-Za-z0-9_-]{11}$/;
const YT_HOSTS = /^(?:(?:www|m|music)\.)?(?:youtube\.com|youtube-nocookie\.com)$/i;
const VIMEO_HOSTS = /^(?:www\.|player\.)?vimeo\.com$/i;
const KNOWN_BARE = /^(?:(?:www|m|music|player)\.)?(?:youtube\.com|youtu\.be|youtube-nocookie\.com|vimeo\.com)\//i;

/** A typed link as a URL: http(s) only; a bare 'youtu.be/…' or 'vimeo.com/…' gets https. Pasted iframe code gives its src. */
export function linkOf(input: unknown): URL | null {
  let s = typeof input === 'string' ? stripControlChars(input).trim() : '';
  if (s.includes('<')) {
    const frame = parseIframeCode(s);
    if (!frame.ok) return null;
    s = frame.frame.src;
  }
  if (KNOWN_BARE.test(s)) s = `https://${s}`;
  if (!/^https?:\/\//i.test(s)) return null;
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u : null;
  } catch {
    return null;
  }
}

/** '1h2m3s', '90s', '90' → seconds; anything else 0. */
export function startSeconds(t: string | null): number {
  if (!t) return 0;
  if (/^\d+s?$/.test(t)) return Number.parseInt(t, 10);
  const m = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(t);
  if (!m || !t) return 0;
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
}

export interface YouTubeVideo {
  id: string;
  start: number;
}

/** watch?v=, youtu.be/, shorts/, embed/, live/ and v/ links (and pasted embed code) → the video id. */
export function parseYouTube(input: unknown): YouTubeVideo | null {
  const u = linkOf(input);
  if (!u) return null;
  const parts = u.pathname.split('/').filter(Boolean);
  let id: string | undefined;
  if (/^(?:www\.)?youtu\.be$/i.test(u.hostname)) id = parts[0];
  else if (YT_HOSTS.test(u.hostname)) {
    if (parts[0] === 'watch') id = u.searchParams.get('v') ?? undefined;
    else if (parts[0] && ['shorts', 'embed', 'live', 'v', 'e'].includes(parts[0])) id = parts[1];
  }
  if (!id || !YT_ID.test(id)) return null;
  return { id, start: startSeconds(u.searchParams.get('t') ?? u.searchParams.get('start')) };
}

export interface VimeoVideo {
  id: string;
  /** The privacy hash of an unlisted video (vimeo.com/123/abcdef or ?h=abcdef). */
  hash: string | null;
}

/** vimeo.com/{id}, vimeo.com/{id}/{hash}, vimeo.com/channels/x/{id}, …/videos/{id}, player.vimeo.com/video/{id}. */
export function parseVimeo(input: unknown): VimeoVideo | null {
  const u = linkOf(input);
  if (!u || !VIMEO_HOSTS.test(u.hostname)) return null;
  const parts = u.pathname.split('/').filter(Boolean);
  // Showcase and album links name the video after 'video'/'videos'; other links by their first number.
  const named = parts.findIndex((p, i) => (p === 'video' || p === 'videos') && /^\d{1,12}$/.test(parts[i + 1] ?? ''));
  const at = named >= 0 ? named + 1 : parts.findIndex((p) => /^\d{1,12}$/.test(p));
  if (at < 0) return null;
  const id = parts[at]!;
  const next = parts[at + 1];
  const hashParam = u.searchParams.get('h');
  const hash = hashParam && /^[0-9a-f]{6,20}$/i.test(hashParam) ? hashParam : next && /^[0-9a-f]{6,20}$/i.test(next) ? next : null;
  return { id, hash };
}

/** The YouTube player address (privacy-enhanced host). `play` forces a start (the visitor clicked). */
export function youtubeEmbedUrl(v: YouTubeVideo, p: Playback, play = false): string {
  const q = new URLSearchParams({ rel: '0', playsinline: '1', modestbranding: '1' });
  if (p.autoplay || play) q.set('autoplay', '1');
  if (p.muted) q.set('mute', '1');
  if (!p.controls) q.set('controls', '0');
  // A single video loops only as a playlist of itself.
  if (p.loop) {
    q.set('loop', '1');
    q.set('playlist', v.id);
  }
  if (v.start > 0) q.set('start', String(v.start));
  return `https://www.youtube-nocookie.com/embed/${v.id}?${q.toString()}`;
}

export function vimeoEmbedUrl(v: VimeoVideo, p: Playback, play = false): string {
  const q = new URLSearchParams();
  if (v.hash) q.set('h', v.hash);
  q.set('dnt', '1');
  if (p.autoplay || play) q.set('autoplay', '1');
  if (p.muted) q.set('muted', '1');
  if (!p.controls) q.set('controls', '0');
  if (p.loop) q.set('loop', '1');
  return `https://player.vimeo.com/video/${v.id}?${q.toString()}`;
}

/** Feature policy of the players: playback only (no camera, microphone, geolocation…). */
export const PLAYER_ALLOW = 'autoplay; encrypted-media; fullscreen; picture-in-picture';
/**
 * Sandbox of the YouTube/Vimeo players. Their hosts are fixed by us, so allow-same-origin only
 * lets the player keep its own (third-party) origin, which it needs for playback; it grants
 * nothing on ours. Pasted embeds get the iframe block's sandbox (no allow-same-origin).
 */
export const PLAYER_SANDBOX = 'allow-scripts allow-same-origin allow-presentation allow-popups';

export type VideoSource =
  | { kind: 'iframe'; src: string; title: string; sandbox: string; allow: string; referrerPolicy: 'strict-origin-when-cross-origin' | 'no-referrer'; thumbnail: string | null }
  | { kind: 'video'; src: string }
  | { kind: 'none'; empty: boolean; message: string };

export const VIDEO_HINTS: Record<VideoType, string> = {
  youtube: 'Paste a YouTube link (youtube.com/watch?v=…, youtu.be/…, youtube.com/shorts/…).',
  vimeo: 'Paste a Vimeo link (vimeo.com/…).',
  direct: 'Upload a video file or link to one (https://…/video.mp4).',
  embed: 'Paste the embed code (<iframe src="https://...">) or a link',
};

export function videoTypeOf(v: unknown): VideoType {
  return (VIDEO_TYPES as readonly string[]).includes(v as string) ? (v as VideoType) : 'youtube';
}

/** What to play for a block's settings. `play`: the visitor pressed play (popup, fullscreen). */
export function videoSource(config: Record<string, unknown>, play = false): VideoSource {
  const type = videoTypeOf(config.video_type);
  const p = playbackOf(config);
  const url = typeof config.video_url === 'string' ? config.video_url.trim() : '';
  const none = (empty: boolean): VideoSource => ({ kind: 'none', empty, message: VIDEO_HINTS[type] });
  switch (type) {
    case 'youtube': {
      const v = parseYouTube(url);
      if (!v) return none(!url);
      return {
        kind: 'iframe',
        src: youtubeEmbedUrl(v, p, play),
        title: 'YouTube video player',
        sandbox: PLAYER_SANDBOX,
        allow: PLAYER_ALLOW,
        // YouTube's player refuses to start without a referrer; the origin is all it gets.
        referrerPolicy: 'strict-origin-when-cross-origin',
        thumbnail: `https://i.ytimg.com/vi/${v.id}/hqdefault.jpg`,
      };
    }
    case 'vimeo': {
      const v = parseVimeo(url);
      if (!v) return none(!url);
      return { kind: 'iframe', src: vimeoEmbedUrl(v, p, play), title: 'Vimeo video player', sandbox: PLAYER_SANDBOX, allow: PLAYER_ALLOW, referrerPolicy: 'strict-origin-when-cross-origin', thumbnail: null };
    }
    case 'direct': {
      const upload = typeof config.video_upload === 'string' ? config.video_upload.trim() : '';
      const src = mediaSrc(upload) ?? mediaSrc(url);
      return src ? { kind: 'video', src } : none(!upload && !url);
    }
    case 'embed': {
      const parsed = parseIframeCode(url);
      if (!parsed.ok) return none(parsed.empty);
      // Pasted YouTube or Vimeo code plays through our own player address (and its sandbox).
      if (parseYouTube(parsed.frame.src)) return videoSource({ ...config, video_type: 'youtube', video_url: parsed.frame.src }, play);
      if (parseVimeo(parsed.frame.src)) return videoSource({ ...config, video_type: 'vimeo', video_url: parsed.frame.src }, play);
      return {
        kind: 'iframe',
        src: parsed.frame.src,
        title: parsed.frame.title,
        sandbox: IFRAME_SANDBOX,
        allow: PLAYER_ALLOW,
        referrerPolicy: 'no-referrer',
        thumbnail: null,
      };
    }
  }
}

/** CSS aspect-ratio of the spec's choices (16:9 for anything else). */
export function aspectRatioOf(v: unknown): string {
  const m = /^(16|4|1|21):(9|3|1)$/.exec(typeof v === 'string' ? v : '');
  return m && ['16:9', '4:3', '1:1', '21:9'].includes(v as string) ? `${m[1]} / ${m[2]}` : '16 / 9';
}
