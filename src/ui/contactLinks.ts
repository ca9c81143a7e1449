import { useGetAgencyInfoQuery } from '@/api';

const CHANNELS = ['whatsapp', 'line', 'facebook', 'telegram', 'twitter'] as const;
const CHANNEL_NAMES: Record<(typeof CHANNELS)[number], string> = {
  whatsapp: 'WhatsApp',
  line: 'Line',
  facebook: 'Facebook',
  telegram: 'Telegram',
  twitter: 'Twitter',
};

export interface ContactLink {
  key: string;
  name: string;
  href: string;
}

/** The agency's five social links (docs/player-site.md §2). */
export function useContactLinks(): ContactLink[] {
  const { data } = useGetAgencyInfoQuery();
  const social = data?.agency.social;
  return CHANNELS.map((channel) => ({
    key: channel,
    name: CHANNEL_NAMES[channel],
    href: social?.[channel] ?? '',
  }));
}
