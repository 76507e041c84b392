// Image grid, image accordion and image text (spec, blocks-and-data §3 "Image grid, image
// accordion, image text"): one section of the spec, so one settings list — title (the common
// setting), paragraph, imageUrl, imagePosition (left or right), four feature items (icon type
// image, fontawesome or text; title, description, colours), the Learn More link, its text and
// button styling — and three kinds that lay it out differently. Data only (JSON round trip).
import type { BlockSchema, SettingsSchema } from '../../shared/settings/types';
import { buttonColorSettings } from '../../shared/settings/fragments';
import { sameLabelOptions } from '../../shared/settings/options';
import { defineSettings } from '../../shared/settings/read';

export const ICON_TYPES = ['image', 'fontawesome', 'text'] as const;
export const IMAGE_POSITIONS = ['left', 'right'] as const;
export const BUTTON_STYLES = ['filled', 'outline', 'link'] as const;
export const MAX_FEATURES = 4;

const SAMPLE = [
  { icon: 'fa-star', title: 'Quality', description: 'Made with care, checked twice.' },
  { icon: 'fas fa-bolt', title: 'Fast', description: 'Ready when you need it.' },
  { icon: 'fa-solid fa-shield-halved', title: 'Safe', description: 'Your data stays yours.' },
  { icon: 'fa-heart', title: 'Loved', description: 'Trusted by thousands of people.' },
];

function featureItem(withImage: boolean): SettingsSchema {
  return {
    iconType: { type: 'select', default: 'fontawesome', label: 'Icon type', options: sameLabelOptions(...ICON_TYPES) },
    icon: {
      type: 'input',
      default: 'fa-star',
      label: 'Icon',
      description: "A Font Awesome name ('fa-star', 'fas fa-check') or a short text.",
      showIf: { setting: 'iconType', in: ['fontawesome', 'text'] },
    },
    icon_image: { type: 'image', default: '', label: 'Icon image', showIf: { setting: 'iconType', equals: 'image' } },
    ...(withImage ? { image: { type: 'image' as const, default: '', label: 'Picture', description: 'Empty: the block image.' } } : {}),
    title: { type: 'input', default: 'Feature', label: 'Title' },
    description: { type: 'textarea', default: '', label: 'Description' },
    icon_color: { type: 'color', default: '#4f46e5', label: 'Icon colour' },
    icon_background_color: { type: 'color', default: '#eef2ff', label: 'Icon background colour' },
    title_color: { type: 'color', default: '#111827', label: 'Title colour' },
    description_color: { type: 'color', default: '#6b7280', label: 'Description colour' },
  };
}

function settings(withImage: boolean) {
  const item = featureItem(withImage);
  const defaults = (f: (typeof SAMPLE)[number]) => ({
    iconType: 'fontawesome',
    icon: f.icon,
    icon_image: '',
    ...(withImage ? { image: '' } : {}),
    title: f.title,
    description: f.description,
    icon_color: '#4f46e5',
    icon_background_color: '#eef2ff',
    title_color: '#111827',
    description_color: '#6b7280',
  });
  const link = { not: { setting: 'learn_more_link', equals: '' } };
  return defineSettings({
    paragraph: {
      type: 'textarea',
      default: 'Tell your visitors what makes you different. Change this text in the block settings.',
      label: 'Paragraph',
    },
    imageUrl: { type: 'image', default: '', label: 'Image', description: 'An image address (https://) or an uploaded image under 5 MB.' },
    imagePosition: { type: 'select', default: 'left', label: 'Image position', options: sameLabelOptions(...IMAGE_POSITIONS) },
    features: {
      type: 'array',
      default: SAMPLE.map(defaults),
      label: 'Features',
      maxItems: MAX_FEATURES,
      item,
    },
    learn_more_link: { type: 'url', default: '', label: 'Learn More link', description: 'Empty: no button.' },
    learn_more_text: { type: 'input', default: 'Learn More', label: 'Learn More text', showIf: link },
    button_style: { type: 'select', default: 'filled', label: 'Button style', options: sameLabelOptions(...BUTTON_STYLES), showIf: link },
    button_radius: { type: 'number', default: 8, min: 0, max: 40, label: 'Button corner radius (px)', showIf: link },
    open_in_new_tab: { type: 'boolean', default: false, label: 'Open link in a new tab', showIf: link },
    paragraph_color: { type: 'color', default: '#4b5563', label: 'Paragraph colour' },
    ...buttonColorSettings(link),
  });
}

/** The settings of the three kinds as the shared parts read them (the image kinds add `image` to features). */
export const imageTextSettings = settings(false);

const base = { usesSheet: false, data: 'none' as const };

export const imageTextSchema: BlockSchema = {
  kind: 'image_text',
  name: 'Image text',
  description: 'An image beside a paragraph, up to four features and a Learn More button.',
  category: 'content',
  icon: 'layout-sidebar',
  ...base,
  settings: settings(false),
};

export const imageGridSchema: BlockSchema = {
  kind: 'image_grid',
  name: 'Image grid',
  description: 'A large image and up to four picture cards with text, in a grid.',
  category: 'media',
  icon: 'layout-grid-add',
  ...base,
  settings: settings(true),
};

export const imageAccordionSchema: BlockSchema = {
  kind: 'image_accordion',
  name: 'Image accordion',
  description: 'Pictures side by side that open on hover or click to show their text.',
  category: 'media',
  icon: 'layout-columns',
  ...base,
  settings: settings(true),
};
