/** The review page in Spanish (the French catalogue, fr.ts, is the reference: same keys). */
import { countIn, longDateIn } from '#core/customer-format';
import { SHARED_LINK_LIMITS } from '#core/review-origin';
import type { ReviewPageCatalogue } from './index';

export const es: ReviewPageCatalogue = {
  /** The page's `lang`. */
  lang: 'es',
  /** A date in a sentence (« 1 de abril de 2026 » reads « hacia el 1 de abril de 2026 »); `locale` is the request's. */
  date: (date: Date, locale: string, timeZone: string) => longDateIn(locale, date, timeZone),
  invalidLink: 'Enlace no válido o caducado',
  storeNotFound: 'Tienda no encontrada',
  loadError: 'Error al cargar',
  submitError: 'Error al enviar',
  alreadyUsed: 'Ya has dejado tu reseña con este enlace. ¡Gracias!',
  ratingRequired: 'Elige una valoración',
  nameEmailRequired: 'Indica tu nombre y tu correo electrónico',
  emailInvalid: 'Escribe una dirección de correo electrónico válida',
  nameTooLong: 'El nombre no puede superar los 120 caracteres',
  commentTooLong: 'El comentario no puede superar los 5000 caracteres',
  tooMany: 'Demasiados intentos. Vuelve a intentarlo dentro de unos minutos.',
  /** The shared link's limits (decision 044, SHARED_LINK_LIMITS): nothing was stored. */
  sharedLinkBusy: `Este enlace de reseñas ha alcanzado el número máximo de reseñas (${SHARED_LINK_LIMITS.perHour} por hora, ${SHARED_LINK_LIMITS.perDay} al día). Tu reseña no se ha guardado: vuelve a intentarlo más tarde.`,
  defaultTitle: 'Tu opinión nos importa',
  defaultDescription: (store: string) => `¿Qué tal fue tu pedido en ${store}?`,
  defaultThankYou: '¡Gracias por tu reseña!',
  defaultButton: 'SIGUIENTE',
  ratingLegend: 'Tu valoración',
  stars: (n: number) => countIn('es', n, 'estrella', 'estrellas'),
  name: 'Tu nombre',
  email: 'Tu correo electrónico',
  comment: 'Tu comentario (opcional)',
  sending: 'Enviando…',
  publicInvite: 'También puedes compartir tu reseña públicamente:',
  publicButton: 'Dejar una reseña pública',
  continueToSite: 'Continuar a la página de reseñas',
  poweredBy: (store: string) => `Reseñas recopiladas para ${store}`,
  /** EU Omnibus directive: say how reviews are collected (the short line where the store's settings are not read: the merchant's preview). */
  howCollected: 'Las reseñas se piden a los clientes después de su pedido, sea cual sea su valoración.',
  /** 'Cómo recopilamos las reseñas': generated from the store's real settings (reviews/notice.ts). */
  notice: {
    heading: 'Cómo recopilamos las reseñas',
    /** "del pago", "del envío", "de la entrega" of the order: each follows "después" in `after`. */
    events: { order_paid: 'del pago', order_fulfilled: 'del envío', order_delivered: 'de la entrega' } as Record<string, string>,
    soon: { order_paid: 'en cuanto se paga', order_fulfilled: 'en cuanto se envía', order_delivered: 'en cuanto se entrega' } as Record<string, string>,
    after: (days: number, event: string) => `${countIn('es', days, 'día', 'días')} después ${event}`,
    minimum: (amount: string) => `para pedidos de al menos ${amount}`,
    whoFlows: (moments: string) => `Invitamos por correo electrónico a cada cliente que ha realizado un pedido, ${moments}.`,
    /** Several flows, one ask (decision 024): the moment that comes latest in the order's life wins. */
    whoFlowsOnce: (moments: string) =>
      `Invitamos por correo electrónico a cada cliente que ha realizado un pedido, una sola vez por pedido: ${moments}, en el momento más cercano a la recepción del pedido.`,
    whoNoFlow: 'La tienda envía las invitaciones a los clientes que han realizado un pedido.',
    or: ' o ',
    reminder: (days: string) => `Solo se envía un recordatorio, ${days} después de la invitación, y únicamente a quien aún no ha dejado su reseña.`,
    reminderDays: (days: number) => countIn('es', days, 'día', 'días'),
    samePathPublic: 'Sea cual sea su valoración, todos los clientes siguen el mismo recorrido y se les invita a publicar su reseña en nuestra página pública de reseñas.',
    samePath: 'Sea cual sea su valoración, todos los clientes siguen el mismo recorrido.',
    byRating:
      'Lo que ocurre después de enviar tu reseña depende de la valoración elegida: una invitación a publicar una reseña pública, un mensaje privado a la tienda o una alerta a la tienda.',
    kept: 'Se conservan todas las reseñas, sea cual sea su valoración. No se paga ni se recompensa ninguna reseña.',
    verifiedOrder:
      'Esta invitación está vinculada a un pedido real: solo la reciben los clientes que han hecho un pedido. Así comprobamos que las reseñas proceden de compradores, y tu reseña aparece en la tienda online con la mención «Compra verificada».',
    sharedLink: 'La tienda comparte este enlace: las reseñas que se dejan aquí no están vinculadas a ningún pedido, por lo que no podemos comprobar que procedan de compradores.',
    noOrder: 'La tienda te ha enviado esta invitación directamente: tu reseña no estará vinculada a un pedido verificado.',
    /** After the shared link's or a request without order's sentence: what the storefront does with such a review (decision 044). */
    unverifiedKept: 'Una reseña sin compra verificada se envía a la tienda, pero no se muestra en su tienda online.',
    unverifiedShown: 'Una reseña sin compra verificada puede mostrarse en la tienda online con la mención «Compra no verificada».',
  },
  /** « Aún no he recibido mi pedido » (reminders.ts postponeRequest). */
  postpone: {
    question: '¿Tu pedido aún no ha llegado?',
    button: 'Aún no he recibido mi pedido',
    done: (date: string) => `Entendido. Volveremos a escribirte hacia el ${date}. También puedes dejar tu reseña ahora mismo.`,
    reviewed: 'Ya has dejado tu reseña para este pedido. ¡Gracias!',
    followUpSent: 'Ya te hemos enviado un recordatorio para este pedido: no volveremos a escribirte. Puedes dejar tu reseña cuando quieras con este enlace.',
    unsubscribed: 'Ya no recibes nuestros correos: no volveremos a escribirte. Aun así, puedes dejar tu reseña aquí debajo.',
    notSent: 'Esta solicitud no se puede aplazar. Puedes dejar tu reseña aquí debajo cuando quieras.',
    withdrawn: 'La tienda ya no tiene previsto volver a escribirte sobre este pedido. Aun así, puedes dejar tu reseña aquí debajo si lo deseas.',
  },
  /** Photos with the review (decision 058); `{n}`, `{total}`, `{name}`, `{reason}` are filled by the page. */
  photos: {
    label: 'Añadir fotos (opcional)',
    hint: 'Hasta 3 fotos en JPEG, PNG o WebP, de 10 MB como máximo cada una. Se publican sin sus metadatos (ubicación, cámara).',
    thumbnail: 'Foto {n}: {name}',
    remove: 'Quitar la foto {n}',
    tooMany: 'Tres fotos como máximo: las demás no se han añadido.',
    sending: 'Subiendo la foto {n} de {total}…',
    progress: 'Subiendo la foto {n}',
    failed: 'No se ha podido añadir la foto {n}: {reason}',
    reviewSaved: 'Tu reseña se ha guardado.',
    continue: 'Continuar',
    reasons: {
      too_large: 'supera los 10 MB.',
      unsupported_type: 'no es una foto JPEG, PNG o WebP.',
      unreadable: 'el archivo no se puede leer o está dañado.',
      too_many_pixels: 'es demasiado grande (más de 50 millones de píxeles).',
      too_many_photos: 'tu reseña ya tiene tres fotos.',
      upload_closed: 'ya ha pasado el plazo para añadir fotos a esta reseña.',
      rate_limited: 'demasiados envíos en poco tiempo; inténtalo de nuevo dentro de unos minutos.',
      failed: 'se ha interrumpido la conexión.',
    },
  },
};
