/**
 * /app/settings, the store's notification and sending settings (docs/product/screens.md, docs/product/entities.md
 * 'store_email_config', docs/product/validation.md 'Daily send limit', docs/product/errors.md notice, docs/product/limits.md default limit) and why unsubscribe cannot
 * be switched off (docs/product/stances.md).
 */
export const settings = {
  title: 'Paramètres',
  subtitle: 'Notifications, réglages d’envoi et délivrabilité.',
  loading: 'Chargement de vos paramètres…',
  loadError: 'Impossible de charger vos paramètres.',
  noStore: {
    heading: 'Aucune boutique Shopify connectée',
    body: 'Connectez votre boutique Shopify pour régler vos notifications et vos envois.',
    link: 'Aller aux intégrations',
  },
  defaults: {
    heading: 'Paramètres par défaut, pas encore enregistrés',
    body: 'Les alertes partent vers l’adresse de votre compte et 1\u00a0000 e-mails au plus sont envoyés par jour. Cliquez sur «\u202fEnregistrer\u202f» pour garder ces réglages ou les modifier.',
  },
  formLabel: 'Paramètres de la boutique',
  notifications: {
    heading: 'Notifications',
    email: 'E-mail de notification',
    emailPlaceholder: 'vous@exemple.fr',
    emailHint:
      'Les alertes destinées au marchand (un nouvel avis selon vos actions conditionnelles) arrivent à cette adresse, sauf si une action par note indique une autre adresse.',
  },
  sending: {
    heading: 'Envoi',
    dailyLimit: 'Limite d’envoi quotidienne',
    dailyLimitHint:
      'Nombre maximal d’e-mails de demande d’avis envoyés par jour, entre 1 et 10\u00a0000 (1\u00a0000 par défaut). Au-delà, les demandes suivantes partent le lendemain.',
    customerWindow: 'Une seule demande par client sur (jours)',
    customerWindowHint:
      'Un client qui commande plusieurs fois pendant cette période reçoit une seule demande d’avis, pour sa dernière commande (30 jours par défaut). Mettez 0 pour demander un avis à chaque commande.',
    unsubscribe: 'Lien de désinscription dans chaque e-mail',
    alwaysOn: 'Toujours activé',
    unsubscribeReason:
      'Il ne peut pas être désactivé\u202f: la loi (RGPD et directive ePrivacy) impose de pouvoir refuser ces e-mails, et depuis 2024 Gmail et Yahoo exigent un lien visible et la désinscription en un clic dans chaque e-mail. Une adresse désinscrite ne reçoit plus de demandes d’avis de votre boutique.',
  },
  saved: 'Paramètres enregistrés avec succès',
  /** Your customers' languages (decision 056): who is asked in which language. */
  languages: {
    heading: 'Langues de vos clients',
    intro:
      'Chaque client est sollicité dans la langue de sa commande, si vous la proposez\u202f: e-mail, relance, page d’avis et désinscription. Sinon, dans votre langue par défaut. Votre interface reste en français.',
    formLabel: 'Langues de vos clients',
    defaultLanguage: 'Langue par défaut',
    defaultHint: 'Celle des clients dont la langue n’est pas proposée, et la première que montrent vos modèles d’e-mail et vos pages.',
    served: 'Langues proposées',
    servedHint: 'La langue par défaut est toujours proposée. Chaque langue reçoit vos textes écrits dans cette langue, sinon les nôtres, avec votre logo et vos couleurs.',
    loading: 'Chargement des langues…',
    loadError: 'Impossible de charger les langues de vos clients.',
    saved: 'Langues enregistrées avec succès',
    /** The page has two forms: each button says what it saves. */
    save: 'Enregistrer les langues',
    /** « 14 % de vos commandes des 90 derniers jours sont en anglais : aucun modèle en anglais, … ». */
    unserved: (share: string, language: string, fallback: string) =>
      `${share} de vos commandes des 90 derniers jours sont en ${language}\u202f: aucun modèle en ${language}, ces clients sont sollicités en ${fallback}.`,
    unservedHeading: 'Des commandes dans une langue que vous ne proposez pas',
    /** « 14 % de vos commandes des 90 derniers jours sont en anglais : aucun modèle en anglais, … » (decision 057). */
    unwritten: (share: string, language: string) =>
      `${share} de vos commandes des 90 derniers jours sont en ${language}\u202f: aucun modèle en ${language}, ces clients reçoivent notre modèle en ${language}.`,
    unwrittenHeading: 'Des commandes dans une langue sans votre modèle',
    write: (language: string) => `Écrire le modèle en ${language}`,
    choose: 'Choisir les langues',
  },
};
