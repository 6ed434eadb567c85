import { brandName } from './common';
import { legal, type LegalDocumentContent } from './legal';

/** /privacy-policy */
export const privacyPolicy: LegalDocumentContent = {
  title: 'Politique de confidentialité',
  updatedAt: legal.updatedAt,
  intro: `Cette politique explique quelles données personnelles ${brandName} traite, pourquoi, combien de temps et quels sont vos droits. Elle s’applique au site, à l’application destinée aux marchands et aux pages d’avis présentées à leurs clients.`,
  sections: ({ operator: o }) => [
    {
      heading: '1. Qui traite vos données',
      paragraphs: [
        `${o.name} («\u202f${brandName}\u202f», «\u202fnous\u202f»), dont le siège social est situé ${o.address}, est responsable du traitement des données des marchands qui utilisent le service (compte, boutique, facturation). Pour toute question relative à vos données, écrivez-nous à ${o.email}.`,
        `Pour les données des clients des marchands (nom, adresse e-mail, numéro de commande, avis), le marchand est responsable du traitement et ${brandName} agit comme sous-traitant, sur ses instructions, conformément à l’article 28 du RGPD.`,
      ],
    },
    {
      heading: '2. Données que nous traitons',
      items: [
        'Compte marchand\u202f: nom, adresse e-mail, mot de passe (enregistré sous forme chiffrée et irréversible), nom de la société.',
        'Boutique\u202f: domaine et nom de la boutique Shopify, jeton d’accès (chiffré), plan souscrit et statut de l’abonnement.',
        'Commandes\u202f: numéro de commande, nom et adresse e-mail du client, dates de paiement ou d’expédition, nécessaires pour programmer les demandes d’avis.',
        'Avis\u202f: note, commentaire, nom et adresse e-mail de l’auteur.',
        'Données techniques\u202f: journaux de connexion, adresse IP et cookies de session nécessaires à la sécurité du service.',
      ],
    },
    {
      heading: '3. Finalités et bases légales',
      items: [
        'Fournir le service (envoi des demandes d’avis, pages d’avis, analyses)\u202f: exécution du contrat.',
        'Sécuriser le service et prévenir la fraude\u202f: intérêt légitime.',
        'Facturation et obligations comptables\u202f: obligation légale.',
        'Informer les marchands des évolutions du service\u202f: intérêt légitime.',
      ],
      paragraphs: [
        'Les e-mails de demande d’avis sont envoyés au nom du marchand, qui doit disposer d’une base légale pour contacter ses clients. Chaque e-mail contient un lien de désinscription\u202f; une adresse désinscrite n’est plus jamais sollicitée par la boutique concernée.',
      ],
    },
    {
      heading: '4. Destinataires',
      paragraphs: [
        'Vos données ne sont jamais vendues. Elles sont accessibles à nos équipes habilitées et à nos sous-traitants techniques (hébergement, envoi d’e-mails) dans la limite de leurs missions. Shopify reçoit les informations nécessaires à la facturation de l’abonnement.',
      ],
    },
    {
      heading: '5. Durée de conservation',
      items: [
        'Les données du compte et de la boutique sont conservées pendant toute la durée de l’abonnement.',
        'Après la résiliation ou la désinstallation, elles sont conservées au maximum 30 jours, puis supprimées.',
        'Les pièces comptables et de facturation sont conservées jusqu’à 5 ans pour répondre à nos obligations légales.',
        'Les journaux techniques sont conservés pour une durée limitée, nécessaire à la sécurité du service.',
      ],
    },
    {
      heading: '6. Cookies',
      paragraphs: [
        'Nous utilisons uniquement des cookies strictement nécessaires au fonctionnement du service, notamment pour maintenir votre session. Aucun cookie publicitaire ni traceur tiers n’est déposé.',
      ],
    },
    {
      heading: '7. Sécurité',
      paragraphs: [
        'Les échanges sont chiffrés (HTTPS), les mots de passe sont hachés et les jetons d’accès aux boutiques sont chiffrés au repos. L’accès aux données est limité aux personnes qui en ont besoin.',
      ],
    },
    {
      heading: '8. Transferts hors de l’Union européenne',
      paragraphs: [
        'Certains prestataires, dont Shopify, peuvent traiter des données hors de l’Union européenne. Ces transferts sont encadrés par des garanties appropriées, comme les clauses contractuelles types de la Commission européenne.',
      ],
    },
    {
      heading: '9. Vos droits',
      paragraphs: [
        'Vous disposez d’un droit d’accès, de rectification, d’effacement, de limitation, de portabilité et d’opposition, ainsi que du droit de définir des directives sur le sort de vos données après votre décès.',
        `Pour les exercer, écrivez-nous à ${o.email} ou par courrier à ${o.name}, ${o.address}. Les clients d’un marchand peuvent aussi s’adresser directement à la boutique concernée. Vous pouvez introduire une réclamation auprès de la CNIL (www.cnil.fr).`,
      ],
    },
    {
      heading: '10. Modifications',
      paragraphs: ['Toute modification importante de cette politique est annoncée au moins 30 jours avant son entrée en vigueur.'],
      link: { label: 'Consulter les conditions générales d’utilisation', to: '/terms-of-service' },
    },
  ],
};
