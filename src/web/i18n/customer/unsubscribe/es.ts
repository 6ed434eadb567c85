/** The unsubscribe page in Spanish (the French one, i18n/fr/unsubscribe.ts, is the reference: same keys). */
import type { UnsubscribeMessages } from '../unsubscribe';

export const es: UnsubscribeMessages = {
  title: 'Cancelar la suscripción',
  loading: 'Cargando…',
  intro: (storeName: string) => `¿Ya no quieres recibir solicitudes de reseñas de ${storeName}?`,
  addressLabel: 'Correo electrónico',
  storeLabel: 'Tienda',
  explanation: 'Haz clic en el botón de abajo: esta tienda ya no enviará solicitudes de reseñas a esta dirección.',
  submit: 'Cancelar la suscripción',
  submitting: 'Cancelando…',
  doneHeading: 'Suscripción cancelada',
  done: (storeName: string) => `${storeName} ya no enviará solicitudes de reseñas a esta dirección.`,
  invalid: 'El enlace no es válido o ha caducado',
  invalidHelp: 'Este enlace para cancelar la suscripción ya no es válido. Usa el enlace del último correo que recibiste.',
  failed: 'Se ha producido un error. Inténtalo de nuevo.',
};
