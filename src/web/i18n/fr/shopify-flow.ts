/**
 * Shared by the install screens (/shopify/entry, install, plan-selection, onboarding):
 * docs/product/screens.md and docs/product/errors.md ('Onboarding/session', 'Install screen codes').
 */
import type { BillingRedirectCode } from '#core/api/shopify';

export const shopifyFlow = {
  errorTitle: 'Erreur d’installation',
  close: 'Fermer',
  closeBlocked: 'Votre navigateur n’a pas fermé la fenêtre. Vous pouvez la fermer vous-même ou revenir à l’accueil.',
  backHome: 'Retour à l’accueil',
  missingParams: 'Paramètres d’installation manquants. Veuillez réinstaller l’application depuis Shopify.',
  genericError: 'Une erreur s’est produite. Veuillez réessayer.',
  claimFailed: 'Impossible de terminer l’installation. Veuillez réessayer.',
  noPlan: 'Aucun plan sélectionné. Veuillez choisir un plan.',
  choosePlan: 'Choisir un plan',
  checking: 'Vérification en cours...',
  redirecting: 'Redirection vers Shopify...',
  /** Shopify's billing return refused: /subscription?status=error&error=<code> (for its screen). */
  billingErrors: {
    no_store: 'Aucune boutique Shopify trouvée. Veuillez d’abord connecter votre boutique.',
    subscription_not_approved: 'L’abonnement n’a pas été approuvé sur Shopify.',
    subscription_start_failed: 'Erreur lors du changement de plan',
    billing_sync_failed: 'Erreur lors de la synchronisation',
  } satisfies Record<BillingRedirectCode, string>,
};
