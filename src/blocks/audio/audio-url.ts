// Where an audio block's sound comes from, as pure functions: uploads and audio-file links play in
// <audio>; SoundCloud and Spotify links become their embed players; 'embed' takes pasted iframe
// code or a link through the iframe block's sanitiser. Nothing typed is inserted as HTML.
import { IFRAME_SANDBOX, parseIframeCode, safeFrameSrc } from '../iframe/iframe-code';
import { mediaSrc } from '../media-src';
import { stripControlChars } from '../../shared/rules/control-chars';

export const SPOTIFY_KINDS = ['track', 'album', 'playlist', 'episode', 'show', 'artist'] as const;

function clean(input: unknown): string {
  return typeof input === 'string' ? stripControlChars(input).trim() : '';
}

/** A pasted iframe's src, else the text itself. */
function srcOf(input: unknown): string {
  const s = clean(input);
  if (!s.includes('<')) return s;
  const frame = parseIframeCode(s);
  return frame.ok ? frame.frame.src : '';
}

function url(s: string): URL | null {
  const v = /^(?:open\.spotify\.com|(?:www\.|m\.|on\.)?soundcloud\.com)\//i.test(s) ? `https://${s}` : s;
  const safe = safeFrameSrc(v);
  return safe ? new URL(safe) : null;
}

export interface SpotifyItem {
  kind: (typeof SPOTIFY_KINDS)[number];
  id: string;
}

/** open.spotify.com/{intl-xx/}{embed/}{track|album|playlist|episode|show|artist}/{id}, or spotify:{kind}:{id}. */
export function parseSpotify(input: unknown): SpotifyItem | null {
  const s = srcOf(input);
  const uri = /^spotify:([a-z]+):([A-Za-z0-9]{22})$/.exec(s);
  let kind: string | undefined;
  let id: string | undefined;
  if (uri) [, kind, id] = uri;
  else {
    const u = url(s);
    if (!u || u.hostname.toLowerCase() !== 'open.spotify.com') return null;
    const parts = u.pathname.split('/').filter(Boolean).filter((p, i) => !(i === 0 && /^intl-[a-z-]+$/i.test(p)));
    if (parts[0] === 'embed') parts.shift();
    [kind, id] = parts;
  }
  if (!kind || !id || !(SPOTIFY_KINDS as readonly string[]).includes(kind) || !/^[A-Za-z0-9]{22}$/.test(id)) return null;
  return { kind: kind as SpotifyItem['kind'], id };
}

export function spotifyEmbedUrl(item: SpotifyItem): string {
  return `https://open.spotify.com/embed/${item.kind}/${item.id}`;
}

/** Tracks and episodes get Spotify's compact player; lists get the tall one. */
export function spotifyHeight(item: SpotifyItem): number {
  return item.kind === 'track' || item.kind === 'episode' ? 152 : 352;
}

/** A soundcloud.com track, set or profile link (m. and on. short links too), or the widget's own address. */
export function parseSoundCloud(input: unknown): string | null {
  const u = url(srcOf(input));
  if (!u) return null;
  const host = u.hostname.toLowerCase();
  if (host === 'w.soundcloud.com' && u.pathname.startsWith('/player')) {
    const inner = u.searchParams.get('url');
    return inner ? parseSoundCloud(inner) : null;
  }
  if (host === 'api.soundcloud.com' && /^\/(?:tracks|playlists|users)\/\d+\/?$/.test(u.pathname)) return `https://api.soundcloud.com${u.pathname.replace(/\/$/, '')}`;
  if (!/^(?:www\.|m\.|on\.)?soundcloud\.com$/.test(host)) return null;
  if (u.pathname.split('/').filter(Boolean).length === 0) return null;
  const base = host === 'on.soundcloud.com' ? 'https://on.soundcloud.com' : 'https://soundcloud.com';
  // Private links keep their secret token (/artist/track/s-AbCd) as part of the path.
  return `${base}${u.pathname.replace(/\/$/, '')}`;
}

