/** French messages of this area's error codes (and its other server-written sentences). */
import type { SHOPIFY_ERRORS } from '#core/api/shopify';
import type { MessagesOf } from './types';

/**
 * An installation link that cannot be used: the spec's English texts said in French with the same
 * meaning (decision 025); the install screens show them as they come.
 */
export const installationMessages = {
  not_found: 'Lien d’installation introuvable',
  used: 'Ce lien d’installation a déjà été utilisé. Veuillez recommencer l’installation.',
  expired: 'Ce lien d’installation a expiré. Veuillez recommencer l’installation depuis Shopify.',
} as const;
export type InstallationRefusal = keyof typeof installationMessages;

export const shopifyErrorMessages: MessagesOf<typeof SHOPIFY_ERRORS> = {
  installation_not_found: installationMessages.not_found,
  installation_used: installationMessages.used,
  installation_expired: installationMessages.expired,
  // Why the claim was refused (`reason`): the link is unknown, already used by someone else, or expired.
  installation_claim_refused: (v) => installationMessages[(v.reason as InstallationRefusal | undefined) ?? 'used'] ?? installationMessages.used,
  no_plan_selected: 'Aucun plan sélectionné. Veuillez choisir un plan.',
  plan_selection_failed: 'Impossible de sélectionner le plan. Veuillez réessayer.',
  store_already_connected: 'Une boutique Shopify est déjà connectée à votre compte. Déconnectez-la avant d’en connecter une autre.',
  invalid_hmac: 'La requête Shopify n’est pas valide (signature incorrecte). Veuillez réessayer.',
  invalid_state: 'La connexion à Shopify n’est pas valide. Veuillez réessayer.',
  expired_state: 'La connexion à Shopify a expiré. Veuillez réessayer.',
  state_already_used: 'Ce lien de connexion a déjà été utilisé.',
  state_not_bound: 'Ce lien de connexion a été ouvert dans un autre navigateur ou un autre compte que celui qui l’a demandé. Relancez la connexion depuis cette page.',
  access_denied: 'L’installation a été annulée sur Shopify.',
  token_exchange_failed: 'L’échange du jeton avec Shopify a échoué.',
  shop_fetch_failed: 'Les informations de la boutique n’ont pas pu être lues sur Shopify.',
  shop_owned_by_another_account:
    'Cette boutique Shopify est déjà connectée à un autre compte Avis Clients. Connectez-vous avec ce compte, ou désinstallez l’application depuis l’administration Shopify avant de la connecter ici.',
  subscription_not_approved: 'L’abonnement n’a pas été approuvé sur Shopify.',
  subscription_start_failed: 'Erreur lors du changement de plan',
  billing_sync_failed: 'Erreur lors de la synchronisation',
  shopify_token_invalid: 'Le jeton d’accès Shopify est invalide ou a expiré. Reconnectez votre boutique.',
  shopify_request_failed: (v) => `Shopify a refusé la requête (${v.reason ?? 'erreur'}).`,
  count_orders_failed: 'Erreur lors du comptage',
  export_not_found: 'Export introuvable.',
  export_expired: 'Cet export date de plus de 30 jours\u202f: il n’est plus disponible. Shopify vous transmettra une nouvelle demande si le client la renouvelle.',
  outbox_email_not_found: 'E-mail introuvable',
};

/** Why Shopify refused a webhook subscription, when the app can say it better than Shopify's English. */
export const webhookRefusalMessages = {
  protectedCustomerData: (topic: string) =>
    `${topic}\u202f: Shopify refuse cet abonnement tant que l’accès de l’application aux données clients protégées (nom, e-mail) n’a pas été approuvé dans le Partner Dashboard.`,
} as const;

/** The pages of the admin door (shopify/embedded-routes.ts, decision 053). */
export const embeddedPages = {
  refusedTitle: 'Ouverture refusée',
  refusedBody: 'Ce lien d’ouverture depuis Shopify n’est pas valable ou a expiré. Rouvrez l’application depuis l’administration Shopify.',
  bounceTitle: 'Avis Clients',
  accountExistsTitle: 'Un compte existe déjà',
  accountExistsBody: (email: string) =>
    `Un compte Avis Clients utilise déjà l’adresse ${email}, sans cette boutique. Connectez-vous à ce compte sur le site d’Avis Clients, puis connectez la boutique depuis la page Intégrations.`,
  conflictTitle: 'Boutique déjà liée',
  conflictBody:
    'Cette boutique est liée à un compte Avis Clients qui a une autre boutique connectée. Déconnectez cette autre boutique depuis le site d’Avis Clients, puis rouvrez l’application ici.',
  unavailableTitle: 'Shopify ne répond pas',
  unavailableBody: 'L’application n’a pas pu obtenir son accès à votre boutique auprès de Shopify. Réessayez dans quelques instants.',
} as const;
