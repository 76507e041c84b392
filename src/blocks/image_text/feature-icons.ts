// Font Awesome names → the Tabler icons we ship (no Font Awesome package is installed). Pure: the
// view maps each key to its component. Unknown names fall back to a neutral icon.

export const FEATURE_ICON_KEYS = [
  'star', 'check', 'circle-check', 'heart', 'user', 'users', 'mail', 'phone', 'home', 'search', 'settings', 'bolt',
  'rocket', 'shield', 'lock', 'world', 'chart-bar', 'chart-line', 'clock', 'calendar', 'camera', 'photo', 'map-pin',
  'truck', 'shopping-cart', 'thumb-up', 'bulb', 'leaf', 'award', 'gift', 'info-circle', 'help-circle', 'message',
  'messages', 'bell', 'bookmark', 'tag', 'code', 'cloud', 'download', 'upload', 'player-play', 'music', 'mood-smile',
  'school', 'briefcase', 'tool', 'brush', 'car', 'plane', 'coffee', 'currency-dollar', 'credit-card', 'arrow-right',
  'brand-facebook', 'brand-x', 'brand-instagram', 'brand-linkedin', 'brand-github', 'brand-youtube', 'sparkles',
] as const;

export type FeatureIconKey = (typeof FEATURE_ICON_KEYS)[number];

/** The fallback for names we do not know. */
export const FALLBACK_ICON: FeatureIconKey = 'sparkles';

