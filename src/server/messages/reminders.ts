/** French notes the sender writes on a reminder it withdraws at the claim (shown in the send calendar). */
export const reminderMessages = {
  cancelled: {
    reviewed: 'Relance annulée : le client a déjà laissé son avis',
    order: 'Relance annulée : la commande a été annulée ou remboursée',
    flow: 'Relance annulée : le flux ou sa relance a été désactivé',
    excluded: 'Relance annulée : la demande de cette commande a été annulée par la boutique',
    firstNotSent: "Relance annulée : le premier e-mail n'est pas (ou plus) envoyé",
  },
} as const;
