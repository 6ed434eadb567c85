/** /shopify/plan-selection (docs/product/screens.md, docs/product/statuses.md 'Plan selection' and docs/product/errors.md). */
export const shopifyPlanSelection = {
  title: 'Choisissez votre plan',
  subtitle: (shop: string) => `Pour la boutique ${shop}`,
  intro: 'Sélectionnez l’offre adaptée à votre boutique. Vous pourrez en changer à tout moment.',
  plansLabel: 'Plans disponibles',
  loading: 'Chargement des plans...',
  loadError: 'Impossible de charger les plans. Veuillez réessayer.',
  selectError: 'Impossible de sélectionner le plan. Veuillez réessayer.',
  empty: 'Aucune offre disponible pour le moment.',
  choose: (name: string) => `Choisir ${name}`,
  redirecting: 'Redirection...',
  current: 'Plan déjà sélectionné',
  footer: 'Facturation mensuelle via Shopify, sans engagement. Vous validerez le paiement sur Shopify.',
};
