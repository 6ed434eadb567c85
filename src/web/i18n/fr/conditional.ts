/**
 * /app/conditional, the actions run after each rating (docs/product/screens.md, docs/product/entities.md 'rating_actions', docs/product/statuses.md 'Public
 * review flow', docs/product/validation.md 'Rating actions', docs/product/errors.md success notice, docs/product/limits.md default actions and rating colours) and the
 * review-gating stance of docs/product/stances.md ("same path for every rating").
 */
import { count } from '#core/french-format';
import type { ActionType } from '#core/domain';

export const conditional = {
  title: 'Actions conditionnelles',
  subtitle: 'Choisissez ce qui se passe après chaque note laissée par vos clients.',
  loading: 'Chargement de vos actions conditionnelles…',
  loadError: 'Impossible de charger vos actions conditionnelles.',
  noStore: {
    heading: 'Aucune boutique Shopify active trouvée',
    body: 'Connectez votre boutique Shopify pour choisir les actions déclenchées par chaque note.',
    link: 'Aller aux intégrations',
  },
  defaults: {
    heading: 'Configuration suggérée, pas encore enregistrée',
    body: 'Les actions ci-dessous sont des suggestions par défaut. Vérifiez-les, indiquez l’adresse de votre page d’avis publique, puis cliquez sur «\u202fEnregistrer\u202f» pour les appliquer.',
  },
  formLabel: 'Actions par note',
  samePath: {
    heading: 'Parcours après l’avis',
    label: 'Même parcours pour toutes les notes',
    recommended: 'Recommandé',
    hint: 'Activé\u202f: après avoir envoyé son avis, chaque client, quelle que soit sa note, se voit proposer le lien vers votre page d’avis publique (l’URL de la meilleure note réglée sur «\u202fRediriger vers une plateforme d’avis\u202f»). Les actions par note ci-dessous ajoutent seulement des étapes (avis privé, alerte par e-mail). Désactivé\u202f: chaque note suit uniquement l’action choisie.',
  },
  noPublicLink:
    'Aucune note n’est réglée sur «\u202fRediriger vers une plateforme d’avis\u202f»\u202f: aucun lien vers votre page d’avis publique ne sera proposé. Choisissez cette action pour au moins une note et indiquez l’URL de votre page d’avis.',
  gating: {
    heading: 'Seules certaines notes mènent à votre page d’avis publique',
    body: 'Inviter uniquement les clients satisfaits à publier un avis public s’appelle le «\u202freview gating\u202f». Les règles de Google et de Trustpilot l’interdisent, tout comme la FTC américaine. Trustpilot peut afficher une alerte publique sur votre page et la FTC prévoit des amendes pouvant atteindre 51\u00a0744\u00a0$\u00a0US par infraction.',
    remedy: 'Avec le même parcours pour toutes les notes, vos actions par note restent actives (avis privé, alerte par e-mail) et chaque client peut publier son avis.',
    enable: 'Activer le même parcours pour toutes les notes',
  },
  ratings: {
    label: 'Actions par note',
    /** "5 étoiles", "1 étoile": the card title and the text equivalent of its stars. */
    stars: (rating: number) => count(rating, 'étoile', 'étoiles'),
  },
  fields: {
    action: 'Action',
    redirectUrl: 'URL de votre page d’avis',
    redirectUrlPlaceholder: 'https://g.page/r/votre-fiche/review',
    redirectUrlHint: 'Par exemple votre fiche Google ou votre page Trustpilot (adresse en http ou https).',
    notificationEmail: 'E-mail de notification',
    notificationEmailPlaceholder: 'vous@exemple.fr',
    notificationEmailHint: {
      required: 'Cette adresse reçoit une alerte à chaque avis avec cette note.',
      optional: 'Facultatif\u202f: recevez une alerte à chaque avis avec cette note.',
    },
    feedbackMessage: 'Message affiché au client',
    feedbackMessageHint: 'Affiché au-dessus de la zone de commentaire sur la page d’avis.',
  },
  actionTypes: {
    redirect: 'Rediriger vers une plateforme d’avis',
    collect_feedback: 'Recueillir un avis privé',
    notify_email: 'Notifier par e-mail',
    none: 'Aucune action',
  } satisfies Record<ActionType, string>,
  /** What each action does, shown under the selector. */
  actionHints: {
    redirect: 'Après son avis, le client est invité à le publier sur votre page d’avis publique.',
    collect_feedback: 'Le client peut vous laisser un commentaire privé, visible par vous seul.',
    notify_email: 'Vous recevez un e-mail à chaque avis avec cette note.',
    none: 'Aucune étape supplémentaire après l’avis.',
  } satisfies Record<ActionType, string>,
  validation: {
    redirectUrlRequired: 'L’URL de redirection est requise',
    redirectUrlInvalid: 'L’URL de redirection doit être une adresse http(s) valide',
    notificationEmailRequired: 'Une adresse e-mail de notification valide est requise',
    notificationEmailInvalid: 'L’adresse e-mail de notification n’est pas valide',
    redirectUrlTooLong: 'L’URL de redirection ne peut pas dépasser 2\u00a0000 caractères',
    feedbackMessageTooLong: 'Le message ne peut pas dépasser 1\u00a0000 caractères',
  },
  saved: 'Configuration enregistrée avec succès\u202f!',
  /** The compliance evidence panel (issue 18): what is recorded, the exports, the latest changes. */
  compliance: {
    heading: 'Preuves de conformité',
    intro:
      'En cas de contrôle ou de question de Google, de Trustpilot ou d’une autorité, vous pouvez montrer comment vos avis ont été recueillis. Nous enregistrons automatiquement\u202f:',
    recorded: [
      'chaque modification de vos actions par note et du réglage «\u202fMême parcours pour toutes les notes\u202f»\u202f: qui l’a faite, quand, la valeur avant et après\u202f;',
      'pour chaque avis reçu, ce que le client a vu\u202f: le lien vers votre page d’avis publique proposé ou non, une redirection ou non, le formulaire d’avis privé ou non.',
    ],
    exportsLabel: 'Exports des preuves',
    exportChangesCsv: 'Exporter l’historique (CSV)',
    exportChangesJson: 'Exporter l’historique (JSON)',
    exportShownCsv: 'Exporter ce que les clients ont vu (CSV)',
    exportShownJson: 'Exporter ce que les clients ont vu (JSON)',
    exportHint: 'CSV pour un tableur (séparateur «\u202f;\u202f», dates en UTC)\u202f; JSON pour un traitement automatique.',
    latestHeading: 'Dernières modifications',
    loading: 'Chargement des dernières modifications…',
    loadError: 'Impossible de charger les dernières modifications.',
    empty: 'Aucune modification enregistrée pour l’instant. La première apparaîtra ici dès que vous enregistrerez vos actions.',
    unknownActor: 'Compte inconnu',
    samePathOn: 'A activé «\u202fMême parcours pour toutes les notes\u202f»',
    samePathOff: 'A désactivé «\u202fMême parcours pour toutes les notes\u202f»',
    ratings: (ratings: number[]) =>
      ratings.length === 1 ? `A modifié l’action de la note ${ratings[0]}` : `A modifié les actions des notes ${ratings.slice(0, -1).join(', ')} et ${ratings.at(-1)}`,
  },
};
