// Reads pasted embed code without ever inserting it: only the src (http/https) and a few safe
// attributes are taken, and the view builds its own <iframe> from them. Everything else in the
// paste (scripts, event handlers, srcdoc, style, sandbox overrides, other tags) is dropped.
import { stripControlChars } from '../../shared/rules/control-chars';

export const IFRAME_HINT = 'Paste the embed code (<iframe src="https://...">) or a link';

/** The frame's sandbox: scripts without same-origin give a cross-origin page an opaque origin. */
export const IFRAME_SANDBOX = 'allow-scripts allow-forms allow-popups allow-presentation';

/** Features an embed may ask for in `allow`; camera, microphone, geolocation, payment, usb… are dropped. */
export const SAFE_ALLOW = [
  'accelerometer',
  'autoplay',
  'clipboard-write',
  'encrypted-media',
  'fullscreen',
  'gyroscope',
  'picture-in-picture',
  'web-share',
] as const;

export const DEFAULT_HEIGHT = 450;
const MAX_SIZE = 10000;

export interface IframeSpec {
  src: string;
  /** CSS width: px or %; default 100%. */
  width: string;
  /** px. */
  height: number;
  title: string;
  allow: string;
  allowFullScreen: boolean;
}

export type IframeParse = { ok: true; frame: IframeSpec } | { ok: false; empty: boolean; message: string };

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', nbsp: ' ' };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[e.toLowerCase()] ?? whole;
  });
}

/** A http(s) URL, normalised; anything else (javascript:, data:, blob:, relative, bad) is null. */
export function safeFrameSrc(raw: string): string | null {
  // Control characters and whitespace inside a scheme are a classic way around scheme checks.
  const v = stripControlChars(raw).trim();
  if (!/^https?:\/\//i.test(v)) return null;
  try {
    const u = new URL(v);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    if (!u.hostname) return null;
    return u.href;
  } catch {
    return null;
  }
}

/** Attributes of the first <iframe ...> tag, names lower-cased, values entity-decoded. */
export function iframeAttributes(code: string): Map<string, string> | null {
  const tag = /<iframe\b((?:[^>"']|"[^"]*"|'[^']*')*)>?/i.exec(code);
  if (!tag) return null;
  const attrs = new Map<string, string>();
  const re = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (const m of (tag[1] ?? '').matchAll(re)) {
    const name = m[1]!.toLowerCase();
    if (attrs.has(name)) continue; // the browser keeps the first of duplicated attributes
    attrs.set(name, decodeEntities(m[2] ?? m[3] ?? m[4] ?? ''));
  }
  return attrs;
}

function width(v: string | undefined): string {
  const m = /^\s*(\d{1,5})(px|%)?\s*$/i.exec(v ?? '');
  if (!m) return '100%';
  const n = Number(m[1]);
  if (m[2] === '%') return `${Math.min(100, Math.max(1, n))}%`;
  return n > 0 && n <= MAX_SIZE ? `${n}px` : '100%';
}

function height(v: string | undefined): number {
  const m = /^\s*(\d{1,5})(px)?\s*$/i.exec(v ?? '');
  const n = m ? Number(m[1]) : NaN;
  return n >= 50 && n <= MAX_SIZE ? n : DEFAULT_HEIGHT;
}

/** `allow` keeps only known-safe feature names, without origin lists (they default to the src). */
export function safeAllow(v: string | undefined): string {
  const out: string[] = [];
  for (const part of (v ?? '').split(';')) {
    const name = part.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
    if ((SAFE_ALLOW as readonly string[]).includes(name) && !out.includes(name)) out.push(name);
  }
  return out.join('; ');
}

/**
 * Pasted embed code or a plain link → the frame to draw, or why not. Only the first <iframe>
 * counts; its src must be http(s).
 */
export function parseIframeCode(input: unknown): IframeParse {
  const code = typeof input === 'string' ? input.trim() : '';
  if (!code) return { ok: false, empty: true, message: IFRAME_HINT };
  if (!code.includes('<')) {
    const src = safeFrameSrc(code);
    return src
      ? { ok: true, frame: { src, width: '100%', height: DEFAULT_HEIGHT, title: 'Embedded page', allow: '', allowFullScreen: false } }
      : { ok: false, empty: false, message: IFRAME_HINT };
  }
  const attrs = iframeAttributes(code);
  const src = attrs ? safeFrameSrc(attrs.get('src') ?? '') : null;
  if (!attrs || !src) return { ok: false, empty: false, message: IFRAME_HINT };
  const title = (attrs.get('title') ?? '').replace(/\s+/g, ' ').trim().slice(0, 200) || 'Embedded page';
  const allow = safeAllow(attrs.get('allow'));
  return {
    ok: true,
    frame: {
      src,
      width: width(attrs.get('width')),
      height: height(attrs.get('height')),
      title,
      allow,
      allowFullScreen: attrs.has('allowfullscreen') || attrs.has('webkitallowfullscreen') || allow.includes('fullscreen'),
    },
  };
}
