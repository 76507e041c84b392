// Image gallery settings (spec, blocks-and-data §3 "Image gallery"): layout (grid, masonry,
// carousel, FullScreenView; default masonry), columns (2 to 5 or auto), grid_columns (2 to 5;
// default 3), gallery_padding (24), auto-scroll flags and intervals (3000 ms) for the carousel and
// the full-screen view, lightbox_enabled, pop-up options, caption and description columns with
// styling, thumbnail wrapper styling, icon options (info, check, star, heart, image, tag, bookmark),
// cursor_effect, animation, border options, Transparent (0 to 1) and margin (0 to 100).
// Images are the rows of the sheet (one per row, from image_column). Data only (JSON round trip).
import type { BlockSchema, HideRule } from '../../shared/settings/types';
import { sameLabelOptions } from '../../shared/settings/options';
import { defineSettings } from '../../shared/settings/read';

export const GALLERY_LAYOUTS = ['grid', 'masonry', 'carousel', 'FullScreenView'] as const;
export const GALLERY_COLUMNS = ['2', '3', '4', '5', 'auto'] as const;
export const GALLERY_ICONS = ['info', 'check', 'star', 'heart', 'image', 'tag', 'bookmark'] as const;
export const ICON_POSITIONS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
export const CURSOR_EFFECTS = ['default', 'pointer', 'zoom-in', 'crosshair', 'grab'] as const;
export const ANIMATIONS = ['none', 'fade', 'zoom', 'slide-up', 'lift'] as const;
export const BORDER_STYLES = ['solid', 'dashed', 'dotted', 'double'] as const;
export const ASPECT_RATIOS = ['auto', '1:1', '4:3', '3:2', '16:9', '3:4'] as const;
export const CAPTION_POSITIONS = ['below', 'overlay'] as const;
/** Spec §9: carousel and full-screen intervals 3000 ms. */
export const DEFAULT_INTERVAL = 3000;

const layoutIs = (value: string): HideRule => ({ setting: 'layout', equals: value });
const lightbox: HideRule = { setting: 'lightbox_enabled', equals: true };
const icon: HideRule = { setting: 'show_icon', equals: true };
const border: HideRule = { setting: 'border_enabled', equals: true };
const caption: HideRule = { not: { setting: 'caption_column', equals: '' } };
const description: HideRule = { not: { setting: 'description_column', equals: '' } };

