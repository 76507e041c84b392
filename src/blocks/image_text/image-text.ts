// Shared logic of image text, image grid and image accordion: feature items from the settings.
import { linkHref, mediaSrc, textOf } from '../media-src';
import { fontAwesomeIcon, type FeatureIconKey } from './feature-icons';
import { MAX_FEATURES } from './schema';

export type FeatureIcon = { kind: 'image'; src: string } | { kind: 'icon'; key: FeatureIconKey } | { kind: 'text'; text: string } | { kind: 'none' };

export interface Feature {
  icon: FeatureIcon;
  /** Grid and accordion picture (falls back to the block image, then nothing). */
  image: string | null;
  title: string;
  description: string;
  colors: { icon: string; iconBackground: string; title: string; description: string };
}

const color = (v: unknown, fallback: string) => (typeof v === 'string' && v ? v : fallback);

function iconOf(item: Record<string, unknown>): FeatureIcon {
  const type = item.iconType;
  if (type === 'image') {
    const src = mediaSrc(item.icon_image);
    return src ? { kind: 'image', src } : { kind: 'none' };
  }
  if (type === 'text') {
    const text = Array.from(textOf(item.icon)).slice(0, 4).join('');
    return text ? { kind: 'text', text } : { kind: 'none' };
  }
  return { kind: 'icon', key: fontAwesomeIcon(item.icon) };
}

/** At most four features; items that are not objects are skipped. */
export function featuresOf(value: unknown, blockImage: unknown): Feature[] {
  if (!Array.isArray(value)) return [];
  const fallback = mediaSrc(blockImage);
  return value
    .filter((v): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v))
    .slice(0, MAX_FEATURES)
    .map((item) => ({
      icon: iconOf(item),
      image: mediaSrc(item.image) ?? (item.iconType === 'image' ? mediaSrc(item.icon_image) : null) ?? fallback,
      title: textOf(item.title),
      description: textOf(item.description),
      colors: {
        icon: color(item.icon_color, '#4f46e5'),
        iconBackground: color(item.icon_background_color, '#eef2ff'),
        title: color(item.title_color, '#111827'),
        description: color(item.description_color, '#6b7280'),
      },
    }));
}

export interface LearnMore {
  href: string;
  text: string;
  external: boolean;
  newTab: boolean;
}

/** The Learn More button, or null when the link is empty or unsafe. */
export function learnMoreOf(config: Record<string, unknown>): LearnMore | null {
  const href = linkHref(config.learn_more_link);
  if (!href) return null;
  const external = /^https?:\/\//i.test(href);
  return { href, text: textOf(config.learn_more_text) || 'Learn More', external, newTab: config.open_in_new_tab === true };
}
