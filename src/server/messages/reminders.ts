/** French notes the sender writes on a reminder it withdraws at the claim (shown in the send calendar). */
export const reminderMessages = {
  cancelled: {
    reviewed: 'Relance annulée\u202f: le client a déjà laissé son avis',
    order: 'Relance annulée\u202f: la commande a été annulée ou remboursée',
    flow: 'Relance annulée\u202f: le flux ou sa relance a été désactivé',
    excluded: 'Relance annulée\u202f: la demande de cette commande a été annulée par la boutique',
    firstNotSent: 'Relance annulée\u202f: le premier e-mail n’est pas (ou plus) envoyé',
  },
} as const;
