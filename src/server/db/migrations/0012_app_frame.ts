// A multipage app's header and footer become the app's (issue 13, "navigation set up once"): one
// of each, kept on the home page and shown on every page (src/blocks/app-frame.ts). Before, each
// page had its own copies. Per app:
// - the home page keeps its header (footer); without one, the first page that has one in page
//   order gives its own to the home page;
// - a copy on another page with the same settings is deleted (the app's one shows there instead);
// - a page whose header (footer) differs keeps its own, and its page settings say it does not show
//   the app's (show_header / show_footer false), so no guest sees a page change.
// The kinds are named here (not read from the catalogue) so this migration never changes meaning.
import type { Kysely, Migration } from 'kysely';

const FRAME = { header: 'show_header', footer: 'show_footer' } as const;
type FrameKind = keyof typeof FRAME;

interface PageRow {
  id: string;
  page_type: string;
  settings: string;
}
interface BlockRow {
  id: string;
  page_id: string;
  position: number;
  type: string;
  config: string;
}

function parse(text: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Settings compared without key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

export const appFrame: Migration = {
  async up(db: Kysely<unknown>) {
    const k = db as unknown as Kysely<{ apps: { id: string; kind: string }; pages: PageRow & { app_id: string; position: number; created_at: string }; blocks: BlockRow }>;
    const apps = await k.selectFrom('apps').select('id').where('kind', '=', 'multipage').execute();
    for (const app of apps) {
      const pages = await k.selectFrom('pages').select(['id', 'page_type', 'settings']).where('app_id', '=', app.id).orderBy('position').orderBy('created_at').execute();
      const home = pages.find((p) => p.page_type === 'home') ?? pages[0];
      if (!home || pages.length < 2) continue;
      const blocks = await k.selectFrom('blocks').select(['id', 'page_id', 'position', 'type', 'config']).where('page_id', 'in', pages.map((p) => p.id)).orderBy('position').execute();
      const ordered = [home, ...pages.filter((p) => p !== home)];
      const optOut = new Map<string, Record<string, boolean>>();
      for (const kind of Object.keys(FRAME) as FrameKind[]) {
        const of = (pageId: string) => blocks.filter((b) => b.page_id === pageId && b.type === kind);
        let appOne = of(home.id)[0];
        if (!appOne) {
          const giver = ordered.find((p) => of(p.id).length > 0);
          appOne = giver ? of(giver.id)[0] : undefined;
          if (!appOne) continue;
          // Header first, footer last on the home page.
          const position = kind === 'header' ? Math.min(0, ...of(home.id).map((b) => Number(b.position))) - 1 : Math.max(0, ...blocks.filter((b) => b.page_id === home.id).map((b) => Number(b.position))) + 1;
          await k.updateTable('blocks').set({ page_id: home.id, position }).where('id', '=', appOne.id).execute();
          appOne.page_id = home.id;
        }
        const appSettings = canonical(parse(appOne.config));
        for (const page of pages) {
          if (page.id === home.id) continue;
          const copies = of(page.id).filter((b) => b.id !== appOne.id);
          for (const copy of copies) {
            if (canonical(parse(copy.config)) === appSettings) await k.deleteFrom('blocks').where('id', '=', copy.id).execute();
            else optOut.set(page.id, { ...optOut.get(page.id), [FRAME[kind]]: false });
          }
        }
      }
      for (const [pageId, flags] of optOut) {
        const page = pages.find((p) => p.id === pageId)!;
        await k.updateTable('pages').set({ settings: JSON.stringify({ ...parse(page.settings), ...flags }) }).where('id', '=', pageId).execute();
      }
    }
  },
  async down() {
    // Deleted copies are not brought back: the home page's header and footer are still there.
  },
};
