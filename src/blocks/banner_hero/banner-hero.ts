// Pure helpers of the banner: where the foreground image goes, and what each feature's icon is.
import type { BlockRecord, SettingValues } from '../../shared/settings/types';
import { safeImageSrc } from '../links';

export type ImagePosition = 'left' | 'right' | 'top' | 'bottom';
export type FeatureLayout = 'list' | 'grid' | 'paragraph';

export function imagePosition(config: BlockRecord): ImagePosition {
  const v = config.imagePosition;
  return v === 'left' || v === 'top' || v === 'bottom' ? v : 'right';
}

export function featureLayout(config: BlockRecord): FeatureLayout {
  return config.FeatureLayout === 'list' || config.FeatureLayout === 'paragraph' ? config.FeatureLayout : 'grid';
}

/** Icon names the banner draws (Font Awesome spellings map onto them). */
export const ICON_NAMES = ['check', 'star', 'heart', 'bolt', 'shield', 'clock', 'rocket', 'users', 'chart', 'globe', 'lock', 'phone', 'mail', 'map', 'leaf', 'gift', 'truck', 'camera', 'code', 'settings'] as const;
export type IconName = (typeof ICON_NAMES)[number];

const ALIASES: Record<string, IconName> = {
  'check-circle': 'check', 'circle-check': 'check', tick: 'check',
  'bolt-lightning': 'bolt', lightning: 'bolt', flash: 'bolt',
  'shield-alt': 'shield', 'shield-halved': 'shield',
  user: 'users', 'user-group': 'users', people: 'users',
  'chart-bar': 'chart', 'chart-line': 'chart', 'chart-pie': 'chart',
  'globe-americas': 'globe', earth: 'globe', world: 'globe',
  envelope: 'mail', email: 'mail',
  'map-marker': 'map', 'map-marker-alt': 'map', 'location-dot': 'map', location: 'map',
  cog: 'settings', gear: 'settings', gears: 'settings',
  'shipping-fast': 'truck', 'truck-fast': 'truck',
};

/** 'fa-solid fa-star', 'fas fa-star', 'fa-star', 'Star' → 'star'; unknown names → null. */
export function iconName(raw: unknown): IconName | null {
  if (typeof raw !== 'string') return null;
  const words = raw.trim().toLowerCase().split(/\s+/).filter((w) => !/^(fa|fas|far|fab|fal|fa-(solid|regular|light|brands|thin|duotone))$/.test(w));
  const name = (words[words.length - 1] ?? '').replace(/^fa-/, '');
  if ((ICON_NAMES as readonly string[]).includes(name)) return name as IconName;
  return ALIASES[name] ?? null;
}

export type FeatureIcon = { kind: 'icon'; name: IconName | null; color: string } | { kind: 'image'; src: string } | { kind: 'text'; text: string; color: string } | null;

export function featureIcon(item: SettingValues): FeatureIcon {
  const color = typeof item.iconColor === 'string' && item.iconColor ? item.iconColor : '#4f46e5';
  const icon = typeof item.icon === 'string' ? item.icon.trim() : '';
  if (item.iconType === 'image') {
    const src = safeImageSrc(icon);
    return src ? { kind: 'image', src } : null;
  }
  if (item.iconType === 'text') return icon ? { kind: 'text', text: icon.slice(0, 4), color } : null;
  // Icon type (fontawesome): a known name, else a generic check mark; none typed: no icon.
  return icon ? { kind: 'icon', name: iconName(icon), color } : null;
}

export interface Feature {
  icon: FeatureIcon;
  title: string;
  description: string;
}

export function featuresOf(config: BlockRecord): Feature[] {
  const list = Array.isArray(config.features) ? config.features : [];
  return list
    .filter((f): f is SettingValues => !!f && typeof f === 'object' && !Array.isArray(f))
    .map((f) => ({
      icon: featureIcon(f),
      title: typeof f.title === 'string' ? f.title.trim() : '',
      description: typeof f.description === 'string' ? f.description.trim() : '',
    }))
    .filter((f) => f.title || f.description || f.icon);
}
