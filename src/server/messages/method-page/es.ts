/** The « how we collect reviews » page in Spanish (the French one, ./fr.ts, is the reference: same keys). */
import { SHARED_LINK_LIMITS } from '#core/review-origin';
import type { MethodPageCatalogue } from './index';

export const es: MethodPageCatalogue = {
  lang: 'es',
  title: 'Cómo recopilamos las reseñas',
  paragraphs: (shopName: string, unverifiedShown: boolean) => [
    `Después de un pedido, ${shopName} invita al cliente por correo electrónico a dejar su opinión: nadie se elige según lo que pudiera decir.`,
    unverifiedShown
      ? `Una reseña dejada con el enlace personal de esa invitación, vinculada a un pedido, lleva la mención «Compra verificada». La tienda también puede compartir un enlace de reseñas abierto a todos: las reseñas dejadas con ese enlace no están vinculadas a un pedido, así que no podemos comprobar que procedan de compradores, y llevan la mención «Compra no verificada». Un enlace compartido acepta como máximo ${SHARED_LINK_LIMITS.perHour} reseñas por hora y ${SHARED_LINK_LIMITS.perDay} al día.`
      : 'Aquí solo se muestran reseñas de compras verificadas, con la mención «Compra verificada»: cada una se dejó con el enlace personal de esa invitación, vinculada a un pedido. Las reseñas dejadas con un enlace de reseñas que comparte la tienda no están vinculadas a un pedido y no se muestran aquí.',
    'Ninguna reseña se descarta por su puntuación: de 1 a 5 estrellas, todas se publican de la misma manera.',
    'Una reseña solo se oculta por uno de estos motivos, indicados por el comerciante y registrados: contenido ofensivo o de odio, datos personales, contenido que no viene al caso o una reseña que no procede de un cliente. Las reseñas ocultas se cuentan públicamente debajo de la valoración media.',
    // Photos (decision 058) follow the same rule: content only, never the rating.
    'Las fotos de las reseñas se moderan del mismo modo, solo por su contenido y nunca según la valoración: una foto solo se oculta por uno de estos motivos, y las fotos ocultas se cuentan públicamente.',
  ],
};
