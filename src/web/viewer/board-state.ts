// The board state of blocks-and-data §3, as the client uses it. `POST /api/board/update-metadata`
// has no zod contract in src/shared/api yet, so its answer is read defensively here, in one place.
// No zod here: this runs on the guest's path, which must not download zod (issue 4); parseFilter is a
// hand-written twin of the engine's filterSchema, kept equal to it by board-state.test.ts.
import { useQuery } from '@tanstack/react-query';
import { FILTER_CONDITIONS, type Filter } from '../../shared/filters/conditions';
import { BOARD_COLOUR_DEFAULTS, httpLink, paletteColours, sectionNames } from '../../shared/rules/board-state';
import { api } from '../lib/api';
import { keys } from '../lib/queries';

export interface SheetInfo {
  title: string;
  columns: string[];
}

export interface BoardState {
  appId: string;
  name: string;
  title: string;
  subdomain: string;
  /** 'multipage' apps get the pages layout (editor and viewer); boards have one page. */
  kind: 'board' | 'multipage';
  spreadsheetId: string | null;
  spreadsheetUrl: string | null;
  sheets: SheetInfo[];
  canEdit: boolean;
  isPublic: boolean;
  /** The app user signed in to this app (issue 5), null for the owner and anonymous visitors. */
  appUser: { name: string; email: string; permissions: 'read' | 'read-write' } | null;
  /** A password app's visitor who has not signed in: the server sent no data, only sign-in pages. */
  needsSignIn: boolean;
  /** The app's own origin, where this visitor is shown it instead of the base host's path (null: stay). */
  appOrigin: string | null;
  /** The board's filters (spec Filter entity) as the owner saved them. */
  filters: Filter[];
  /** Hide the viewers' filter bar (spec default true: the owner switches it on). */
  hideFilters: boolean;
  colors: {
    board_background: string;
    block_border: string;
    block_shadow: string;
    nav_background: string;
    hero_background: string;
  };
  /** Board settings of §3 that the guest view draws (hero, logo, sections, footer, event). */
  hero: string;
  logo: string;
  heroImage: string;
  hideHero: boolean;
  hideSearch: boolean;
  /** Default chart colours ([]: the charts' own). */
  palette: string[];
  /** Section names from the comma-separated `sections`. */
  sections: string[];
  sectionColors: { active_text: string; inactive_text: string; active_background: string };
  footer: FooterState;
  event: FooterState;
  /** The saved settings as the server sent them: what the settings panel starts from. */
  raw: Record<string, unknown>;
}

export interface FooterState {
  logo: string;
  socialMediaIcons: { type: string; link: string }[];
  copyrightText: string;
}

/** Spec defaults (blocks-and-data §9). */
export const BOARD_DEFAULTS: BoardState['colors'] = {
  board_background: BOARD_COLOUR_DEFAULTS.board_background,
  block_border: BOARD_COLOUR_DEFAULTS.block_border,
  block_shadow: BOARD_COLOUR_DEFAULTS.block_shadow,
  nav_background: BOARD_COLOUR_DEFAULTS.nav_background,
  hero_background: BOARD_COLOUR_DEFAULTS.hero_background,
};

/** A footer group (footer, event) read defensively; social links that are not http(s) are left out. */
function footerOf(v: unknown): FooterState {
  const o = isRecord(v) ? v : {};
  const icons = Array.isArray(o.socialMediaIcons) ? o.socialMediaIcons : [];
  return {
    logo: str(o.logo) ?? '',
    socialMediaIcons: icons.flatMap((i) => {
      if (!isRecord(i)) return [];
      const link = str(i.link)?.trim() ?? '';
      return httpLink(link) ? [{ type: str(i.type) ?? 'website', link }] : [];
    }),
    copyrightText: str(o.copyrightText) ?? '',
  };
}

type Loose = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : null);

function sheetsOf(v: unknown): SheetInfo[] {
  if (!Array.isArray(v)) return [];
  return v
    .map((s) => {
      if (typeof s === 'string') return { title: s, columns: [] };
      const o = (s ?? {}) as Loose;
      const title = str(o.title) ?? str(o.name);
      return title ? { title, columns: Array.isArray(o.columns) ? o.columns.map(String) : [] } : null;
    })
    .filter((s): s is SheetInfo => s !== null);
}

