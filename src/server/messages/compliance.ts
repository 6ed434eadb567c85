/** French e-mail the merchant receives when Shopify forwards a customer's data request. */
import { elide } from '../../core/french';

export const complianceMessages = {
  dataRequestSubject: 'Demande de données client reçue de Shopify',
  dataRequestText: (shopDomain: string, requestId: string, link: string) =>
    `Shopify nous a transmis une demande d’accès aux données d’un client ${elide('de', shopDomain, '’')} (demande ${requestId}).\n\nL’export de toutes les données que nous détenons sur ce client est prêt : ${link}\n(connectez-vous pour le télécharger, puis transmettez-le au client dans les 30 jours).`,
} as const;
