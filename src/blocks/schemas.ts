// The catalogue: the only block import the server uses. Adding a block kind = its folder (whose
// schema.ts declares what the kind needs from the rest of the app in `needs`) + its registry
// lines: one here, one in views.ts, one in schema-loaders.ts (and `frameKinds` there when it
// declares a frame) and its entry in catalogue.test.ts. Code outside src/blocks asks for needs
// (needsOf, kindsThat), never for kind names: src/blocks/kind-names.test.ts fails otherwise.
import type { BlockNeeds, BlockSchema } from '../shared/settings/types';
import { currentKindName } from './legacy-kinds';
import { chartSchema } from './chart/schema';
import { tableSchema } from './table/schema';
import { listSchema } from './list/schema';
import { scorecardSchema } from './scorecard/schema';
import { mapSchema } from './map/schema';
import { formSchema } from './form/schema';
import { calendarSchema } from './calendar/schema';
import { dataListSchema } from './data_list/schema';
import { gridSchema } from './grid/schema';
import { markdownSchema } from './markdown_block/schema';
import { iframeSchema } from './iframe/schema';
import { videoSchema } from './video/schema';
import { audioSchema } from './audio/schema';
import { commentsSchema } from './comments/schema';
import { eventSchema } from './event/schema';
import { headerSchema } from './header/schema';
import { footerSchema } from './footer/schema';
import { bannerHeroSchema } from './banner_hero/schema';
import { itemDetailsSchema } from './item_details/schema';
import { imageGallerySchema } from './image_gallery/schema';
import { imageAccordionSchema, imageGridSchema, imageTextSchema } from './image_text/schema';
import { testimonialSchema } from './testimonial/schema';
import { faqSchema } from './faq/schema';
import { loginSchema } from './login/schema';
import { registerSchema } from './register/schema';
import { forgotPasswordSchema } from './forgot_password/schema';
import { authSchema } from './auth/schema';

export const blockSchemas = {
  chart: chartSchema,
  table: tableSchema,
  list: listSchema,
  scorecard: scorecardSchema,
  map: mapSchema,
  form: formSchema,
  calendar: calendarSchema,
  data_list: dataListSchema,
  grid: gridSchema,
  markdown: markdownSchema,
  iframe: iframeSchema,
  video: videoSchema,
  audio: audioSchema,
  comments: commentsSchema,
  event: eventSchema,
  header: headerSchema,
  footer: footerSchema,
  banner_hero: bannerHeroSchema,
  item_details: itemDetailsSchema,
  image_gallery: imageGallerySchema,
  image_grid: imageGridSchema,
  image_accordion: imageAccordionSchema,
  image_text: imageTextSchema,
  testimonial: testimonialSchema,
  faq: faqSchema,
  login: loginSchema,
  register: registerSchema,
  forgot_password: forgotPasswordSchema,
  auth: authSchema,
} satisfies Record<string, BlockSchema>;

export type BlockKind = keyof typeof blockSchemas;
export const BLOCK_KINDS = Object.keys(blockSchemas) as BlockKind[];

/** Maps a stored or requested type to a catalogue kind, or null when there is none. */
export function resolveKind(type: string): BlockKind | null {
  const kind = currentKindName(type);
  return Object.hasOwn(blockSchemas, kind) ? (kind as BlockKind) : null;
}

export function schemaOf(type: string): BlockSchema | null {
  const kind = resolveKind(type);
  return kind ? blockSchemas[kind] : null;
}

/** What a stored or requested type needs (nothing for a type outside the catalogue). */
export function needsOf(type: string): BlockNeeds {
  return schemaOf(type)?.needs ?? {};
}

/** The kinds whose needs pass `test`, in catalogue order. */
export function kindsThat(test: (needs: BlockNeeds) => boolean): BlockKind[] {
  return BLOCK_KINDS.filter((kind) => test(needsOf(kind)));
}

/**
 * The default of an axis setting of a type, or undefined: what a stored axis entry without that
 * key means (a table's `editable` is None, a list's Everyone).
 */
export function axisDefaultOf(type: string, key: string): unknown {
  return schemaOf(type)?.axis?.settings[key]?.default;
}

export { migrateBlockRecord } from './migrations';
