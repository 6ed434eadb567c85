/** Public landing page (docs/product/screens.md). Marketing figures are sample content only. */
export const landing = {
  documentTitle: 'Collectez plus d’avis clients sur Shopify',
  nav: {
    label: 'Navigation du site',
    features: 'Fonctionnalités',
    analytics: 'Analyses',
    pricing: 'Tarifs',
    login: 'Se connecter',
    signup: 'Commencer',
  },
  hero: {
    eyebrow: 'Pour les marchands Shopify',
    title: 'Collectez plus d’avis clients, automatiquement',
    body: 'Envoyez la bonne demande d’avis au bon moment, offrez à vos clients une page d’avis à vos couleurs et suivez vos résultats en temps réel.',
    primary: 'Commencer gratuitement',
    secondary: 'Installer sur Shopify',
    reassurance: 'Sans engagement · Facturation mensuelle via Shopify',
    mock: {
      label: 'Aperçu d’une demande d’avis',
      sentAfter: 'Envoyé 7 jours après la livraison',
      subject: 'Votre avis compte pour nous\u202f! 🌟',
      greeting: 'Bonjour Camille,',
      body: 'Merci pour votre commande n°1042. Comment évaluez-vous votre expérience\u202f?',
      button: 'Laisser un avis',
      newReview: 'Nouvel avis 5 étoiles',
      newReviewDetail: '«\u202fLivraison rapide, produit parfait\u202f!\u202f»',
    },
  },
  metrics: {
    title: 'Des résultats qui se voient',
    subtitle: 'Les chiffres moyens constatés chez nos marchands.',
    items: [
      { value: '+96%', label: 'de taux de réponse moyen' },
      { value: '2.1x', label: 'plus d’avis collectés' },
      { value: '12x', label: 'ROI' },
      { value: '97.2%', label: 'de délivrabilité' },
      { value: '18.4%', label: 'de taux d’ouverture moyen' },
    ],
  },
  features: {
    eyebrow: 'Fonctionnalités',
    title: 'Tout pour transformer vos commandes en avis',
    subtitle: 'De l’envoi de la demande à l’analyse des résultats, sans effort.',
    items: [
      {
        title: 'Demandes d’avis automatiques',
        body: 'Une demande part automatiquement après l’achat ou la livraison, par exemple 7 jours après la livraison, dans la limite de votre quota.',
      },
      {
        title: 'Actions conditionnelles',
        body: 'Choisissez la suite pour chaque note\u202f: lien vers votre page d’avis publique, message privé, alerte par e-mail pour réagir vite.',
      },
      {
        title: 'Intégration à votre boutique',
        body: 'Connectez votre boutique Shopify\u202f: les commandes payées ou expédiées déclenchent vos demandes, sans saisie manuelle.',
      },
      {
        title: 'Analyses détaillées',
        body: 'Suivez les envois, les ouvertures, la répartition des notes et les derniers avis reçus.',
      },
    ],
  },
  customization: {
    eyebrow: 'Personnalisation',
    title: 'À votre image, de la boutique à la boîte de réception',
    subtitle: 'Intégrations, pages de marque et e-mails\u202f: chaque point de contact reflète votre boutique.',
    items: [
      {
        title: 'Intégrations',
        body: 'Shopify est connecté en quelques clics. WhatsApp arrive bientôt.',
        tags: ['Shopify', 'E-mail', 'WhatsApp (bientôt)'],
      },
      {
        title: 'Branding & pages',
        body: 'Logo, couleurs et textes de votre page d’avis, avec un aperçu mobile en direct.',
        tags: ['Logo', 'Couleurs', 'Aperçu mobile'],
      },
      {
        title: 'Modèles d’e-mails',
        body: 'Un éditeur avec aperçu en direct et des variables pour personnaliser chaque message.',
        tags: ['{{customer_name}}', '{{order_number}}', '{{review_link}}'],
      },
    ],
  },
  analytics: {
    eyebrow: 'Analyses de performance',
    title: 'Mesurez chaque envoi, chaque avis',
    body: 'Un tableau de bord clair pour savoir ce qui fonctionne\u202f: invitations envoyées, avis reçus, note moyenne et évolution semaine après semaine.',
    points: ['Périodes de 7, 30 ou 90 jours', 'Répartition des notes de 1 à 5 étoiles', 'Alertes de quota avant la limite de votre plan'],
    chartTitle: 'Avis collectés par semaine',
    chartBadge: 'Données d’exemple',
    chartDescription: 'Graphique d’exemple\u202f: le nombre d’avis collectés passe de 18 en semaine 1 à 74 en semaine 8.',
    chartLoading: 'Chargement du graphique…',
    seriesLabel: 'Avis',
    weekLabel: (n: number) => `S${n}`,
    stats: [
      { value: '4,8/5', label: 'Note moyenne' },
      { value: '1 240', label: 'Invitations envoyées' },
      { value: '312', label: 'Avis reçus' },
    ],
  },
  pricing: {
    eyebrow: 'Tarifs',
    title: 'Des tarifs simples, sans engagement',
    subtitle: 'Facturé mensuellement via Shopify. Changez de plan à tout moment.',
    choose: (name: string) => `Choisir ${name}`,
    loading: 'Chargement des tarifs…',
    error: 'Impossible de charger les tarifs. Veuillez réessayer.',
    empty: 'Aucune offre disponible pour le moment.',
    footnote: 'Prix hors taxes. Facturation mensuelle via Shopify, sans engagement.',
  },
  testimonial: {
    label: 'Témoignage',
    quote:
      'En trois mois, nous avons doublé le nombre d’avis sur notre boutique. Les demandes partent toutes seules et nous répondons plus vite aux clients qui ont rencontré un souci.',
    author: 'Claire Dubois',
    role: 'Fondatrice, Maison Lumière',
    rating: 'Note\u202f: 5 sur 5',
  },
  closing: {
    eyebrow: 'Le e-commerce conversationnel',
    title: 'L’avenir du e-commerce est conversationnel',
    body: 'Vos clients veulent être écoutés. Engagez la conversation après chaque commande et collectez plus d’avis, dès aujourd’hui.',
    cta: 'Commencer gratuitement',
  },
  footer: {
    about: 'La solution française pour collecter des avis clients authentiques sur votre boutique Shopify.',
    columns: {
      product: { title: 'Produit', items: ['Fonctionnalités', 'Tarifs', 'Intégrations'] },
      company: { title: 'Entreprise', items: ['À propos', 'Blog', 'Carrières'] },
      support: { title: 'Support', items: ['Centre d’aide', 'Contact', 'Statut'] },
      legal: { title: 'Légal' },
    },
  },
};
