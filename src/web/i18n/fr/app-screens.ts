/** Titles and subtitles of the /app screens (shown in the layout header). Built screens (integrations, schedule…) have their own catalogue. */
export const appScreens = {
  dashboard: {
    title: 'Tableau de bord',
    subtitle: "Suivez vos demandes d'avis et vos résultats.",
  },
  feedback: {
    title: 'Avis clients',
    subtitle: 'Consultez et partagez les avis laissés par vos clients.',
  },
  upsell: {
    title: 'Configuration upsell',
    subtitle: 'Proposez la bonne offre au bon moment.',
    badge: 'Bientôt disponible',
    heading: 'Les offres upsell arrivent bientôt',
    body: "Vous pourrez bientôt proposer une offre personnalisée à vos clients juste après qu'ils ont laissé un avis.",
    points: ["Offres déclenchées après l'avis d'un client satisfait", 'Codes de réduction personnalisés', 'Suivi des conversions dans vos analyses'],
    cta: "Configurer mes demandes d'avis en attendant",
  },
  branding: {
    title: 'Branding & Pages',
    subtitle: "Personnalisez l'apparence de vos pages d'avis.",
  },
  emailTemplates: {
    title: "Templates d'emails",
    subtitle: "Modifiez l'e-mail de demande d'avis et prévisualisez-le.",
  },
  settings: {
    title: 'Paramètres',
    subtitle: "Notifications et réglages d'envoi.",
  },
  subscriptionPlans: {
    title: "Plans d'abonnement",
    subtitle: 'Choisissez le plan adapté à votre boutique.',
  },
};
