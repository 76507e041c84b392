// The catalogue's views, one lazy import per kind, so the published viewer downloads only the
// code of the blocks a page uses. Adding a block kind = its folder + its registry lines: one here,
// one in schemas.ts, one in schema-loaders.ts and its REQUIRED_EMPTY entry in catalogue.test.ts
// (src/blocks/README.md "How to add a block kind"). What the kind needs from the renderer is
// declared in its schema's `needs`, not here.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { BlockKind } from './schemas';
import type { BlockViewProps } from './types';

export const blockViews: Record<BlockKind, LazyExoticComponent<ComponentType<BlockViewProps>>> = {
  chart: lazy(() => import('./chart/ChartBlock')),
  table: lazy(() => import('./table/TableBlock')),
  list: lazy(() => import('./list/ListBlock')),
  scorecard: lazy(() => import('./scorecard/ScorecardBlock')),
  map: lazy(() => import('./map/MapBlock')),
  form: lazy(() => import('./form/FormBlock')),
  calendar: lazy(() => import('./calendar/CalendarBlock')),
  data_list: lazy(() => import('./data_list/DataListBlock')),
  grid: lazy(() => import('./grid/GridBlock')),
  markdown: lazy(() => import('./markdown_block/MarkdownBlock')),
  iframe: lazy(() => import('./iframe/IframeBlock')),
  video: lazy(() => import('./video/VideoBlock')),
  audio: lazy(() => import('./audio/AudioBlock')),
  comments: lazy(() => import('./comments/CommentsBlock')),
  event: lazy(() => import('./event/EventBlock')),
  header: lazy(() => import('./header/HeaderBlock')),
  footer: lazy(() => import('./footer/FooterBlock')),
  banner_hero: lazy(() => import('./banner_hero/BannerHeroBlock')),
  item_details: lazy(() => import('./item_details/ItemDetailsBlock')),
  image_gallery: lazy(() => import('./image_gallery/ImageGalleryBlock')),
  image_grid: lazy(() => import('./image_text/ImageGridBlock')),
  image_accordion: lazy(() => import('./image_text/ImageAccordionBlock')),
  image_text: lazy(() => import('./image_text/ImageTextBlock')),
  testimonial: lazy(() => import('./testimonial/TestimonialBlock')),
  faq: lazy(() => import('./faq/FaqBlock')),
  login: lazy(() => import('./login/LoginBlock')),
  register: lazy(() => import('./register/RegisterBlock')),
  forgot_password: lazy(() => import('./forgot_password/ForgotPasswordBlock')),
  auth: lazy(() => import('./auth/AuthBlock')),
};

/** The kinds that have a view (the catalogue test compares it with blockSchemas). */
export const viewKinds = Object.keys(blockViews) as BlockKind[];
