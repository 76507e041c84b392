// Pages of an app: each holds its blocks; the home page comes first.
import { z } from 'zod';
import { BlockRecordSchema } from './blocks';

export const Page = z.object({
  page_id: z.string(),
  page_slug: z.string(),
  page_name: z.string(),
  page_type: z.string(),
  is_auth: z.boolean(),
  is_public: z.boolean(),
  app_id: z.string(),
  /** As shown: a multipage app's header first and footer last (src/blocks/app-frame.ts). */
  blocks: z.array(BlockRecordSchema),
  /** Whether the page shows the app's header / footer (page settings; absent before = shown). */
  show_header: z.boolean(),
  show_footer: z.boolean(),
  /** A detail page (it shows the row its address names): left out of the header's default navigation. */
  is_details: z.boolean(),
  /** Page colours (blocks-and-data §3 "Page state"); absent when the page follows the app's colours. */
  page_background: z.string().optional(),
  block_border: z.string().optional(),
  block_shadow: z.string().optional(),
  /** The page's own navigation background, browser tab title and chart palette (absent: the app's). */
  nav_background: z.string().optional(),
  title: z.string().optional(),
  palette: z.array(z.string()).optional(),
});
export type Page = z.infer<typeof Page>;

export const PagesResponse = z.object({ pages: z.array(Page) });
export const PageResponse = z.object({ page: Page });
export const CreatePageBody = z.object({
  appId: z.string().min(1),
  page_name: z.string().trim().min(1, 'Page name is required').max(100),
  page_slug: z.string().trim().optional(),
});
/** `PUT /api/pages/{id}`: rename. The slug follows the name (home keeps its slug) unless one is given. */
export const UpdatePageBody = z.object({
  page_name: z.string().trim().min(1, 'Page name is required').max(100),
  page_slug: z.string().trim().optional(),
});
/** `PUT /api/apps/{appId}/pages/order`: every page id of the app once, the home page first. */
export const PageOrderBody = z.object({ order: z.array(z.string()).min(1) });
