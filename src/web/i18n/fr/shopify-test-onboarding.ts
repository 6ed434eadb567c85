/** /shopify/test-onboarding: developer page to try the install flow (docs/product/screens.md). */
import { count } from '#core/french-format';
export const shopifyTestOnboarding = {
  title: 'Test de l’installation Shopify',
  intro: 'Outil de développement\u202f: créez un lien d’installation pour une boutique de test, puis suivez le parcours d’un marchand qui installe l’application.',
  defaultShop: 'maison-lumiere.myshopify.com',
  instructions: {
    heading: 'Mode d’emploi',
    steps: [
      'Saisissez le domaine .myshopify.com de la boutique de test.',
      'Créez le lien d’installation (il reste valable 1 heure). Sur le Shopify local, la boutique est créée si elle n’existe pas encore.',
      'Ouvrez le lien de sélection du plan, choisissez un plan, puis créez un compte ou connectez-vous.',
      'Validez l’autorisation et le paiement sur le Shopify local\u202f: vous arrivez sur le tableau de bord.',
    ],
  },
  form: {
    heading: 'Créer un lien d’installation',
    shop: 'Domaine de la boutique de test',
    shopHint: 'Par exemple maison-lumiere.myshopify.com',
    submit: 'Créer le lien d’installation',
    submitting: 'Création...',
  },
  result: {
    heading: 'Lien d’installation de test',
    url: 'Lien de sélection du plan',
    copy: 'Copier',
    copied: 'Copié',
    copyFailed: 'Impossible de copier le lien. Sélectionnez-le et copiez-le vous-même.',
    open: 'Ouvrir',
    newTab: '(nouvel onglet)',
    shop: 'Boutique',
    token: 'Jeton',
    validity: 'Valable 1 heure.',
    /** Where the test shop stands on Shopify (the install fails at 'Boutique introuvable' without it). */
    emulatorShop: {
      created: (shop: string) => `Boutique ${shop} créée sur le Shopify local.`,
      existing: (shop: string) => `La boutique ${shop} existe déjà sur le Shopify local.`,
      realShopify: (shop: string) =>
        `Shopify local absent\u202f: l’installation passe par Shopify. La boutique ${shop} doit exister (boutique de développement créée depuis votre compte Shopify Partners) et l’application doit y être disponible (distribution personnalisée ou boutique de développement) avant d’ouvrir le lien.`,
    },
  },
  config: {
    heading: 'Vérification de la configuration',
    loading: 'Chargement des plans...',
    error: 'Impossible de charger les plans. Veuillez réessayer.',
    empty: 'Aucun plan actif\u202f: lancez le seed de la base de données.',
    ok: (n: number) => count(n, 'plan actif trouvé', 'plans actifs trouvés'),
    quota: (quota: number | null) => (quota === null ? 'E-mails illimités' : `${count(quota, 'e-mail', 'e-mails')}/mois`),
  },
  emulator: {
    heading: 'Shopify local',
    body: 'L’émulateur Shopify remplace Shopify en développement\u202f: boutiques de test, écran d’autorisation et validation des paiements.',
    link: 'Ouvrir le Shopify local',
  },
};
