/** Shape of one legal document, rendered by components/legal/LegalDocument. */
import { count } from '#core/french-format';
export interface LegalSection {
  heading: string;
  /** A sentence introducing the list below it. */
  lead?: string;
  items?: string[];
  paragraphs?: string[];
  link?: { label: string; to: string };
}

/**
 * What the pages name, from GET /api/legal, formatted for reading (LegalDocument builds it): the
 * operator from the server's configuration and the plans from the one price list.
 */
export interface LegalFacts {
  operator: {
    name: string;
    legalForm: string;
    /** Already formatted, e.g. "10 000 €". */
    shareCapital: string;
    address: string;
    registration: string;
    vat: string | null;
    phone: string;
    email: string;
    publicationDirector: string;
    hostingProvider: string;
  };
  /** In the price list's order; `price` already formatted as the landing page shows it ("47 $ US"). */
  plans: { name: string; price: string; quota: number | null }[];
}

export interface LegalDocumentContent {
  title: string;
  updatedAt: string;
  intro: string;
  /** The numbered sections, written around the operator's details and the plans. */
  sections: (facts: LegalFacts) => LegalSection[];
}

/** Strings shared by the three legal pages. */
export const legal = {
  backHome: 'Retour à l’accueil',
  updatedLabel: 'Dernière mise à jour\u202f:',
  updatedAt: '14 octobre 2025',
  navLabel: 'Documents légaux',
  loading: 'Chargement des informations légales…',
  loadError: 'Impossible de charger les informations légales. Vérifiez votre connexion puis réessayez.',
  /** Lines of the publisher's identity (LCEN art. 6 III). */
  publisher: {
    legalForm: (legalForm: string, capital: string) => `${legalForm} au capital de ${capital}`,
    address: (address: string) => `Siège social\u202f: ${address}`,
    registration: (registration: string) => `Immatriculation\u202f: ${registration}`,
    vat: (vat: string) => `TVA intracommunautaire\u202f: ${vat}`,
    phone: (phone: string) => `Téléphone\u202f: ${phone}`,
    email: (email: string) => `Contact\u202f: ${email}`,
    director: (name: string) => `Directeur de la publication\u202f: ${name}`,
    host: (host: string) => `Hébergeur\u202f: ${host}`,
  },
  /** One plan of the terms: "Pro : 77 $ US par mois, 3 000 e-mails par mois". */
  plan: (name: string, price: string, quota: number | null) =>
    `${name}\u202f: ${price} par mois, ${quota === null ? 'e-mails illimités' : `${count(quota, 'e-mail', 'e-mails')} par mois`}`,
};