export const imageGallerySettings = defineSettings({
  // Data
  image_column: {
    type: 'sheet_columns',
    default: '',
    required: true,
    label: 'Image column',
    description: 'Image addresses (https://, or /api/uploads/… of uploaded images), one per row.',
  },
  caption_column: { type: 'sheet_columns', default: '', label: 'Caption column' },
  description_column: { type: 'sheet_columns', default: '', label: 'Description column' },
  // Layout
  layout: { type: 'select', default: 'masonry', label: 'Layout', options: sameLabelOptions(...GALLERY_LAYOUTS) },
  columns: {
    type: 'select',
    default: 'auto',
    label: 'Columns',
    description: 'auto: as many as fit (about 240 px each).',
    options: sameLabelOptions(...GALLERY_COLUMNS),
    showIf: layoutIs('masonry'),
  },
  grid_columns: { type: 'number', default: 3, min: 2, max: 5, label: 'Grid columns', showIf: layoutIs('grid') },
  aspect_ratio: {
    type: 'select',
    default: '4:3',
    label: 'Image shape',
    options: sameLabelOptions(...ASPECT_RATIOS),
    showIf: { setting: 'layout', in: ['grid', 'carousel'] },
  },
  gallery_padding: { type: 'number', default: 24, min: 0, max: 100, label: 'Gallery padding (px)' },
  margin: { type: 'number', default: 12, min: 0, max: 100, label: 'Margin between images (px)' },
  carousel_auto_scroll: { type: 'boolean', default: false, label: 'Carousel auto-scroll', showIf: layoutIs('carousel') },
  carousel_interval: {
    type: 'number',
    default: DEFAULT_INTERVAL,
    min: 1000,
    max: 60000,
    step: 500,
    label: 'Carousel interval (ms)',
    showIf: { all: [layoutIs('carousel'), { setting: 'carousel_auto_scroll', equals: true }] },
  },
  fullscreen_auto_scroll: { type: 'boolean', default: false, label: 'Full-screen auto-scroll', showIf: layoutIs('FullScreenView') },
  fullscreen_interval: {
    type: 'number',
    default: DEFAULT_INTERVAL,
    min: 1000,
    max: 60000,
    step: 500,
    label: 'Full-screen interval (ms)',
    showIf: { all: [layoutIs('FullScreenView'), { setting: 'fullscreen_auto_scroll', equals: true }] },
  },
  // Lightbox (pop-up)
  lightbox_enabled: { type: 'boolean', default: true, label: 'Lightbox', description: 'A click opens the image large, with previous and next.' },
  popup_show_caption: { type: 'boolean', default: true, label: 'Pop-up shows the caption', showIf: lightbox },
  popup_show_description: { type: 'boolean', default: true, label: 'Pop-up shows the description', showIf: lightbox },
  popup_show_counter: { type: 'boolean', default: true, label: "Pop-up shows 'n of m'", showIf: lightbox },
  popup_background_color: { type: 'color', default: '#000000e6', label: 'Pop-up background colour', showIf: lightbox },
  // Captions
  show_caption: { type: 'boolean', default: true, label: 'Show captions on the gallery', showIf: caption },
  caption_position: { type: 'select', default: 'below', label: 'Caption position', options: sameLabelOptions(...CAPTION_POSITIONS), showIf: caption },
  caption_font_size: { type: 'number', default: 15, min: 10, max: 40, label: 'Caption font size (px)', showIf: caption },
  caption_color: { type: 'color', default: '#111827', label: 'Caption colour', showIf: caption },
  description_font_size: { type: 'number', default: 13, min: 10, max: 32, label: 'Description font size (px)', showIf: description },
  description_color: { type: 'color', default: '#6b7280', label: 'Description colour', showIf: description },
  // Thumbnail wrapper
  thumbnail_padding: { type: 'number', default: 0, min: 0, max: 40, label: 'Thumbnail padding (px)' },
  thumbnail_radius: { type: 'number', default: 8, min: 0, max: 50, label: 'Thumbnail corner radius (px)' },
  thumbnail_shadow: { type: 'boolean', default: true, label: 'Thumbnail shadow' },
  thumbnail_background_color: { type: 'color', default: '#ffffff', label: 'Thumbnail background colour' },
  gallery_background_color: { type: 'color', default: '', label: 'Gallery background colour' },
  // Icon
  show_icon: { type: 'boolean', default: false, label: 'Show an icon on each image' },
  icon: { type: 'select', default: 'info', label: 'Icon', options: sameLabelOptions(...GALLERY_ICONS), showIf: icon },
  icon_position: { type: 'select', default: 'top-right', label: 'Icon position', options: sameLabelOptions(...ICON_POSITIONS), showIf: icon },
  icon_color: { type: 'color', default: '#ffffff', label: 'Icon colour', showIf: icon },
  icon_background_color: { type: 'color', default: '#00000080', label: 'Icon background colour', showIf: icon },
  // Effects
  cursor_effect: { type: 'select', default: 'zoom-in', label: 'Cursor effect', options: sameLabelOptions(...CURSOR_EFFECTS) },
  animation: { type: 'select', default: 'zoom', label: 'Animation', description: 'On hover (none for visitors who ask for reduced motion).', options: sameLabelOptions(...ANIMATIONS) },
  Transparent: {
    type: 'range',
    default: 1,
    min: 0,
    max: 1,
    step: 0.05,
    label: 'Transparent',
    description: 'Opacity of the images: 1 solid, 0 invisible.',
  },
  // Border
  border_enabled: { type: 'boolean', default: false, label: 'Border' },
  border_width: { type: 'number', default: 1, min: 0, max: 20, label: 'Border width (px)', showIf: border },
  border_style: { type: 'select', default: 'solid', label: 'Border style', options: sameLabelOptions(...BORDER_STYLES), showIf: border },
  border_color: { type: 'color', default: '#e5e7eb', label: 'Border colour', showIf: border },
});

export const imageGallerySchema: BlockSchema = {
  kind: 'image_gallery',
  name: 'Image gallery',
  description: 'The images of a sheet column as a grid, masonry, carousel or full-screen view, with a lightbox.',
  category: 'media',
  icon: 'photo',
  usesSheet: true,
  data: 'all',
  settings: {
    ...imageGallerySettings,
  },
};
