/** French strings of the merchant's alert for a new review (reviews/notify.ts): the merchant reads French. */
export const reviewAlertMessages = {
  subject: (rating: number, store: string) => `Nouvel avis ${rating}/5 pour ${store}`,
  intro: (store: string) => `Un client vient de laisser un avis pour ${store}.`,
  rating: 'Note',
  customer: 'Client',
  email: 'E-mail',
  order: 'Commande',
  comment: 'Commentaire',
  /** The language the customer was asked in (decision 056): the comment is in it. */
  language: 'Langue',
  noComment: '(aucun commentaire)',
  footer: 'Vous recevez cet e-mail parce que cette note déclenche une alerte dans vos actions conditionnelles.',
  open: 'Voir les avis',
};