export interface AudioPlayback {
  autoplay: boolean;
  muted: boolean;
  controls: boolean;
  loop: boolean;
}

export function audioPlaybackOf(config: Record<string, unknown>): AudioPlayback {
  return { autoplay: config.autoplay === true, muted: config.muted === true, controls: config.controls !== false, loop: config.loop === true };
}

export function soundCloudEmbedUrl(track: string, p: AudioPlayback): string {
  const q = new URLSearchParams({ url: track, auto_play: String(p.autoplay), visual: 'false', show_comments: 'false', hide_related: 'true' });
  return `https://w.soundcloud.com/player/?${q.toString()}`;
}

const AUDIO_FILE = /\.(?:mp3|m4a|aac|ogg|oga|opus|wav|flac|weba)(?:[?#].*)?$/i;

/** Allowed features of audio players: playback only. */
export const AUDIO_ALLOW = 'autoplay; encrypted-media; clipboard-write';
/** SoundCloud and Spotify hosts are fixed by us; they need their own origin (see video-url PLAYER_SANDBOX). */
export const AUDIO_PLAYER_SANDBOX = 'allow-scripts allow-same-origin allow-popups allow-presentation';

export type AudioSource =
  | { kind: 'audio'; src: string }
  | { kind: 'iframe'; src: string; title: string; height: number; sandbox: string }
  | { kind: 'none'; empty: boolean; message: string };

export const AUDIO_HINTS = {
  upload: 'Upload an audio file or link to one (https://…/song.mp3).',
  soundcloud: 'Paste a SoundCloud link (soundcloud.com/artist/track).',
  spotify: 'Paste a Spotify link (open.spotify.com/track/…).',
  embed: 'Paste the embed code (<iframe src="https://...">) or a link',
} as const;

export function audioSource(config: Record<string, unknown>): AudioSource {
  const p = audioPlaybackOf(config);
  if (config.audio_source_type !== 'external') {
    const raw = clean(config.audio_upload);
    const src = mediaSrc(raw);
    return src ? { kind: 'audio', src } : { kind: 'none', empty: !raw, message: AUDIO_HINTS.upload };
  }
  const raw = clean(config.audio_url);
  const type = config.audio_type === 'spotify' || config.audio_type === 'embed' ? config.audio_type : 'soundcloud';
  const none: AudioSource = { kind: 'none', empty: !raw, message: AUDIO_HINTS[type] };
  if (type === 'spotify') {
    const item = parseSpotify(raw);
    return item ? { kind: 'iframe', src: spotifyEmbedUrl(item), title: 'Spotify player', height: spotifyHeight(item), sandbox: AUDIO_PLAYER_SANDBOX } : none;
  }
  if (type === 'soundcloud') {
    const track = parseSoundCloud(raw);
    return track ? { kind: 'iframe', src: soundCloudEmbedUrl(track, p), title: 'SoundCloud player', height: 166, sandbox: AUDIO_PLAYER_SANDBOX } : none;
  }
  // embed: a known player pasted here plays as that player; a link to a file plays in <audio>.
  const src = srcOf(raw);
  const spotify = parseSpotify(src);
  if (spotify) return { kind: 'iframe', src: spotifyEmbedUrl(spotify), title: 'Spotify player', height: spotifyHeight(spotify), sandbox: AUDIO_PLAYER_SANDBOX };
  const sc = parseSoundCloud(src);
  if (sc) return { kind: 'iframe', src: soundCloudEmbedUrl(sc, p), title: 'SoundCloud player', height: 166, sandbox: AUDIO_PLAYER_SANDBOX };
  if (!raw.includes('<') && AUDIO_FILE.test(raw)) {
    const file = mediaSrc(raw);
    if (file) return { kind: 'audio', src: file };
  }
  const frame = parseIframeCode(raw);
  if (!frame.ok) return none;
  return { kind: 'iframe', src: frame.frame.src, title: frame.frame.title, height: Math.min(frame.frame.height, 600), sandbox: IFRAME_SANDBOX };
}
