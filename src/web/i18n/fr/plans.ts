/**
 * /app/plans, the quota banner (dashboard and send calendar) and the quota bar (docs/product/screens.md, docs/product/statuses.md,
 * docs/product/errors.md 'Plans/account' and docs/product/limits.md). Numbers arrive formatted (French thousands separator), except counts
 * agreed with their noun (src/core/french-format.ts).
 */
import { count } from '#core/french-format';

/** 'N emails restants' (the spec's own words), agreed with the count. */
const remainingEmails = (n: number) => count(n, 'email restant', 'emails restants');
/** Elsewhere the app writes « e-mail » (decision 045). */
const sentEmails = (n: number) => count(n, 'e-mail envoyé', 'e-mails envoyés');

/** What the store is on after a refused plan change. */
const keptClause = (kept: string | null) => (kept ? `votre boutique reste sur le plan ${kept}` : 'votre boutique n’a pas de plan actif');

export const plans = {
  title: 'Plans d’abonnement',
  subtitle: 'Votre plan, sa consommation ce mois-ci et les autres plans.',
  loading: 'Chargement des plans…',
  loadError: 'Erreur lors du chargement des plans',
  sessionExpired: 'Votre session a expiré. Veuillez vous reconnecter.',
  sessionExpiredLink: 'Se reconnecter',
  noStore: 'Aucune boutique Shopify trouvée. Veuillez d’abord connecter votre boutique.',
  noStoreNext: 'Redirection vers les intégrations…',

  usage: {
    heading: 'Votre plan',
    plan: (name: string) => `Plan ${name}`,
    barLabel: 'E-mails envoyés sur la période d’envoi',
    /** The quota's own period (plans-current period_start/end): 30 days that keep their dates across plan changes. */
    sendingPeriod: (start: string, end: string) => `Période d’envoi du ${start} au ${end}`,
    /** Shopify's billing cycle (currentPeriodEnd): restarts at a plan change. */
    billingPeriod: (date: string) => `Facturation Shopify\u202f: cycle en cours jusqu’au ${date}`,
    periodsHint:
      'Votre quota compte les e-mails de la période d’envoi, qui garde ses dates quand vous changez de plan. Shopify facture l’abonnement sur son propre cycle, qui recommence à chaque changement de plan.',
    daily: (sent: string, limit: string) => `Aujourd’hui\u202f: ${sent} / ${limit} e-mails (limite quotidienne)`,
  },

  list: {
    heading: 'Tous les plans',
    label: 'Plans disponibles',
    empty: 'Aucun plan n’est disponible pour le moment.',
  },
  current: 'Plan actuel',
  currentAction: 'Votre plan actuel',
  change: 'Changer de plan',
  /** Read after 'Changer de plan' by screen readers: each button names its plan. */
  changeFor: (name: string) => `pour ${name}`,
  redirecting: 'Redirection vers Shopify…',
  /** Under a plan whose quota this period's sends already exceed (a downgrade). */
  belowUsage: (sent: string) =>
    `Vous avez déjà envoyé ${sent} e-mails sur cette période d’envoi\u202f: avec ce plan, les demandes au-delà de son quota attendront la période d’envoi suivante.`,
  changeErrors: {
    missingUrl: 'URL de confirmation manquante',
    failed: 'Erreur lors du changement de plan',
  },
  sync: {
    label: 'Synchroniser',
    busy: 'Synchronisation…',
    hint: 'Votre plan ne semble pas à jour\u202f? Relisez votre abonnement sur Shopify.',
    success: 'Plan synchronisé avec succès',
    failed: 'Erreur lors de la synchronisation',
  },
  footer: 'Le paiement est géré par Shopify et apparaît sur votre facture Shopify. Un nouveau plan remplace l’actuel après votre approbation sur Shopify.',

  /** The account page's Abonnement tab: the plan and its usage. */
  account: {
    plan: 'Plan',
    sendingPeriod: 'Période d’envoi',
    sendingPeriodValue: (start: string, end: string) => `du ${start} au ${end}`,
    billingPeriod: 'Facturation Shopify',
    billingPeriodValue: (date: string) => `cycle en cours jusqu’au ${date}`,
    usage: 'E-mails envoyés sur la période d’envoi',
  },

  /** The quota bar (yellow from 80 %, red from 90 %) and the banner (from 80 %). */
  quota: {
    ofQuota: (used: string, quota: string) => `${used} / ${quota} e-mails`,
    unlimited: 'E-mails illimités',
    sent: sentEmails,
    percent: (percent: string) => `${percent} du quota utilisé`,
  },
  banner: {
    warningHeading: 'Quota bientôt atteint',
    criticalHeading: 'Quota presque atteint',
    /** From 100 % used: every request now waits. */
    reachedHeading: 'Quota atteint',
    used: (used: string, quota: string, percent: string) => `Vous avez utilisé ${used} e-mails sur ${quota} (${percent}) pour la période d’envoi en cours.`,
    remaining: remainingEmails,
    /** Issue 16: a request over the quota waits, it is never dropped. */
    waiting: (date: string) => `Au-delà du quota, vos demandes d’avis attendent la prochaine période d’envoi, le ${date}, ou un plan supérieur\u202f: aucune n’est perdue.`,
    unlimitedHeading: 'Plan Entreprise – e-mails illimités',
    sentThisMonth: (n: number) => `${sentEmails(n)} ce mois-ci`,
    changePlan: 'Changer de plan',
  },

  /**
   * A plan change Shopify refused (the merchant declined the payment) or let expire, told once when
   * the merchant next opens the app (dashboard and plans page). Plan names as Shopify bills them.
   */
  billingNotice: {
    heading: { declined: 'Changement de plan refusé', expired: 'Changement de plan expiré' },
    declined: (requested: string, kept: string | null) => `Le changement de plan vers ${requested} a été refusé sur Shopify\u202f: ${keptClause(kept)}.`,
    expired: (requested: string, kept: string | null) =>
      `Le changement de plan vers ${requested} n’a pas été approuvé à temps sur Shopify (la demande a expiré)\u202f: ${keptClause(kept)}.`,
    next: (kept: string | null) =>
      kept
        ? 'Pour changer de plan, choisissez-le à nouveau et approuvez le paiement sur Shopify.'
        : 'Choisissez un plan et approuvez le paiement sur Shopify pour envoyer vos demandes d’avis.',
    link: 'Voir les plans',
    dismiss: 'Masquer ce message',
  },
};
