/**
 * What the merchant reads when Shopify could not answer (a 5xx, its rate limit past the retries, no
 * answer in time): never a refusal, always something to try again in a moment (decision 023).
 */
export const shopifyAvailabilityMessages: {
  webhookNotConfirmed: (topic: string) => string;
  requestFailed: (failure: 'unavailable' | 'timeout', status: number | null) => string;
  reason: (failure: 'unavailable' | 'timeout', status: number | null) => string;
} = {
  /** A subscription created while Shopify failed, and not found on Shopify afterwards. */
  webhookNotConfirmed: (topic: string) => `${topic}\u202f: Shopify n’a pas répondu à temps et l’abonnement n’a pas été confirmé. Relancez l’enregistrement dans quelques instants.`,
  /** A request Shopify could not answer, past the retries: what happened, and to try again. */
  requestFailed: (failure: 'unavailable' | 'timeout', status: number | null) => `${shopifyAvailabilityMessages.reason(failure, status)}. Réessayez dans quelques instants.`,
  /** Why a request to Shopify failed, when it was not a refusal. */
  reason: (failure: 'unavailable' | 'timeout', status: number | null) =>
    failure === 'timeout'
      ? 'Shopify n’a pas répondu à temps'
      : status && status >= 500
        ? `Shopify est momentanément indisponible, erreur ${status}`
        : 'Shopify limite les requêtes pour le moment',
};
