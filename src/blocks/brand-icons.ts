// The icon of each brand a social link may name, from the icon set we ship (no icon font is
// downloaded): the event block's social icons and the board footer's social links draw with it.
import {
  IconBrandDiscord,
  IconBrandFacebook,
  IconBrandGithub,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandPinterest,
  IconBrandReddit,
  IconBrandTelegram,
  IconBrandTiktok,
  IconBrandWhatsapp,
  IconBrandX,
  IconBrandYoutube,
  IconLink,
  IconMail,
  IconWorld,
  type Icon,
} from '@tabler/icons-react';
import type { Brand } from './event/social-icons';

export const BRAND_ICONS: Record<Brand, Icon> = {
  facebook: IconBrandFacebook,
  instagram: IconBrandInstagram,
  linkedin: IconBrandLinkedin,
  x: IconBrandX,
  youtube: IconBrandYoutube,
  tiktok: IconBrandTiktok,
  github: IconBrandGithub,
  whatsapp: IconBrandWhatsapp,
  telegram: IconBrandTelegram,
  discord: IconBrandDiscord,
  pinterest: IconBrandPinterest,
  reddit: IconBrandReddit,
  mail: IconMail,
  globe: IconWorld,
  link: IconLink,
};
