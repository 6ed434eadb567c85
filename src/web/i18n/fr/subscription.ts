/**
 * /subscription and /app/subscription-plans (docs/product/screens.md, docs/product/statuses.md, docs/product/errors.md): choosing a plan, and why the
 * merchant is asked to (the store's subscription status).
 */
import type { BillingRedirectCode } from '#core/api/shopify';
import type { SubscriptionStatus } from '#core/domain';

export const subscription = {
  title: 'Choisissez votre plan',
  plansLabel: 'Plans disponibles',
  loading: 'Chargement des plans…',
  plansError: 'Impossible de charger les plans. Veuillez réessayer.',
  empty: 'Aucun plan n’est disponible pour le moment.',
  choose: (name: string) => `Choisir ${name}`,
  redirecting: 'Redirection vers Shopify…',
  footer: 'Le paiement est géré par Shopify et apparaît sur votre facture Shopify. Vous pouvez changer de plan à tout moment.',
  activated: 'Abonnement activé avec succès\u202f!',
  activatedNext: 'Redirection vers le tableau de bord…',
  noStore: 'Aucune boutique Shopify connectée',
  noStoreHint: 'Connectez votre boutique avant de choisir un plan.',
  noStoreLink: 'Aller aux intégrations',
  dashboardLink: 'Aller au tableau de bord',
  /** Why the merchant is here: the store's subscription status. */
  status: {
    inactive: 'Aucun abonnement actif\u202f: choisissez un plan pour commencer à envoyer des demandes d’avis.',
    pending:
      'Votre abonnement attend votre approbation sur Shopify\u202f: aucune demande d’avis ne part avant. Si vous avez refusé ou fermé la page de paiement de Shopify, choisissez à nouveau un plan ci-dessous.',
    declined: 'Vous avez refusé l’abonnement sur Shopify\u202f: aucune demande d’avis ne part. Choisissez un plan pour réessayer.',
    expired: 'La demande d’abonnement a expiré (Shopify l’annule après deux jours sans approbation). Choisissez un plan pour recommencer.',
    cancelled: 'Votre abonnement a été annulé\u202f: les envois sont arrêtés. Choisissez un plan pour les reprendre.',
    frozen:
      'Shopify a suspendu votre abonnement (boutique gelée ou facture impayée)\u202f: les envois sont arrêtés. Réglez la situation dans l’administration Shopify, ou choisissez un plan.',
    active: 'Votre abonnement est actif. Choisir un autre plan le remplace après votre approbation sur Shopify.',
  } satisfies Record<SubscriptionStatus, string>,
  /** The billing callback's refusals (?status=error&error=…). */
  errors: {
    no_store: 'Aucune boutique Shopify active trouvée. Connectez votre boutique, puis choisissez un plan.',
    subscription_not_approved: 'L’abonnement n’a pas été approuvé sur Shopify. Choisissez un plan pour réessayer.',
    subscription_start_failed: 'Shopify n’a pas pu créer l’abonnement. Réessayez dans un instant.',
    billing_sync_failed: 'Impossible de vérifier votre abonnement auprès de Shopify. Réessayez dans un instant.',
  } satisfies Record<BillingRedirectCode, string>,
  unknownError: 'Une erreur est survenue avec l’abonnement. Veuillez réessayer.',
};
