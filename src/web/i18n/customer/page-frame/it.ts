/** The public layout's frame in Italian (the French one, i18n/customer/page-frame.ts, is the reference: same keys). */
import { brandName } from '#web/i18n/fr/common';
import type { PageFrameMessages } from '../page-frame';

export const it: PageFrameMessages = {
  loading: 'Caricamento…',
  skipToContent: 'Vai al contenuto principale',
  homeLinkLabel: `${brandName} – home page`,
  retry: 'Riprova',
  legalNavLabel: 'Link legali',
  privacy: 'Privacy',
  terms: 'Termini',
  legalNotice: 'Note legali',
  copyright: (year: number) => `© ${year} ${brandName}. Tutti i diritti riservati.`,
};
