// Board and page state fields an owner may save (blocks-and-data §3), shared by the app update
// and the metadata routes. Colours are checked as colours, filters as the spec's Filter entity.
import { z } from 'zod';
import type { Filter } from '../filters/conditions';
import { boardFilterProblems, filterSchema } from '../filters/schema';

const Colour = z
  .string()
  .max(100)
  .regex(/^(#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})|(?:rgba?|hsla?)\([\d.%\s,/]+\)|[a-zA-Z]{3,20}|)$/, 'Must be a colour such as #4f46e5');
const FooterFields = z
  .object({ logo: z.string().max(2000).optional(), socialMediaIcons: z.array(z.unknown()).max(20).optional(), copyrightText: z.string().max(500).optional() })
  .strict();

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

/** Board state fields an owner may save (blocks-and-data §3 "Board state"). Unknown keys are dropped. */
export const BoardSettings = z.object({
  title: z.string().max(200).optional(),
  hide_filters: z.boolean().optional(),
  filters: BoardFilters.optional(),
  hide_hero: z.boolean().optional(),
  hide_search: z.boolean().optional(),
  hero: z.string().max(5000).optional(),
  logo: z.string().max(2000).optional(),
  hero_image: z.string().max(2000).optional(),
  palette: z.union([z.string().max(200), z.array(Colour).max(20)]).optional(),
  nav_background: Colour.optional(),
  hero_background: Colour.optional(),
  active_section_text_color: Colour.optional(),
  inactive_section_text_color: Colour.optional(),
  active_section_background_color: Colour.optional(),
  board_background: Colour.optional(),
  block_border: Colour.optional(),
  block_shadow: Colour.optional(),
  /** Comma-separated section names. */
  sections: z.string().max(2000).optional(),
  footer: FooterFields.optional(),
  event: FooterFields.optional(),
});
export type BoardSettings = z.infer<typeof BoardSettings>;

/** Page state fields an owner may save (blocks-and-data §3 "Page state"). */
export const PageSettings = z.object({
  title: z.string().max(200).optional(),
  nav_background: Colour.optional(),
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
