// Board and page state fields an owner may save (blocks-and-data §3), shared by the app update
// and the metadata routes. Colours are checked as colours, filters as the spec's Filter entity.
import { z } from 'zod';
import type { Filter } from '../filters/conditions';
import { boardFilterProblems, filterSchema } from '../filters/schema';
import {
  httpLink,
  IMAGE_REF_MESSAGE,
  isImageRef,
  MAX_PALETTE,
  MAX_SECTION_NAME,
  MAX_SECTIONS,
  MAX_SOCIAL_ICONS,
  sectionNames,
  SOCIAL_BRANDS,
  SOCIAL_LINK_REQUIRED,
  SOCIAL_LINK_SCHEME,
} from '../rules/board-state';

export { paletteColours, sectionNames } from '../rules/board-state';

const Colour = z
  .string()
  .max(100)
  .regex(/^(#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})|(?:rgba?|hsla?)\([\d.%\s,/]+\)|[a-zA-Z]{3,20}|)$/, 'Must be a colour such as #4f46e5');

const ImageRef = z.string().trim().max(2000, 'An image address can be at most 2000 characters').refine(isImageRef, IMAGE_REF_MESSAGE);

const SocialIcon = z.object({
  type: z.enum(SOCIAL_BRANDS, 'Choose one of the listed networks'),
  link: z
    .string()
    .trim()
    .min(1, SOCIAL_LINK_REQUIRED)
    .max(2000, 'A social link can be at most 2000 characters')
    .refine((v) => httpLink(v) !== null, SOCIAL_LINK_SCHEME),
});
export type SocialIcon = z.infer<typeof SocialIcon>;

/** The footer group and the event group share these three fields. */
const FooterFields = z
  .object({
    logo: ImageRef.optional(),
    socialMediaIcons: z.array(SocialIcon).max(MAX_SOCIAL_ICONS, `Use at most ${MAX_SOCIAL_ICONS} social icons`).optional(),
    copyrightText: z.string().max(500, 'The copyright text can be at most 500 characters').optional(),
  })
  .strict();
export type FooterFields = z.infer<typeof FooterFields>;

const Sections = z
  .string()
  .max(2000)
  .refine((v) => sectionNames(v).length <= MAX_SECTIONS, `Use at most ${MAX_SECTIONS} sections`)
  .refine((v) => sectionNames(v).every((n) => n.length <= MAX_SECTION_NAME), `A section name can be at most ${MAX_SECTION_NAME} characters`);

const Palette = z
  .union([z.array(z.string().max(100)).max(MAX_PALETTE, `Use at most ${MAX_PALETTE} colours`), z.string().max(400)])
  .refine(
    (v) => (Array.isArray(v) ? v : v.split(',').map((c) => c.trim())).every((c) => Colour.safeParse(c).success),
    'The palette must be colours such as #4f46e5, separated by commas',
  );

/**
 * The board's filters (spec Filter entity). Checked as a whole by boardFilterProblems so a refusal
 * names the filter ('Filter 'Status': ...') at `filters.<index>.<field>`; unknown keys are dropped.
 */
export const BoardFilters = z.array(z.unknown()).transform((items, ctx): Filter[] => {
  const problems = boardFilterProblems(items);
  for (const p of problems)
    ctx.addIssue({ code: 'custom', message: p.message, path: [p.index, ...(p.field ? p.field.split('.') : [])], input: items });
  return problems.length > 0 ? z.NEVER : items.map((item) => filterSchema.parse(item));
});

/**
 * Board state fields an owner may save (blocks-and-data §3 "Board state"). As a route's body (PUT
 * /api/apps/{id}, POST /api/board/update-metadata) a key it does not name is refused by name
 * (server/routing/input.ts); inside `footer` and `event` too (strict groups).
 */
export const BoardSettings = z.object({
  title: z.string().max(200).optional(),
  hide_filters: z.boolean().optional(),
  filters: BoardFilters.optional(),
  hide_hero: z.boolean().optional(),
  hide_search: z.boolean().optional(),
  hero: z.string().max(5000, 'The hero text can be at most 5000 characters').optional(),
  logo: ImageRef.optional(),
  hero_image: ImageRef.optional(),
  palette: Palette.optional(),
  nav_background: Colour.optional(),
  hero_background: Colour.optional(),
  active_section_text_color: Colour.optional(),
  inactive_section_text_color: Colour.optional(),
  active_section_background_color: Colour.optional(),
  board_background: Colour.optional(),
  block_border: Colour.optional(),
  block_shadow: Colour.optional(),
  /** Comma-separated section names. */
  sections: Sections.optional(),
  footer: FooterFields.optional(),
  event: FooterFields.optional(),
});
export type BoardSettings = z.infer<typeof BoardSettings>;

/** Page state fields an owner may save (blocks-and-data §3 "Page state"). */
export const PageSettings = z.object({
  title: z.string().max(200).optional(),
  nav_background: Colour.optional(),
  palette: Palette.optional(),
  page_background: Colour.optional(),
  block_border: Colour.optional(),
  block_shadow: Colour.optional(),
  page_name: z.string().trim().min(1, 'Page name is required').max(100).optional(),
  /** Guests see a page that is not public behind an overlay, without its blocks (spec §4). */
  is_public: z.boolean().optional(),
  /** The page needs a signed-in app user (app users come with issue 5). */
  is_auth: z.boolean().optional(),
  /** Multipage: whether the page shows the app's one header / footer (default: shown). */
  show_header: z.boolean().optional(),
  show_footer: z.boolean().optional(),
});
export type PageSettings = z.infer<typeof PageSettings>;
