// A page's title, meta description and Open Graph tags (og:title, og:description, og:image) while
// it is shown, so a shared link of the marketplace looks right; each tag goes back to what it was
// when the page is left.
import { useEffect } from 'react';

export interface PageMeta {
  title: string;
  description: string;
  /** An absolute image URL (the template's thumbnail); none: no og:image. */
  image?: string | null;
}

const SITE = 'Sheetboard';
const DESCRIPTION_MAX = 200;

/** A description of at most DESCRIPTION_MAX characters, on one line. */
export function metaDescription(text: string): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length <= DESCRIPTION_MAX ? one : `${one.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`;
}

/** '{title} · Sheetboard'. */
export function pageTitle(title: string): string {
  return `${title} · ${SITE}`;
}

/** An image address as an absolute URL (Open Graph wants one); null when there is none. */
export function absoluteUrl(src: string | null | undefined, origin: string): string | null {
  if (!src) return null;
  try {
    return new URL(src, origin).toString();
  } catch {
    return null;
  }
}

/** The tags a page sets: [attribute, key, content]. */
export function metaTags(m: PageMeta): [attr: 'name' | 'property', key: string, content: string | null][] {
  const description = metaDescription(m.description);
  return [
    ['name', 'description', description],
    ['property', 'og:title', m.title],
    ['property', 'og:description', description],
    ['property', 'og:type', 'website'],
    ['property', 'og:image', m.image ?? null],
  ];
}

export function usePageMeta(m: PageMeta | null) {
  const title = m ? pageTitle(m.title) : null;
  const description = m?.description ?? null;
  const image = m?.image ?? null;
  const heading = m?.title ?? null;
  useEffect(() => {
    if (title === null || heading === null || description === null) return;
    const before = document.title;
    document.title = title;
    const undo: (() => void)[] = [];
    for (const [attr, key, content] of metaTags({ title: heading, description, image })) {
      let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
      const created = !el;
      const old = el?.getAttribute('content') ?? null;
      if (content === null) {
        if (el) {
          const removed = el;
          removed.remove();
          undo.push(() => document.head.append(removed));
        }
        continue;
      }
      if (!el) {
        el = document.createElement('meta');
        el.setAttribute(attr, key);
        document.head.append(el);
      }
      el.setAttribute('content', content);
      const tag = el;
      undo.push(() => (created ? tag.remove() : tag.setAttribute('content', old ?? '')));
    }
    return () => {
      document.title = before;
      for (const u of undo.reverse()) u();
    };
  }, [title, heading, description, image]);
}
