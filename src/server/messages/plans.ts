/** French messages of this area's error codes. */
import type { PLAN_ERRORS } from '../../core/api/plans';
import type { MessagesOf } from './types';

export const planErrorMessages: MessagesOf<typeof PLAN_ERRORS> = {
  plan_not_found: "Ce plan n'existe pas ou n'est plus proposé",
  plan_change_failed: "Shopify n'a pas pu créer l'abonnement. Réessayez dans un instant.",
};
