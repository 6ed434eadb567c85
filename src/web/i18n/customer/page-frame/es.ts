/** The public layout's frame in Spanish (the French one, i18n/customer/page-frame.ts, is the reference: same keys). */
import { brandName } from '#web/i18n/fr/common';
import type { PageFrameMessages } from '../page-frame';

export const es: PageFrameMessages = {
  loading: 'Cargando…',
  skipToContent: 'Ir al contenido principal',
  homeLinkLabel: `${brandName}: página de inicio`,
  retry: 'Volver a intentarlo',
  legalNavLabel: 'Enlaces legales',
  privacy: 'Privacidad',
  terms: 'Condiciones',
  legalNotice: 'Aviso legal',
  copyright: (year: number) => `© ${year} ${brandName}. Todos los derechos reservados.`,
};
