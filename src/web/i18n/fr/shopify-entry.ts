/** /shopify/entry: where Shopify sends a merchant who installs the app (docs/product/screens.md). */
export const shopifyEntry = {
  title: 'Connexion à Shopify',
  redirecting: 'Redirection vers Shopify...',
  redirectingHint: 'Vous allez être redirigé vers Shopify pour autoriser l’application.',
  continueLink: 'Continuer vers Shopify',
  missingShop: 'Paramètre shop manquant. Veuillez réinstaller l’application depuis Shopify.',
  invalidShop: 'Domaine Shopify invalide. Veuillez utiliser votre domaine .myshopify.com',
};
