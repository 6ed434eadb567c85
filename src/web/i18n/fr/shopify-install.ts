/** /shopify/install: the install completion screen (docs/product/screens.md and docs/product/errors.md, 'Install screen codes'). */
export const shopifyInstall = {
  title: 'Installation de l’application',
  codes: {
    invalid_hmac: 'La requête Shopify n’est pas valide. Veuillez réessayer.',
    server_error: 'Une erreur serveur s’est produite. Veuillez réessayer.',
    invalid_token: 'Le lien d’installation a expiré. Veuillez réinstaller l’application.',
    other: 'Une erreur s’est produite.',
  },
  invalidToken: 'Le lien d’installation a expiré ou n’est pas valide...',
  finishing: 'Finalisation de l’installation...',
};
