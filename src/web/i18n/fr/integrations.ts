/** /app/integrations (docs/product/screens.md, docs/product/statuses.md 'Shop', docs/product/errors.md 'Integrations query errors', 'Second store', 'Connect button', 'Disconnect failure'). */
import type { OAuthRedirectCode } from '#core/api/shopify';

export const integrations = {
  title: 'Intégrations',
  subtitle: 'Connectez votre boutique et vos canaux.',
  query: {
    /** The spec's English messages, said in French with the same meaning (decision 025). */
    success: (shop: string) => `Boutique Shopify ${shop} connectée avec succès\u202f!`,
    errors: {
      invalid_state: 'État d’authentification invalide. Veuillez réessayer.',
      expired_state: 'La session d’authentification a expiré. Veuillez réessayer.',
      state_already_used: 'Ce lien d’authentification a déjà été utilisé.',
      invalid_hmac: 'Signature de sécurité invalide. Veuillez réessayer.',
      token_exchange_failed: 'L’échange du jeton avec Shopify a échoué.',
      shop_fetch_failed: 'Les informations de la boutique n’ont pas pu être lues sur Shopify.',
      store_already_connected: 'Une boutique Shopify est déjà connectée à votre compte. Déconnectez-la avant d’en connecter une autre.',
      state_not_bound: 'Ce lien de connexion a été ouvert dans un autre navigateur ou un autre compte que celui qui l’a demandé. Relancez la connexion depuis cette page.',
      shop_owned_by_another_account:
        'Cette boutique Shopify est déjà connectée à un autre compte Avis Clients. Connectez-vous avec ce compte, ou désinstallez l’application depuis l’administration Shopify avant de la connecter ici.',
      access_denied: 'L’installation a été annulée sur Shopify.',
    } satisfies Record<OAuthRedirectCode, string>,
    /** For a `message` that is not one of the codes above: the link's own text is never shown. */
    fallback: 'Une erreur est survenue lors de la connexion à Shopify.',
  },
  loading: 'Chargement de votre boutique...',
  loadError: 'Impossible de charger votre boutique. Veuillez réessayer.',
  retry: 'Réessayer',
  shopify: {
    heading: 'Shopify',
    description: 'Vos commandes Shopify déclenchent l’envoi des demandes d’avis.',
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
    body: 'Votre abonnement n’est pas actif\u202f: choisissez un plan pour envoyer vos demandes d’avis.',
    link: 'Choisir un plan',
  },
  empty: {
    heading: 'Aucune boutique connectée',
    body: 'L’installation se fait depuis Shopify\u202f: installez l’application depuis l’App Store de Shopify et votre boutique sera connectée à votre compte.',
    connect: 'Connecter une boutique',
    connectNotice:
      'L’installation doit se faire depuis l’App Store de Shopify\u202f: recherchez l’application Avis Clients sur l’App Store de Shopify et cliquez sur «\u202fInstaller\u202f».',
    devNote: 'En développement, simulez une installation\u202f:',
    devLink: 'Tester l’installation Shopify',
  },
  confirm: {
    title: 'Déconnecter la boutique\u202f?',
    body: (shop: string) => `La boutique ${shop} ne sera plus reliée à votre compte\u202f: les demandes d’avis ne seront plus envoyées pour ses commandes.`,
    separate:
      'Votre abonnement et l’installation de l’application sur Shopify sont indépendants de ce lien\u202f: les déconnecter ici ne les arrête pas. Choisissez ce qu’ils deviennent.',
    legend: 'Sur Shopify',
    choices: {
      remove: {
        label: 'Résilier l’abonnement et désinstaller l’application de Shopify',
        hint: 'Recommandé\u202f: Shopify cesse de vous facturer l’application. Vous pourrez la réinstaller plus tard depuis Shopify.',
      },
      keep: {
        label: 'Garder l’abonnement et l’application sur Shopify',
        hint: 'Shopify continue de vous facturer l’abonnement tant que l’application reste installée.',
      },
    },
    required: 'Choisissez ce que deviennent l’abonnement et l’application sur Shopify.',
    cancel: 'Annuler',
    confirm: 'Déconnecter',
    confirming: 'Déconnexion...',
  },
  /** What disconnecting did, here and on Shopify: stays on the page once the store is gone. */
  outcome: {
    heading: 'Boutique déconnectée',
    here: (shop: string) => `La boutique ${shop} n’est plus reliée à votre compte\u202f: aucune demande d’avis ne sera envoyée pour ses commandes.`,
    subscriptionCancelled: 'L’abonnement Shopify est résilié\u202f: Shopify ne vous facture plus l’application.',
    subscriptionNotCancelled: 'L’abonnement Shopify n’a pas pu être résilié.',
    appUninstalled: 'L’application est désinstallée de votre boutique Shopify.',
    appNotUninstalled: 'L’application n’a pas pu être désinstallée de votre boutique Shopify.',
    kept: 'L’abonnement et l’application restent sur Shopify\u202f: Shopify continue de vous facturer l’abonnement tant que l’application reste installée.',
    /** Why a step on Shopify failed (the steps above say which). */
    failures: {
      token_invalid: 'Shopify n’accepte plus l’accès de l’application à votre boutique\u202f: ces étapes ne peuvent pas être faites d’ici.',
      shopify_failed: 'Shopify n’a pas pu terminer ces étapes. L’application est bien déconnectée ici.',
    },
    /** After a failure: what the merchant does in Shopify's admin. */
    stepsInShopify: 'Dans l’administration Shopify, désinstallez l’application (Shopify résilie alors l’abonnement et cesse de vous le facturer)\u202f:',
    /** After 'keep': how to stop billing later. */
    keptStepsInShopify: 'Pour arrêter la facturation plus tard, désinstallez l’application dans l’administration Shopify\u202f:',
    pathLabel: 'Chemin dans l’administration Shopify',
    path: ['Paramètres', 'Applications et canaux de vente', 'Avis Clients', 'Désinstaller'],
    openAdmin: 'Ouvrir l’administration Shopify',
  },
  /**
   * The store the account last had, while none is connected (decision 045): what Shopify still does,
   * how to reconnect or to stop the billing, and the reviews kept readable.
   */
  away: {
    badge: { disconnected: 'Déconnectée', uninstalled: 'Désinstallée' },
    heading: 'Votre boutique n’est plus connectée',
    since: { disconnected: 'Déconnectée le', uninstalled: 'Application désinstallée le' },
    billed: (plan: string | null) =>
      plan
        ? `L’application est toujours installée sur votre boutique Shopify\u202f: Shopify continue de vous facturer le plan ${plan} tant qu’elle y reste installée.`
        : 'L’application est toujours installée sur votre boutique Shopify\u202f: Shopify continue de vous facturer l’abonnement tant qu’elle y reste installée.',
    billedUntil: 'Période de facturation Shopify en cours jusqu’au',
    installedNotBilled: 'L’application est toujours installée sur votre boutique Shopify, sans abonnement actif\u202f: Shopify ne vous facture rien.',
    uninstalled: 'L’application a été désinstallée de votre boutique Shopify\u202f: Shopify ne vous la facture plus. Aucune demande d’avis n’est envoyée.',
    reconnectHint: 'Reconnectez la boutique pour reprendre l’envoi des demandes d’avis\u202f: Shopify vous demandera d’approuver l’accès de l’application.',
    reconnect: 'Reconnecter la boutique',
    reconnecting: 'Redirection vers Shopify...',
    reconnectFailed: 'La reconnexion n’a pas pu commencer. Veuillez réessayer.',
    reviews: 'Vos avis restent consultables et exportables.',
    reviewsLink: 'Voir les avis',
  },
  disconnectFailed: 'Échec de la déconnexion de la boutique',
  whatsapp: {
    heading: 'WhatsApp',
    badge: 'Bientôt disponible',
    description: 'Envoyez vos demandes d’avis par WhatsApp.',
    toggle: 'Activer WhatsApp',
    toggleHelp: 'Le canal WhatsApp arrive bientôt\u202f: il ne peut pas encore être activé.',
  },
};
