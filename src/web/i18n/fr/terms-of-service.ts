import { elide } from '#core/french';
import { brandName } from './common';
import { legal, type LegalDocumentContent } from './legal';

/**
 * /terms-of-service. The plans and their prices are the database's price list (GET /api/legal), the
 * same the pricing page shows: the terms never carry a copy of their own.
 */
export const termsOfService: LegalDocumentContent = {
  title: 'Conditions générales d’utilisation',
  updatedAt: legal.updatedAt,
  intro: `Les présentes conditions régissent l’utilisation ${elide('de', brandName)} par les marchands. En créant un compte ou en installant l’application depuis Shopify, vous les acceptez.`,
  sections: ({ operator: o, plans }) => [
    {
      heading: '1. Objet du service',
      paragraphs: [
        `${brandName} permet aux marchands Shopify d’envoyer des demandes d’avis à leurs clients après une commande, de collecter ces avis sur une page à leurs couleurs, de configurer des actions selon la note et de suivre leurs résultats.`,
        `Le service est édité par ${o.name}, dont les coordonnées complètes figurent dans les mentions légales.`,
      ],
      link: { label: 'Voir les mentions légales', to: '/legal-notice' },
    },
    {
      heading: '2. Compte et boutique',
      items: [
        'Vous devez fournir des informations exactes et garder votre mot de passe confidentiel.',
        'Un compte est lié à une seule boutique active à la fois.',
        'Vous êtes responsable de l’activité réalisée depuis votre compte.',
      ],
    },
    {
      heading: '3. Abonnements et tarifs',
      lead:
        plans.length > 0
          ? 'Chaque plan est un abonnement mensuel qui comprend un quota d’e-mails. Les plans proposés et leurs prix mensuels sont les suivants\u202f:'
          : 'Aucun plan n’est proposé à la souscription pour le moment.',
      items: plans.map((p) => legal.plan(p.name, p.price, p.quota)),
      paragraphs: [
        'Le prix applicable est celui du plan affiché au moment de la souscription, identique à celui de la page Tarifs.',
        'Les abonnements sont facturés mensuellement par Shopify, sans engagement\u202f: vous pouvez changer de plan ou résilier à tout moment. Toute modification de prix est annoncée au moins 30 jours à l’avance.',
      ],
      link: { label: 'Voir la page Tarifs', to: '/#tarifs' },
    },
    {
      heading: '4. Vos engagements',
      items: [
        'Solliciter des avis de manière loyale\u202f: proposer le même parcours d’avis public à tous vos clients, quelle que soit leur note.',
        'Ne jamais publier de faux avis ni conditionner une contrepartie au contenu d’un avis.',
        'Disposer d’une base légale pour contacter vos clients et respecter leurs demandes de désinscription.',
        'Respecter la réglementation applicable, notamment le RGPD, pour les données de vos clients.',
      ],
    },
    {
      heading: '5. Données personnelles',
      paragraphs: [`Le traitement des données est décrit dans notre politique de confidentialité. Pour les données de vos clients, ${brandName} agit comme sous-traitant.`],
      link: { label: 'Lire la politique de confidentialité', to: '/privacy-policy' },
    },
    {
      heading: '6. Disponibilité',
      paragraphs: [
        'Nous faisons nos meilleurs efforts pour assurer la disponibilité du service, sans garantir une absence totale d’interruption, notamment lors des opérations de maintenance ou en cas d’indisponibilité de Shopify.',
      ],
    },
    {
      heading: '7. Responsabilité',
      paragraphs: [
        `La responsabilité ${elide('de', brandName)}, toutes causes confondues, est limitée au montant total payé par le marchand au cours des 12 derniers mois précédant le fait générateur. ${brandName} n’est pas responsable du contenu des avis laissés par les clients.`,
      ],
    },
    {
      heading: '8. Résiliation',
      paragraphs: [
        'Vous pouvez résilier à tout moment en annulant votre abonnement ou en désinstallant l’application depuis Shopify. Vos données sont conservées au maximum 30 jours après la résiliation, puis supprimées, à l’exception des pièces comptables conservées jusqu’à 5 ans.',
        'Nous pouvons suspendre un compte en cas de manquement grave aux présentes conditions, après notification lorsque cela est possible.',
      ],
    },
    {
      heading: '9. Modification des conditions',
      paragraphs: [
        'Toute modification des présentes conditions vous est notifiée au moins 30 jours avant son entrée en vigueur. Si vous ne l’acceptez pas, vous pouvez résilier avant cette date.',
      ],
    },
    {
      heading: '10. Droit applicable',
      paragraphs: [
        `Les présentes conditions sont soumises au droit français. À défaut de solution amiable, tout litige relève des tribunaux compétents du ressort du siège social de l’éditeur (${o.address}).`,
      ],
    },
  ],
};
