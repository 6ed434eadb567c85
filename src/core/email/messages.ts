/**
 * French strings of the e-mails the product sends: the review e-mail's texts (texts/fr.ts, which has
 * its other languages beside it) and the product's own name.
 */
import { fr } from './texts/fr';

export const emailMessages = {
  ...fr,
  /** The product's own e-mails (password reset, alerts, privacy, quotas) are signed with its name. */
  productName: 'Avis Clients',
};
