/**
 * /app/shopify-diagnostic: what a step says when Shopify could not answer (a 5xx, its rate limit
 * past the retries, no answer in time), as opposed to refusing the token (decision 023). Shopify's
 * outage is nobody's fault here: the merchant tries again in a moment, never reconnects for it.
 */
export const shopifyDiagnosticFailures = {
  token: {
    unavailable: (status: number | null) =>
      status && status >= 500
        ? `Shopify est momentanément indisponible (erreur ${status})\u202f: le jeton d’accès n’a pas pu être vérifié.`
        : 'Shopify limite les requêtes pour le moment\u202f: le jeton d’accès n’a pas pu être vérifié.',
    timeout: 'Shopify n’a pas répondu à temps\u202f: le jeton d’accès n’a pas pu être vérifié.',
  },
  /** A step that asks Shopify, not run because Shopify did not answer at step 1. */
  unreachable: 'Vérification impossible\u202f: Shopify ne répond pas pour le moment (étape 1).',
  webhooksPlatform: {
    unavailable: 'La liste des webhooks n’a pas pu être lue\u202f: Shopify est momentanément indisponible.',
    timeout: 'La liste des webhooks n’a pas pu être lue\u202f: Shopify n’a pas répondu à temps.',
  },
  retryFix: 'Votre boutique et sa connexion ne sont pas en cause. Relancez le diagnostic dans quelques instants.',
};
