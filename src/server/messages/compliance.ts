/** French e-mail the merchant receives when Shopify forwards a customer's data request. */
import { elide } from '#core/french';

export const complianceMessages = {
  dataRequest: {
    subject: 'Demande de données client reçue de Shopify',
    intro: (shopDomain: string, requestId: string) => `Shopify nous a transmis une demande d’accès aux données d’un client ${elide('de', shopDomain)} (demande ${requestId}).`,
    ready: 'L’export de toutes les données que nous détenons sur ce client est prêt. Connectez-vous pour le télécharger, puis transmettez-le au client dans les 30 jours.',
    button: 'Télécharger l’export',
    footer: 'Vous recevez cet e-mail parce que Shopify nous a transmis une demande de confidentialité concernant votre boutique.',
  },
} as const;
