// What a footer shows: its layout, and each list (sub-links, contact items, social items, simple
// links) turned into safe, displayable entries within the spec's limits. Pure and table-tested.
import { maxItemsOf } from '../../shared/settings/arrays';
import type { BlockRecord, SettingValues } from '../../shared/settings/types';
import { safeHref } from '../links';
import type { AppNav } from '../types';
import { FOOTER_LAYOUTS, footerSchema, type FooterLayout } from './schema';

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

export function footerLayout(config: BlockRecord): FooterLayout {
  return (FOOTER_LAYOUTS as readonly string[]).includes(String(config.footerLayoutType)) ? (config.footerLayoutType as FooterLayout) : 'Contact Centric Footer';
}

/** The items of a list setting, objects only, cut to the limit that holds for the layout. */
export function listOf(config: BlockRecord, key: 'footerSublinks' | 'contactItems' | 'socialItems' | 'simpleLinks'): SettingValues[] {
  const value = config[key];
  const items = Array.isArray(value) ? value.filter((v): v is SettingValues => !!v && typeof v === 'object' && !Array.isArray(v)) : [];
  const max = maxItemsOf(footerSchema.settings[key]!, config);
  return max === undefined ? items : items.slice(0, max);
}

export type ContactType = 'address' | 'email' | 'phone';

export interface ContactEntry {
  type: ContactType;
  label: string;
  text: string;
  href: string | null;
  icon: string | null;
}

export function contactEntry(item: SettingValues): ContactEntry {
  const type: ContactType = item.type === 'address' || item.type === 'email' ? item.type : 'phone';
  const value = str(item.value);
  const code = str(item.countryCode);
  const icon = item.showIcon === false ? null : str(item.iconColor) || '#0052FF';
  if (type === 'email') return { type, label: str(item.label), text: value, href: value ? safeHref(`mailto:${value}`) : null, icon };
  if (type === 'phone') {
    const text = [code, value].filter(Boolean).join(' ');
    // The country code leads the number (its trunk 0 dropped) unless the number starts with '+'.
    const dial = value.startsWith('+') || !code ? value : `${code}${value.replace(/^0+/, '')}`;
    return { type, label: str(item.label), text, href: value ? safeHref(`tel:${dial}`) : null, icon };
  }
  return { type, label: str(item.label), text: value, href: null, icon };
}

export type SocialType = 'instagram' | 'facebook' | 'linkedin';
export const SOCIAL_NAMES: Record<SocialType, string> = { instagram: 'Instagram', facebook: 'Facebook', linkedin: 'LinkedIn' };

export interface SocialEntry {
  type: SocialType;
  name: string;
  /** Only http(s) links (spec §5); anything else leaves the icon out. */
  href: string;
  icon: string | null;
}

export function socialEntries(config: BlockRecord): SocialEntry[] {
  const out: SocialEntry[] = [];
  for (const item of listOf(config, 'socialItems')) {
    const type: SocialType = item.type === 'facebook' || item.type === 'linkedin' ? item.type : 'instagram';
    const link = str(item.link);
    if (!/^https?:\/\//i.test(link)) continue;
    const href = safeHref(link);
    if (!href) continue;
    out.push({ type, name: SOCIAL_NAMES[type], href, icon: item.showIcon === false ? null : str(item.iconColor) || '#0052FF' });
  }
  return out;
}

export interface LinkEntry {
  text: string;
  href: string | null;
  /** A page of the app (simple links' linkToInsert): opened through data.app.goTo. */
  page: string | null;
}

/** A footer link: a chosen page of the app wins over the URL; unsafe URLs give text only. */
export function linkEntry(item: SettingValues, app: AppNav | undefined): LinkEntry {
  const page = str(item.linkToInsert);
  const pageName = page ? app?.pages.find((p) => p.slug === page)?.name : undefined;
  const text = str(item.text) || pageName || str(item.url) || page;
  if (page && app) return { text, href: app.hrefOf(page), page };
  if (page) return { text, href: null, page: null };
  return { text, href: safeHref(item.url), page: null };
}

export function linkEntries(config: BlockRecord, key: 'footerSublinks' | 'simpleLinks', app: AppNav | undefined): LinkEntry[] {
  return listOf(config, key)
    .map((item) => linkEntry(item, app))
    .filter((l) => l.text !== '');
}
