/** /app/integrations (spec sections 2, 4 'Shop', 8 'Integrations query errors', 'Second store', 'Connect button', 'Disconnect failure'). */
import type { OAuthRedirectCode } from '../../../core/api/shopify';

export const integrations = {
  title: 'Intégrations',
  subtitle: 'Connectez votre boutique et vos canaux.',
  query: {
    success: (shop: string) => `Shopify store ${shop} connected successfully!`,
    errors: {
      invalid_state: 'Invalid authentication state. Please try again.',
      expired_state: 'Authentication session expired. Please try again.',
      state_already_used: 'This authentication link has already been used.',
      invalid_hmac: 'Invalid security signature. Please try again.',
      token_exchange_failed: 'Failed to exchange token with Shopify.',
      shop_fetch_failed: 'Failed to fetch shop details from Shopify.',
      store_already_connected: 'Une boutique Shopify est déjà connectée à votre compte. Déconnectez-la avant d’en connecter une autre.',
      state_not_bound: 'Ce lien de connexion a été ouvert dans un autre navigateur ou un autre compte que celui qui l’a demandé. Relancez la connexion depuis cette page.',
      shop_owned_by_another_account:
        'Cette boutique Shopify est déjà connectée à un autre compte Avis Clients. Connectez-vous avec ce compte, ou désinstallez l’application depuis l’administration Shopify avant de la connecter ici.',
      access_denied: "L'installation a été annulée sur Shopify.",
    } satisfies Record<OAuthRedirectCode, string>,
    /** Codes whose text is ours (French); the others are the spec's English strings. */
    frenchCodes: ['store_already_connected', 'state_not_bound', 'shop_owned_by_another_account', 'access_denied'],
    fallback: 'An error occurred connecting to Shopify.',
  },
  loading: 'Chargement de votre boutique...',
  loadError: 'Impossible de charger votre boutique. Veuillez réessayer.',
  retry: 'Réessayer',
  shopify: {
    heading: 'Shopify',
    description: "Vos commandes Shopify déclenchent l'envoi des demandes d'avis.",
    connected: 'Connectée',
    domain: 'Domaine',
    shopName: 'Nom de la boutique',
    installedAt: 'Installée le',
    unknown: 'Non renseigné',
    subscription: 'Abonnement',
    subscriptionActive: 'Abonnement actif',
    subscriptionInactive: 'Aucun abonnement actif',
    goToShopify: 'Aller sur Shopify',
    newTab: '(nouvel onglet)',
    disconnect: 'Déconnecter',
  },
  inactive: {
    body: "Votre abonnement n'est pas actif : choisissez un plan pour envoyer vos demandes d'avis.",
    link: 'Choisir un plan',
  },
  empty: {
    heading: 'Aucune boutique connectée',
    body: "L'installation se fait depuis Shopify : installez l'application depuis l'App Store de Shopify et votre boutique sera connectée à votre compte.",
    connect: 'Connecter une boutique',
    connectNotice: "L'installation doit se faire depuis l'App Store de Shopify : recherchez l'application Avis Clients sur l'App Store de Shopify et cliquez sur « Installer ».",
    devNote: 'En développement, simulez une installation :',
    devLink: "Tester l'installation Shopify",
  },
  confirm: {
    title: 'Déconnecter la boutique ?',
    body: (shop: string) => `La boutique ${shop} ne sera plus reliée à votre compte : les demandes d'avis ne seront plus envoyées pour ses commandes.`,
    cancel: 'Annuler',
    confirm: 'Déconnecter',
    confirming: 'Déconnexion...',
  },
  disconnected: 'Boutique déconnectée',
  disconnectFailed: 'Échec de la déconnexion de la boutique',
  whatsapp: {
    heading: 'WhatsApp',
    badge: 'Bientôt disponible',
    description: "Envoyez vos demandes d'avis par WhatsApp.",
    toggle: 'Activer WhatsApp',
    toggleHelp: 'Le canal WhatsApp arrive bientôt : il ne peut pas encore être activé.',
  },
};
