/** The compliance exports' column names and values (GET /api/audit/export). */
import { count } from '#core/french-format';
import { languageName } from '#core/language-names';

export const auditExportMessages = {
  changesHeader: ['Date (UTC)', 'Qui', 'Modification', 'Avant', 'Après'],
  shownHeader: ['Date (UTC)', 'Demande', 'Commande', 'Note', 'Même parcours', 'Action', 'Lien public proposé', 'Redirigé', 'Formulaire privé', 'Langue de la demande'],
  /** « allemand autrichien · de-AT »: the language the reviewer was asked in, named in French, and its code. */
  language: (locale: string) => `${languageName(locale)} · ${locale}`,
  yes: 'Oui',
  no: 'Non',
  none: '(aucune)',
  samePath: 'Même parcours pour toutes les notes',
  /** The storefront setting of decision 044, as /app/storefront names it. */
  unverifiedOnStorefront: 'Afficher sur la boutique les avis sans achat vérifié',
  on: 'Activé',
  off: 'Désactivé',
  ratingAction: (rating: number) => `Action de la note ${count(rating, 'étoile', 'étoiles')}`,
  actions: {
    redirect: 'Rediriger vers une plateforme d’avis',
    collect_feedback: 'Recueillir un avis privé',
    notify_email: 'Notifier par e-mail',
    none: 'Aucune action',
  } as Record<string, string>,
  url: 'URL',
  alert: 'alerte',
  message: 'message',
  /** `audit-modifications-2026-11-24.csv`, `audit-parcours-clients-2026-11-24.json`. */
  fileName: (content: 'changes' | 'shown', extension: string, day: string) => `audit-${content === 'changes' ? 'modifications' : 'parcours-clients'}-${day}.${extension}`,
};
