/** The review e-mail's texts in Spanish, addressing the customer as « tú » (the French set, fr.ts, is the reference: same keys). */
import type { ReviewEmailTexts } from './index';

export const es: ReviewEmailTexts = {
  defaultGreeting: 'Hola, {{ customer_name }}:',
  defaultSubject: '¡Tu opinión nos importa! 🌟',
  defaultButton: 'Dejar una reseña',
  defaultFooter: '¡Gracias por tu confianza!',
  defaultBody:
    '¡Gracias por tu pedido {{ order_number }} en {{ store_name }}! Esperamos que todo haya sido de tu agrado.\n\n¿Podrías dedicarnos un minuto para contarnos tu opinión? Nos ayuda muchísimo.',
  reminderSubject: 'Un pequeño recordatorio: tu opinión sobre el pedido {{ order_number }}',
  reminderFirstLine: 'Te escribimos de nuevo porque nos encantaría conocer tu opinión sobre tu pedido, sea cual sea.',
  unsubscribeText: (storeName: string) => `¿Ya no quieres recibir solicitudes de reseñas de ${storeName}?`,
  unsubscribeLink: 'Cancelar la suscripción',
  oneOffUnsubscribeText: (storeName: string) => `¿Ya no quieres recibir correos de ${storeName}?`,
  /** After « Hola, »: an order without the customer's name. */
  customerFallback: 'estimado cliente',
};
