// The one cleaner of a template's rich description (the Tiptap editor's HTML): applied when a
// submission is stored and again whenever it is served, so a rule tightened later also covers what
// was stored before. What survives is what the editor's toolbar makes (§5): headings 1-3,
// paragraphs, bold, italic, underline, strike, text and background colours, lists, quotes, code
// blocks, links and images. Nothing that runs: no scripts, no event attributes, no style but the
// two colours, links only to http(s) and mailto (opened in a new tab, without the opener), images
// only inline (data:image/png|jpeg|gif|webp;base64) or uploaded to this server.
import { createRequire } from 'node:module';
import type sanitizeHtml from 'sanitize-html';

const load = createRequire(import.meta.url);
let sanitizer: typeof sanitizeHtml | null = null;
/** sanitize-html (and its HTML parser, some 10 MB), loaded with the first rich text cleaned. */
export function sanitize(html: string, options: sanitizeHtml.IOptions): string {
  sanitizer ??= load('sanitize-html') as typeof sanitizeHtml;
  return sanitizer(html, options);
}

const COLOUR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*[\d.]+%?\s*,\s*[\d.]+%?\s*,\s*[\d.]+%?\s*(?:,\s*[\d.]+%?\s*)?\)$/i, /^[a-z]{3,20}$/i];
const IMAGE_SRC = /^(?:data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]+|\/api\/uploads\/[A-Za-z0-9_-]{1,32})$/;
const LINK_HREF = /^(?:https?:\/\/|mailto:)/i;

/**
 * What differs between the rich texts of the product (the marketplace description, a blog post):
 * where images may come from and the `rel` of links. Everything else (tags, colours, link
 * schemes) is one allow-list, so a rule tightened here tightens both.
 */
export interface RichTextPolicy {
  /** The whole `src` an image must match, or the image goes. */
  imageSrc: RegExp;
  /** Whether `data:` image sources may pass sanitize-html's scheme check (imageSrc still decides). */
  dataImages: boolean;
  /** The `rel` every link gets (always with noopener noreferrer). */
  linkRel: string;
}

/** sanitize-html options of the editor's toolbar (§5) under a policy. */
export function richTextOptions(policy: RichTextPolicy): sanitizeHtml.IOptions {
  return {
    allowedTags: ['h1', 'h2', 'h3', 'p', 'strong', 'b', 'em', 'i', 'u', 's', 'span', 'ol', 'ul', 'li', 'blockquote', 'pre', 'code', 'a', 'img', 'br', 'hr'],
    allowedAttributes: { a: ['href', 'target', 'rel'], span: ['style'], img: ['src', 'alt'] },
    allowedStyles: { span: { color: COLOUR, 'background-color': COLOUR } },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: policy.dataImages ? { img: ['data'] } : {},
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      a: (tagName, attribs): sanitizeHtml.Tag => {
        const href = (attribs.href ?? '').trim();
        return { tagName, attribs: LINK_HREF.test(href) ? { href, target: '_blank', rel: policy.linkRel } : {} };
      },
      img: (tagName, attribs): sanitizeHtml.Tag => {
        const src = (attribs.src ?? '').trim();
        const kept: sanitizeHtml.Attributes = policy.imageSrc.test(src) ? { src } : {};
        if (kept.src && attribs.alt) kept.alt = attribs.alt;
        return { tagName, attribs: kept };
      },
    },
    // An image whose source was refused goes entirely.
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  };
}

const OPTIONS = richTextOptions({ imageSrc: IMAGE_SRC, dataImages: true, linkRel: 'noopener noreferrer nofollow' });

/** The description as it may be stored and shown. */
export function cleanDescription(html: string): string {
  return sanitize(html, OPTIONS);
}
