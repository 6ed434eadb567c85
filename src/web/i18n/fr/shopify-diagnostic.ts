/** /app/shopify-diagnostic (docs/product/screens.md, docs/product/statuses.md 'Diagnostic steps', docs/product/errors.md 'Diagnostic', docs/product/limits.md 'Required webhook topics'). */

import { formatNumber as num, plural } from '#core/french-format';

const topicList = (topics: readonly string[]) => topics.join(', ');
const COUNT_WORDS = ['Aucune', 'Une', 'Deux', 'Trois', 'Quatre', 'Cinq', 'Six', 'Sept', 'Huit', 'Neuf', 'Dix'];
/** A small count in words at the start of a sentence (« Huit vérifications »), digits beyond ten. */
const capitalisedCount = (n: number) => COUNT_WORDS[n] ?? num(n);

export const shopifyDiagnostic = {
  title: 'Diagnostic Shopify',
  subtitle: 'Vérifiez pas à pas la connexion de votre boutique.',
  /** The number of checks is the list's own (the screen passes it): never a figure written by hand. */
  intro: (count: number) =>
    `${capitalisedCount(count)} ${plural(count, 'vérification', 'vérifications')}, du jeton d’accès jusqu’à la réception des commandes. Chaque problème trouvé est accompagné d’une solution.`,
  shop: 'Boutique',
  run: 'Lancer le diagnostic',
  running: 'Diagnostic en cours…',
  lastRun: 'Dernier diagnostic\u202f:',
  listLabel: 'Étapes du diagnostic',
  stepNumber: (n: number) => `Étape ${n}`,
  stateLabel: 'État\u202f:',
  states: {
    pending: 'En attente',
    running: 'En cours',
    success: 'Réussi',
    warning: 'Avertissement',
    error: 'Erreur',
  },
  fixHeading: 'Solution suggérée',
  /** The aria-live summary. */
  live: {
    running: 'Diagnostic en cours…',
    noStore: 'Diagnostic terminé\u202f: aucune boutique Shopify connectée.',
    allGood: 'Diagnostic terminé\u202f: les 8 étapes sont réussies.',
    done: ({ success, warning, error }: { success: number; warning: number; error: number }) => {
      const parts = [
        success ? `${success} ${plural(success, 'étape réussie', 'étapes réussies')}` : null,
        warning ? `${warning} ${plural(warning, 'avertissement', 'avertissements')}` : null,
        error ? `${error} ${plural(error, 'erreur', 'erreurs')}` : null,
      ].filter(Boolean);
      return `Diagnostic terminé\u202f: ${parts.join(', ')}.`;
    },
  },
  loadError: 'Le diagnostic n’a pas pu être effectué.',
  retry: 'Réessayer',
  empty: {
    heading: 'Aucune boutique Shopify connectée',
    body: 'Connectez votre boutique Shopify pour pouvoir vérifier sa connexion.',
    link: 'Connecter ma boutique',
  },
  /** A platform check that could not run because Shopify refused the token (step 1). */
  blocked: {
    summary: 'Vérification impossible\u202f: Shopify refuse le jeton d’accès de la boutique.',
    fix: 'Reconnectez d’abord votre boutique (étape 1), puis relancez le diagnostic.',
  },
  reconnectLink: 'Reconnecter la boutique',
  steps: {
    token: {
      title: 'Jeton d’accès',
      success: 'Shopify accepte le jeton d’accès de votre boutique.',
      rejected: (status: number) => `Shopify refuse le jeton d’accès (erreur ${status})\u202f: il est invalide ou a expiré.`,
      unknown: 'Le jeton d’accès n’a pas pu être vérifié auprès de Shopify.',
      fix: 'Reconnectez votre boutique depuis la page Intégrations pour obtenir un nouveau jeton d’accès.',
      missingScopes: (scopes: readonly string[]) =>
        `Shopify accepte le jeton d’accès, mais sans ${scopes.length > 1 ? 'les autorisations' : 'l’autorisation'} ${scopes.join(', ')}, que l’application demande désormais (${scopes.includes('write_app_proxy') ? 'le bouton «\u202fVoir plus\u202f» et la page «\u202fComment nous recueillons les avis\u202f» de votre boutique en ont besoin' : 'elle en a besoin'}).`,
      scopesFix: 'Reconnectez votre boutique depuis la page Intégrations\u202f: Shopify vous demandera d’accorder les autorisations manquantes.',
    },
    orders: {
      title: 'Commandes',
      success: (n: number) => `${num(n)} ${plural(n, 'commande trouvée', 'commandes trouvées')} sur votre boutique.`,
      found: 'Des commandes ont été trouvées sur votre boutique.',
      none: 'Aucune commande trouvée sur votre boutique Shopify.',
      noneFix: 'Les demandes d’avis partent après la première commande payée. Vous pouvez aussi importer l’historique de vos commandes depuis le calendrier d’envoi.',
      noneFixLink: 'Importer l’historique depuis le calendrier',
      error: 'Les commandes n’ont pas pu être lues sur Shopify.',
      errorFix: 'Relancez le diagnostic dans quelques instants.',
    },
    webhooksDatabase: {
      title: 'Webhooks enregistrés (base de données)',
      success: 'Les webhooks requis sont enregistrés.',
      registered: 'Enregistrés\u202f:',
      missing: 'Webhooks manquants\u202f:',
      error: 'Les webhooks requis ne sont pas enregistrés dans l’application.',
      fix: 'Enregistrez les webhooks pour recevoir les commandes payées et expédiées.',
    },
    webhooksPlatform: {
      title: 'Webhooks sur Shopify',
      success: 'Shopify envoie les webhooks requis à l’adresse de l’application.',
      registered: 'Présents sur Shopify\u202f:',
      missing: 'Absents sur Shopify\u202f:',
      wrongAddress: 'Envoyés à une mauvaise adresse\u202f:',
      expectedAddress: 'Adresse attendue\u202f:',
      misconfigured: 'Les webhooks requis ne sont pas correctement configurés sur Shopify.',
      error: 'La liste des webhooks n’a pas pu être lue sur Shopify.',
      missingFix: 'Enregistrez les webhooks manquants sur Shopify.',
      wrongAddressFix: 'Corrigez l’adresse des webhooks pour qu’elle pointe vers l’application.',
      errorFix: 'Relancez le diagnostic dans quelques instants.',
    },
    flow: {
      title: 'Flux actif',
      success: (active: number, total: number) => `${num(active)} ${plural(active, 'flux actif', 'flux actifs')} sur ${num(total)} ${plural(total, 'configuré', 'configurés')}.`,
      none: 'Aucune configuration de flux.',
      inactive: (total: number) => `Aucun flux actif (${num(total)} ${plural(total, 'flux configuré', 'flux configurés')}).`,
      fix: 'Créez ou activez un flux pour programmer l’envoi des demandes d’avis après chaque commande.',
      fixLink: 'Configurer un flux',
    },
    events: {
      title: 'Événements récents',
      success: (n: number) => `${num(n)} ${plural(n, 'événement récent reçu', 'événements récents reçus')}.`,
      none: 'Aucun événement webhook reçu récemment.',
      issues: 'Certains événements récents n’ont pas été traités.',
      listLabel: 'Derniers événements reçus',
      processed: 'Traité',
      unprocessed: 'En attente de traitement',
      failed: (error: string) => `Erreur\u202f: ${error}`,
      testOrder: 'Commande de test ignorée (elle ne demande jamais d’avis)',
      fix: 'Vérifiez que les webhooks sont enregistrés (étapes 3 et 4), puis passez une commande sur votre boutique (les commandes de test sont ignorées).',
    },
    orderEvents: {
      title: 'Événements de commande',
      success: (n: number) => `${num(n)} ${plural(n, 'événement de commande reçu', 'événements de commande reçus')}.`,
      none: 'Aucun événement de commande reçu.',
      fix: (topics: readonly string[]) =>
        `Shopify envoie un événement quand une commande est payée ou expédiée (${topicList(topics)}). Vérifiez les webhooks (étapes 3 et 4), puis passez une commande (les commandes de test sont ignorées).`,
    },
    customerData: {
      title: 'Données clients protégées',
      approved: 'Shopify transmet le nom et l’e-mail de vos clients à l’application.',
      withheld: (fields: readonly string[]) =>
        fields.length > 0
          ? `Shopify n’a pas approuvé l’accès de l’application aux données clients protégées\u202f: ${fields.join(' et ')} ${fields.length > 1 ? 'sont retenus' : 'est retenu'}.`
          : 'Shopify n’a pas approuvé l’accès de l’application aux données clients protégées.',
      fields: { email: 'l’e-mail', name: 'le nom' } as Record<string, string>,
      consequences: 'Sans cette approbation, Shopify masque l’e-mail et le nom de vos clients, refuse les webhooks de commande, et aucune demande d’avis ne peut partir.',
      fix: 'L’éditeur de l’application doit demander l’accès aux données clients protégées (nom et e-mail) dans le Partner Dashboard de Shopify. Une fois l’accès approuvé, relancez le diagnostic.',
      docLink: 'Données clients protégées (Shopify)',
      unknown: 'Impossible de vérifier l’accès aux données clients sans commande à lire.',
      unknownFix: 'Relancez le diagnostic après la première commande de votre boutique.',
    },
    unavailable: 'Le résultat de cette vérification n’est pas disponible.',
  },
  actions: {
    register: 'Enregistrer les webhooks',
    registering: 'Enregistrement…',
    registered: 'Webhooks enregistrés',
    registerFailed: 'Les webhooks n’ont pas pu être enregistrés.',
    fixUrls: 'Corriger les URL',
    fixingUrls: 'Correction…',
    urlsFixed: 'URL corrigées',
    fixUrlsFailed: 'Les URL des webhooks n’ont pas pu être corrigées.',
  },
};
