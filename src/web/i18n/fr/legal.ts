import { brandName } from './common';

/** Shape of one legal document, rendered by components/legal/LegalDocument. */
export interface LegalSection {
  heading: string;
  paragraphs?: string[];
  items?: string[];
  link?: { label: string; to: string };
}

export interface LegalDocumentContent {
  title: string;
  updatedAt: string;
  intro: string;
  sections: LegalSection[];
}

/** Strings shared by the three legal pages. */
export const legal = {
  backHome: "Retour à l'accueil",
  updatedLabel: 'Dernière mise à jour :',
  updatedAt: '14 octobre 2025',
  navLabel: 'Documents légaux',
  /**
   * Company details required by French law (LCEN art. 6). The values in brackets must be replaced
   * with the publisher's real registration details before going live.
   */
  publisher: {
    name: `${brandName} SAS`,
    legalForm: 'Société par actions simplifiée au capital de [montant] euros',
    address: '[Adresse du siège social]',
    registration: 'RCS [ville] [numéro]',
    vat: 'TVA intracommunautaire : [numéro]',
    director: 'Directeur de la publication : [nom du représentant légal]',
    email: '[adresse e-mail de contact]',
    host: "Hébergeur : [nom, adresse et téléphone de l'hébergeur]",
  },
};