const CONDITIONS: ReadonlySet<unknown> = new Set(FILTER_CONDITIONS);
const isRecord = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * One saved filter as filterSchema.safeParse reads it: the same checks, and the same output (a copy
 * with only the schema's keys), or null when the schema would reject it.
 */
export function parseFilter(v: unknown): Filter | null {
  if (!isRecord(v)) return null;
  const { name, active, condition, sheet_column: at, value } = v;
  if (typeof name !== 'string' || typeof active !== 'boolean' || !CONDITIONS.has(condition)) return null;
  if (!isRecord(at) || typeof at.sheet !== 'string' || typeof at.column !== 'string') return null;
  const valueOk = value === undefined || value === null || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
  if (!valueOk) return null;
  const filter: Filter = { name, active, condition: condition as Filter['condition'], sheet_column: { sheet: at.sheet, column: at.column } };
  if ('value' in v) filter.value = value;
  return filter;
}

/** Saved filters, each checked like the engine's schema does (a malformed one is left out, not fatal). */
function filtersOf(v: unknown): Filter[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((f) => {
    const filter = parseFilter(f);
    return filter ? [filter] : [];
  });
}

export function toBoardState(res: unknown): BoardState {
  const outer = (res ?? {}) as Loose;
  const r = ((outer.board as Loose | undefined) ?? (outer.state as Loose | undefined) ?? outer) as Loose;
  const app = (r.app ?? {}) as Loose;
  const spreadsheet = (r.spreadsheet ?? {}) as Loose;
  const color = (k: keyof BoardState['colors']) => str(r[k]) ?? BOARD_DEFAULTS[k];
  const name = str(r.name) ?? str(app.name) ?? '';
  return {
    appId: str(r.app_id) ?? str(r.appId) ?? str(app.id) ?? str(r.id) ?? '',
    name,
    title: str(r.title) ?? name,
    subdomain: str(r.subdomain) ?? str(app.subdomain) ?? '',
    kind: (r.kind ?? app.kind) === 'multipage' ? 'multipage' : 'board',
    spreadsheetId: str(r.spreadsheetId) ?? str(r.spreadsheet_id) ?? str(spreadsheet.id),
    spreadsheetUrl: str(r.spreadsheet_url) ?? str(r.spreadsheetUrl) ?? str(spreadsheet.url),
    sheets: sheetsOf(r.sheets ?? spreadsheet.sheets),
    canEdit: r.can_edit === true,
    isPublic: r.public !== false,
    appUser: appUserOf(r.app_user),
    needsSignIn: r.needs_sign_in === true,
    appOrigin: str(r.app_origin) ?? null,
    filters: filtersOf(r.filters),
    hideFilters: r.hide_filters !== false,
    colors: {
      board_background: color('board_background'),
      block_border: color('block_border'),
      block_shadow: color('block_shadow'),
      nav_background: color('nav_background'),
      hero_background: color('hero_background'),
    },
    hero: str(r.hero) ?? '',
    logo: str(r.logo) ?? '',
    heroImage: str(r.hero_image) ?? '',
    hideHero: r.hide_hero === true,
    hideSearch: r.hide_search === true,
    palette: paletteColours(r.palette),
    sections: sectionNames(r.sections),
    sectionColors: {
      active_text: str(r.active_section_text_color) ?? BOARD_COLOUR_DEFAULTS.active_section_text_color,
      inactive_text: str(r.inactive_section_text_color) ?? BOARD_COLOUR_DEFAULTS.inactive_section_text_color,
      active_background: str(r.active_section_background_color) ?? BOARD_COLOUR_DEFAULTS.active_section_background_color,
    },
    footer: footerOf(r.footer),
    event: footerOf(r.event),
    raw: r,
  };
}

function appUserOf(v: unknown): BoardState['appUser'] {
  if (typeof v !== 'object' || v === null) return null;
  const u = v as Loose;
  const name = str(u.name);
  const email = str(u.email);
  if (!email) return null;
  return { name: name ?? email, email, permissions: u.permissions === 'read-write' ? 'read-write' : 'read' };
}

/** Loads the board named by a slug or subdomain (spec: board fields merged into state). */
export function useBoardState(boardKey: string) {
  return useQuery({
    queryKey: keys.board(boardKey),
    queryFn: async () => toBoardState(await api.post<unknown>('/api/board/update-metadata', {}, { board: boardKey })),
    staleTime: 30_000,
  });
}
