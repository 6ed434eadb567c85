/** The public layout's frame in Dutch (the French one, i18n/customer/page-frame.ts, is the reference: same keys). */
import { brandName } from '#web/i18n/fr/common';
import type { PageFrameMessages } from '../page-frame';

export const nl: PageFrameMessages = {
  loading: 'Laden…',
  skipToContent: 'Naar de hoofdinhoud',
  homeLinkLabel: `${brandName} – startpagina`,
  retry: 'Opnieuw proberen',
  legalNavLabel: 'Juridische links',
  privacy: 'Privacy',
  terms: 'Voorwaarden',
  legalNotice: 'Juridische informatie',
  copyright: (year: number) => `© ${year} ${brandName}. Alle rechten voorbehouden.`,
};
