import { brandName } from './common';
import { legal, type LegalDocumentContent } from './legal';

/** /legal-notice (mentions légales, LCEN art. 6 III). */
export const legalNotice: LegalDocumentContent = {
  title: 'Mentions légales',
  updatedAt: legal.updatedAt,
  intro: `Informations relatives à l’éditeur et à l’hébergeur du site ${brandName}, conformément à la loi n° 2004-575 du 21 juin 2004 pour la confiance dans l’économie numérique.`,
  sections: ({ operator: o }) => [
    {
      heading: 'Éditeur',
      items: [
        o.name,
        legal.publisher.legalForm(o.legalForm, o.shareCapital),
        legal.publisher.address(o.address),
        legal.publisher.registration(o.registration),
        ...(o.vat ? [legal.publisher.vat(o.vat)] : []),
        legal.publisher.phone(o.phone),
        legal.publisher.email(o.email),
      ],
    },
    {
      heading: 'Publication',
      items: [legal.publisher.director(o.publicationDirector)],
    },
    {
      heading: 'Hébergement',
      items: [legal.publisher.host(o.hostingProvider)],
    },
    {
      heading: 'Propriété intellectuelle',
      paragraphs: [
        `La marque ${brandName}, le site, ses textes, graphismes et logiciels sont protégés par le droit de la propriété intellectuelle. Toute reproduction sans autorisation est interdite. Shopify est une marque de Shopify Inc.`,
      ],
    },
    {
      heading: 'Données personnelles',
      paragraphs: ['Le traitement de vos données personnelles et vos droits sont décrits dans notre politique de confidentialité.'],
      link: { label: 'Lire la politique de confidentialité', to: '/privacy-policy' },
    },
  ],
};
