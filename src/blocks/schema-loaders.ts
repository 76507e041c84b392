// The catalogue's schemas one lazy import per kind, for the published viewer: a guest downloads the
// settings schema of the blocks a page uses, not every kind's (issue 4; schemas.ts stays the
// catalogue the server and the editor import). schema-loaders.test.ts checks that every loader
// answers exactly blockSchemas[kind] and that kindOf agrees with resolveKind, so this cannot drift.
import type { BlockNeeds, BlockSchema } from '../shared/settings/types';
import { currentKindName } from './legacy-kinds';
import type { BlockKind } from './schemas';

export const schemaLoaders: Record<BlockKind, () => Promise<BlockSchema>> = {
  chart: () => import('./chart/schema').then((m) => m.chartSchema),
  table: () => import('./table/schema').then((m) => m.tableSchema),
  list: () => import('./list/schema').then((m) => m.listSchema),
  scorecard: () => import('./scorecard/schema').then((m) => m.scorecardSchema),
  map: () => import('./map/schema').then((m) => m.mapSchema),
  form: () => import('./form/schema').then((m) => m.formSchema),
  calendar: () => import('./calendar/schema').then((m) => m.calendarSchema),
  data_list: () => import('./data_list/schema').then((m) => m.dataListSchema),
  grid: () => import('./grid/schema').then((m) => m.gridSchema),
  markdown: () => import('./markdown_block/schema').then((m) => m.markdownSchema),
  iframe: () => import('./iframe/schema').then((m) => m.iframeSchema),
  video: () => import('./video/schema').then((m) => m.videoSchema),
  audio: () => import('./audio/schema').then((m) => m.audioSchema),
  comments: () => import('./comments/schema').then((m) => m.commentsSchema),
  event: () => import('./event/schema').then((m) => m.eventSchema),
  header: () => import('./header/schema').then((m) => m.headerSchema),
  footer: () => import('./footer/schema').then((m) => m.footerSchema),
  banner_hero: () => import('./banner_hero/schema').then((m) => m.bannerHeroSchema),
  item_details: () => import('./item_details/schema').then((m) => m.itemDetailsSchema),
  image_gallery: () => import('./image_gallery/schema').then((m) => m.imageGallerySchema),
  image_grid: () => import('./image_text/schema').then((m) => m.imageGridSchema),
  image_accordion: () => import('./image_text/schema').then((m) => m.imageAccordionSchema),
  image_text: () => import('./image_text/schema').then((m) => m.imageTextSchema),
  testimonial: () => import('./testimonial/schema').then((m) => m.testimonialSchema),
  faq: () => import('./faq/schema').then((m) => m.faqSchema),
  login: () => import('./login/schema').then((m) => m.loginSchema),
  register: () => import('./register/schema').then((m) => m.registerSchema),
  forgot_password: () => import('./forgot_password/schema').then((m) => m.forgotPasswordSchema),
  auth: () => import('./auth/schema').then((m) => m.authSchema),
};

/**
 * `needs.frame` of the frame kinds' schemas, for the guest view: it narrows a page's blocks (embed
 * parameters, the footer of a page that is not public) before any schema has loaded, and loading
 * every schema for that would undo the lazy loading above. schema-loaders.test.ts checks that it
 * equals the schemas' declarations.
 */
export const frameKinds: Partial<Record<BlockKind, NonNullable<BlockNeeds['frame']>>> = { header: 'top', footer: 'bottom' };

/**
 * The kinds whose schema declares `needs.ownHeight` (a block that keeps its own height in a grid
 * row), for the same reason: the guest's grid places blocks before their schemas load.
 * schema-loaders.test.ts checks that it equals the schemas' declarations.
 */
export const ownHeightKinds: ReadonlySet<BlockKind> = new Set<BlockKind>(['scorecard']);

/** Whether a stored type keeps its own height in a grid row (needs.ownHeight), without the catalogue. */
export function ownHeightOf(type: string): boolean {
  const kind = kindOf(type);
  return !!kind && ownHeightKinds.has(kind);
}

/** The page-frame part a stored type declares (needs.frame), without importing the catalogue. */
export function frameOf(type: string): BlockNeeds['frame'] {
  const kind = kindOf(type);
  return kind ? frameKinds[kind] : undefined;
}

/** resolveKind of schemas.ts without importing the catalogue: a stored type's kind, or null. */
export function kindOf(type: string): BlockKind | null {
  const kind = currentKindName(type);
  return Object.hasOwn(schemaLoaders, kind) ? (kind as BlockKind) : null;
}

const loaded = new Map<BlockKind, BlockSchema>();
const loading = new Map<BlockKind, Promise<BlockSchema>>();

/** The kind's schema when it has been loaded already (synchronously), else undefined. */
export function loadedSchema(kind: BlockKind): BlockSchema | undefined {
  return loaded.get(kind);
}

/** Loads a kind's schema once; a failed load (e.g. a network error) may be tried again. */
export function loadSchema(kind: BlockKind): Promise<BlockSchema> {
  let p = loading.get(kind);
  if (!p) {
    p = schemaLoaders[kind]().then(
      (schema) => {
        loaded.set(kind, schema);
        return schema;
      },
      (error: unknown) => {
        loading.delete(kind);
        throw error;
      },
    );
    loading.set(kind, p);
  }
  return p;
}
