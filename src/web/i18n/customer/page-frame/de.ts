/** The public layout's frame in German (the French one, i18n/customer/page-frame.ts, is the reference: same keys). */
import { brandName } from '#web/i18n/fr/common';
import type { PageFrameMessages } from '../page-frame';

export const de: PageFrameMessages = {
  loading: 'Wird geladen…',
  skipToContent: 'Zum Hauptinhalt springen',
  homeLinkLabel: `${brandName} – Startseite`,
  retry: 'Erneut versuchen',
  legalNavLabel: 'Rechtliches',
  privacy: 'Datenschutz',
  terms: 'Nutzungsbedingungen',
  legalNotice: 'Impressum',
  copyright: (year: number) => `© ${year} ${brandName}. Alle Rechte vorbehalten.`,
};
