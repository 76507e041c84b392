// The catalogue: the only block import the server uses. Adding a block = one folder + one line
// here + one line in views.ts.
import type { BlockSchema } from '../shared/settings/types';
import { chartSchema } from './chart/schema';
import { tableSchema } from './table/schema';
import { listSchema } from './list/schema';
import { scorecardSchema } from './scorecard/schema';
import { mapSchema } from './map/schema';
import { migrateScorecardRecord } from './scorecard/migrate';
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

/** Legacy kinds renamed by the spec. */
const LEGACY_KINDS: Record<string, BlockKind> = { score_card: 'scorecard' };

/** Maps a stored or requested type to a catalogue kind, or null when there is none. */
export function resolveKind(type: string): BlockKind | null {
  const kind = LEGACY_KINDS[type] ?? type;
  return kind in blockSchemas ? (kind as BlockKind) : null;
}

export function schemaOf(type: string): BlockSchema | null {
  const kind = resolveKind(type);
  return kind ? blockSchemas[kind] : null;
}

/**
 * Brings a stored block record up to date (legacy kinds and renamed fields). Pure and idempotent:
 * the server runs it on read and before validation.
 */
export function migrateBlockRecord<T extends Record<string, unknown>>(record: T): T {
  if (record.type === 'score_card' || record.type === 'scorecard') return migrateScorecardRecord(record);
  return record;
}
