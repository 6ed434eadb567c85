/** French messages of this area's error codes. */
import type { PLAN_ERRORS } from '#core/api/plans';
import { count, formatNumber } from '#core/french-format';
import type { MessagesOf } from './types';

export const planErrorMessages: MessagesOf<typeof PLAN_ERRORS> = {
  plan_not_found: 'Ce plan n’existe pas ou n’est plus proposé',
  plan_change_failed: 'Shopify n’a pas pu créer l’abonnement. Réessayez dans un instant.',
  plan_not_paid: 'Ce plan ne correspond à aucun abonnement Shopify actif de votre boutique. Choisissez-le depuis «\u202fChanger de plan\u202f» pour l’activer.',
  plan_sync_failed: 'Erreur lors de la synchronisation',
};

/** The other sentences of plans: answers of the plan functions. */
export const planMessages = {
  /** plans-set's answer (docs/product/calls.md). */
  setSuccess: 'Plan mis à jour avec succès\u202f!',
  /** plans-current's plan name for a store without any plan yet. */
  noPlanName: 'Aucun plan',
} as const;

/**
 * The merchant's quota e-mails, at 80 % and at 100 % of the plan's quota (once per billing period
 * each). What comes next is said plainly: requests over the quota are never lost, they wait.
 */
export const quotaAlertMessages = {
  subject: (percent: 80 | 100) => (percent === 100 ? 'Quota d’e-mails atteint\u202f: vos demandes d’avis attendent' : 'Vous avez utilisé 80 % de votre quota d’e-mails'),
  greeting: 'Bonjour,',
  usage: (percent: 80 | 100, v: { store: string; plan: string; used: number; quota: number }) =>
    percent === 100
      ? `Votre boutique ${v.store} a envoyé les ${count(v.quota, 'e-mail', 'e-mails')} que comprend son plan ${v.plan} pour la période d’envoi en cours.`
      : `Votre boutique ${v.store} a envoyé ${count(v.used, 'e-mail', 'e-mails')} sur les ${formatNumber(v.quota)} que comprend son plan ${v.plan} pour la période d’envoi en cours. Il en reste ${formatNumber(Math.max(0, v.quota - v.used))}.`,
  next: (percent: 80 | 100, renewal: string) =>
    percent === 100
      ? `Aucune demande d’avis n’est perdue\u202f: les suivantes restent programmées et partiront d’elles-mêmes au début de la prochaine période d’envoi, le ${renewal}, ou dès que vous passerez à un plan supérieur. Le calendrier d’envoi vous montre celles qui attendent.`
      : `Si le quota est atteint, aucune demande d’avis ne sera perdue\u202f: les suivantes attendront et partiront d’elles-mêmes au début de la prochaine période d’envoi, le ${renewal}, ou dès que vous passerez à un plan supérieur.`,
  plan: 'Plan',
  sent: 'E-mails envoyés',
  sentValue: (used: number, quota: number) => `${formatNumber(used)} / ${formatNumber(quota)}`,
  period: 'Période d’envoi en cours',
  periodValue: (start: string, end: string) => `du ${start} au ${end}`,
  button: 'Changer de plan',
  footer: 'Vous recevez cet e-mail à l’adresse de notification de votre boutique (Paramètres). Il n’est envoyé qu’une fois par période de facturation.',
} as const;