const FA: Record<string, FeatureIconKey> = {
  star: 'star', 'star-o': 'star',
  check: 'check', 'check-circle': 'circle-check', 'circle-check': 'circle-check', 'check-square': 'circle-check', 'square-check': 'circle-check',
  heart: 'heart', 'heart-o': 'heart',
  user: 'user', 'user-circle': 'user', 'circle-user': 'user', users: 'users', 'user-group': 'users', 'people-group': 'users',
  envelope: 'mail', 'envelope-o': 'mail', 'envelope-open': 'mail', at: 'mail',
  phone: 'phone', 'phone-alt': 'phone', 'phone-volume': 'phone', mobile: 'phone', 'mobile-alt': 'phone', 'mobile-screen': 'phone',
  home: 'home', house: 'home', 'house-chimney': 'home',
  search: 'search', 'magnifying-glass': 'search',
  cog: 'settings', cogs: 'settings', gear: 'settings', gears: 'settings', sliders: 'settings',
  bolt: 'bolt', 'bolt-lightning': 'bolt', flash: 'bolt',
  rocket: 'rocket',
  shield: 'shield', 'shield-alt': 'shield', 'shield-halved': 'shield',
  lock: 'lock', unlock: 'lock', key: 'lock',
  globe: 'world', 'globe-americas': 'world', 'earth-americas': 'world', language: 'world',
  'chart-bar': 'chart-bar', 'bar-chart': 'chart-bar', 'chart-column': 'chart-bar', 'chart-pie': 'chart-bar',
  'chart-line': 'chart-line', 'line-chart': 'chart-line', 'arrow-trend-up': 'chart-line',
  clock: 'clock', 'clock-o': 'clock', hourglass: 'clock', stopwatch: 'clock',
  calendar: 'calendar', 'calendar-alt': 'calendar', 'calendar-days': 'calendar', 'calendar-check': 'calendar',
  camera: 'camera', 'camera-retro': 'camera',
  image: 'photo', images: 'photo', photo: 'photo', 'file-image': 'photo',
  'map-marker': 'map-pin', 'map-marker-alt': 'map-pin', 'location-dot': 'map-pin', 'location-pin': 'map-pin', 'map-pin': 'map-pin', map: 'map-pin',
  truck: 'truck', 'truck-fast': 'truck', 'shipping-fast': 'truck',
  'shopping-cart': 'shopping-cart', 'cart-shopping': 'shopping-cart', 'shopping-bag': 'shopping-cart', 'bag-shopping': 'shopping-cart', store: 'shopping-cart',
  'thumbs-up': 'thumb-up', 'thumbs-o-up': 'thumb-up',
  lightbulb: 'bulb', 'lightbulb-o': 'bulb',
  leaf: 'leaf', seedling: 'leaf', tree: 'leaf',
  award: 'award', trophy: 'award', medal: 'award', certificate: 'award',
  gift: 'gift',
  info: 'info-circle', 'info-circle': 'info-circle', 'circle-info': 'info-circle',
  question: 'help-circle', 'question-circle': 'help-circle', 'circle-question': 'help-circle',
  comment: 'message', 'comment-dots': 'message', 'message': 'message', comments: 'messages',
  bell: 'bell',
  bookmark: 'bookmark',
  tag: 'tag', tags: 'tag',
  code: 'code', laptop: 'code', 'laptop-code': 'code', desktop: 'code',
  cloud: 'cloud', 'cloud-upload': 'upload', 'cloud-arrow-up': 'upload', upload: 'upload',
  download: 'download', 'cloud-download': 'download', 'cloud-arrow-down': 'download',
  play: 'player-play', 'play-circle': 'player-play', 'circle-play': 'player-play', video: 'player-play',
  music: 'music', headphones: 'music',
  smile: 'mood-smile', 'face-smile': 'mood-smile', 'smile-o': 'mood-smile',
  'graduation-cap': 'school', school: 'school', book: 'school',
  briefcase: 'briefcase', building: 'briefcase',
  wrench: 'tool', tools: 'tool', screwdriver: 'tool', 'screwdriver-wrench': 'tool', hammer: 'tool',
  'paint-brush': 'brush', paintbrush: 'brush', palette: 'brush',
  car: 'car', 'car-side': 'car',
  plane: 'plane', 'plane-departure': 'plane',
  coffee: 'coffee', 'mug-hot': 'coffee', 'mug-saucer': 'coffee',
  'dollar-sign': 'currency-dollar', dollar: 'currency-dollar', 'money-bill': 'currency-dollar', usd: 'currency-dollar',
  'credit-card': 'credit-card', 'credit-card-alt': 'credit-card',
  'arrow-right': 'arrow-right', 'arrow-circle-right': 'arrow-right', 'chevron-right': 'arrow-right', 'angle-right': 'arrow-right',
  facebook: 'brand-facebook', 'facebook-f': 'brand-facebook', 'facebook-square': 'brand-facebook',
  twitter: 'brand-x', 'x-twitter': 'brand-x',
  instagram: 'brand-instagram',
  linkedin: 'brand-linkedin', 'linkedin-in': 'brand-linkedin',
  github: 'brand-github',
  youtube: 'brand-youtube',
  magic: 'sparkles', 'wand-magic-sparkles': 'sparkles', wand: 'sparkles',
};

/** Class-like words that are not the icon's name: styles, sizes and modifiers. */
const MODIFIERS = /^fa-(solid|regular|brands|light|thin|duotone|sharp|fw|lg|xs|sm|xl|\dx|spin|pulse|border|inverse|flip-\w+|rotate-\d+|beat|bounce|fade|shake)$/;

/**
 * The icon for a Font Awesome name: 'fa-star', 'fas fa-check', 'fa-solid fa-house fa-2x',
 * 'fa fa-envelope-o', 'star' all work, in any case. Unknown or empty names give the fallback.
 */
export function fontAwesomeIcon(name: unknown): FeatureIconKey {
  if (typeof name !== 'string') return FALLBACK_ICON;
  const words = name.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const named = words.find((w) => w.startsWith('fa-') && !MODIFIERS.test(w)) ?? words.find((w) => !/^fa[srbldt]?$/.test(w) && !w.startsWith('fa-'));
  if (!named) return FALLBACK_ICON;
  return FA[named.replace(/^fa-/, '')] ?? FALLBACK_ICON;
}
