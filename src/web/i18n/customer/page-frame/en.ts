/** The public layout's frame in English (the French one, i18n/customer/page-frame.ts, is the reference: same keys). */
import { brandName } from '#web/i18n/fr/common';
import type { PageFrameMessages } from '../page-frame';

export const en: PageFrameMessages = {
  loading: 'Loading…',
  skipToContent: 'Skip to main content',
  homeLinkLabel: `${brandName} — home`,
  retry: 'Try again',
  legalNavLabel: 'Legal links',
  privacy: 'Privacy',
  terms: 'Terms',
  legalNotice: 'Legal notice',
  copyright: (year: number) => `© ${year} ${brandName}. All rights reserved.`,
};
