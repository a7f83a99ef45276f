import { safeHref } from '@blog/markup';
import type { ShareNetwork } from './share';
import type { ContactDetails } from './types';

export interface SocialLink {
  network: ShareNetwork;
  /** What a visitor calls the network: the link's accessible name. */
  label: string;
  href: string;
}

type SocialFields = Pick<ContactDetails, 'Facebook_url' | 'x_url' | 'linkedin_url' | 'instagram_url'>;

/** The networks in the order the site shows them, with the names a visitor knows them by. */
export const NETWORK_NAMES: Record<ShareNetwork, string> = {
  facebook: 'Facebook',
  x: 'X',
  linkedin: 'LinkedIn',
  instagram: 'Instagram',
};

const PROFILE_FIELDS: Record<ShareNetwork, keyof SocialFields> = {
  facebook: 'Facebook_url',
  x: 'x_url',
  linkedin: 'linkedin_url',
  instagram: 'instagram_url',
};

/** The author's profiles that the contact details hold, in a fixed order; an unsafe address is left out. */
export function socialLinks(details: SocialFields | null | undefined): SocialLink[] {
  return (Object.keys(NETWORK_NAMES) as ShareNetwork[]).flatMap((network) => {
    const href = safeHref(details?.[PROFILE_FIELDS[network]] ?? '');
    return href ? [{ network, label: NETWORK_NAMES[network], href }] : [];
  });
}
