// The frame of a multipage app (issue 13, "navigation set up once"): ONE header and ONE footer for
// the whole app, stored on its home page and shown on every page that does not opt out (the page
// settings show_header / show_footer). A header always goes first and a footer last. Pure, over
// the catalogue's needs (never kind names), so the server, the editor and the tests share it.
import { needsOf } from './schemas';

/** 0: a header (frame 'top'), 1: content, 2: a footer (frame 'bottom'). */
export function frameRank(type: string): 0 | 1 | 2 {
  const frame = needsOf(type).frame;
  return frame === 'top' ? 0 : frame === 'bottom' ? 2 : 1;
}

/** The blocks with headers first and footers last, the rest in their order (stable). */
export function framedOrder<B extends { type: string }>(blocks: readonly B[]): B[] {
  return [...blocks].map((b, i) => ({ b, i, r: frameRank(b.type) })).sort((x, y) => x.r - y.r || x.i - y.i).map((x) => x.b);
}

/** Whether a page is a detail page (it holds a block that shows the row the address names): out of the default navigation. */
export function isDetailPage(blocks: readonly { type: string }[]): boolean {
  return blocks.some((b) => needsOf(b.type).detailPage === true);
}

export interface FramedPage<B extends { type: string }> {
  page_type: string;
  blocks: B[];
  /** Absent or true: the page shows the app's header. */
  show_header?: boolean;
  show_footer?: boolean;
}

/** The app's home page: the one marked home, else the first. */
export function homeOf<P extends { page_type: string }>(pages: readonly P[]): P | undefined {
  return pages.find((p) => p.page_type === 'home') ?? pages[0];
}

/** The app's header and footer: the home page's first 'top' block and its last 'bottom' one. */
export function appFrame<B extends { type: string }>(pages: readonly FramedPage<B>[]): { header: B | undefined; footer: B | undefined } {
  const blocks = homeOf(pages)?.blocks ?? [];
  return { header: blocks.find((b) => frameRank(b.type) === 0), footer: blocks.findLast((b) => frameRank(b.type) === 2) };
}

/**
 * Every page as it is shown: the app's header first and its footer last, unless the page opts out
 * or keeps a header (footer) of its own (an older app whose page had a different one). The home
 * page stores them; opting out there hides them on the home page only.
 */
export function withAppFrame<B extends { type: string }, P extends FramedPage<B>>(pages: readonly P[]): P[] {
  const home = homeOf(pages);
  const { header, footer } = appFrame(pages);
  return pages.map((page) => {
    const own = page === home ? page.blocks.filter((b) => b !== header && b !== footer) : page.blocks;
    const top = page.show_header !== false && header && !own.some((b) => frameRank(b.type) === 0) ? [header] : [];
    const bottom = page.show_footer !== false && footer && !own.some((b) => frameRank(b.type) === 2) ? [footer] : [];
    return { ...page, blocks: framedOrder([...top, ...own, ...bottom]) };
  });
}
