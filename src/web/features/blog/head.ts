// The blog's <head> while a page is shown: the title (a post's SEO title, else its title), the
// meta description, Open Graph tags, the canonical link and, for previews, noindex. The server
// already sends them in the HTML; the client sets them too for pages reached by a link inside
// the app. Each tag goes back to what it was when the page is left.
import { useEffect } from 'react';
import { metaDescription } from '../templates/page-meta';

export interface BlogHead {
  title: string;
  description: string;
  /** Absolute URL of the cover image. */
  image?: string | null;
  canonical?: string | null;
  /** Previews must never be indexed. */
  noindex?: boolean;
  type?: 'website' | 'article';
}

type Tag = { selector: string; create: () => HTMLElement; attr: string; value: string | null };

function meta(attr: 'name' | 'property', key: string, value: string | null): Tag {
  return {
    selector: `meta[${attr}="${key}"]`,
    create: () => {
      const el = document.createElement('meta');
      el.setAttribute(attr, key);
      return el;
    },
    attr: 'content',
    value,
  };
}

export function headTags(h: BlogHead): Tag[] {
  const description = metaDescription(h.description);
  return [
    meta('name', 'description', description),
    meta('property', 'og:title', h.title),
    meta('property', 'og:description', description),
    meta('property', 'og:type', h.type ?? 'website'),
    meta('property', 'og:image', h.image ?? null),
    meta('property', 'og:url', h.canonical ?? null),
    meta('name', 'robots', h.noindex ? 'noindex, nofollow' : null),
    {
      selector: 'link[rel="canonical"]',
      create: () => {
        const el = document.createElement('link');
        el.setAttribute('rel', 'canonical');
        return el;
      },
      attr: 'href',
      value: h.canonical ?? null,
    },
  ];
}

export function useBlogHead(h: BlogHead | null) {
  const key = h ? JSON.stringify(h) : null;
  useEffect(() => {
    if (key === null) return;
    const head = JSON.parse(key) as BlogHead;
    const before = document.title;
    document.title = head.title;
    const undo: (() => void)[] = [];
    for (const tag of headTags(head)) {
      const found = document.head.querySelector<HTMLElement>(tag.selector);
      if (tag.value === null) {
        if (found) {
          found.remove();
          undo.push(() => document.head.append(found));
        }
        continue;
      }
      const el = found ?? tag.create();
      const old = found?.getAttribute(tag.attr) ?? null;
      if (!found) document.head.append(el);
      el.setAttribute(tag.attr, tag.value);
      undo.push(() => (found ? el.setAttribute(tag.attr, old ?? '') : el.remove()));
    }
    return () => {
      document.title = before;
      for (const u of undo.reverse()) u();
    };
  }, [key]);
}
