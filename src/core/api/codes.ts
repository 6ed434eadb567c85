/**
 * Every error code the API answers, with its HTTP status: the common ones and each area's. A code
 * added to an area's map is known to the server's edge, its message catalogue (which must then
 * give it a French message, or the build fails) and the browser.
 */
import { AUTH_ERRORS } from './auth';
import { BRANDING_ERRORS } from './branding';
import { DELIVERABILITY_ERRORS } from './deliverability';
import { EMAIL_TEMPLATE_ERRORS } from './email-templates';
import { COMMON_ERRORS } from './errors';
import { FLOW_ERRORS } from './flows';
import { NOTIFICATION_RECIPIENT_ERRORS } from './notification-recipients';
import { PLAN_ERRORS } from './plans';
import { RATING_ACTION_ERRORS } from './rating-actions';
import { REQUEST_ERRORS } from './review-requests';
import { REVIEW_ERRORS } from './reviews';
import { SHOPIFY_ERRORS } from './shopify';
import { STOREFRONT_ERRORS } from './storefront';
import { STORE_ERRORS } from './stores';
import { UNSUBSCRIBE_ERRORS } from './unsubscribe';

export const ERROR_STATUS = {
  ...COMMON_ERRORS,
  ...AUTH_ERRORS,
  ...STORE_ERRORS,
  ...SHOPIFY_ERRORS,
  ...PLAN_ERRORS,
  ...FLOW_ERRORS,
  ...REQUEST_ERRORS,
  ...REVIEW_ERRORS,
  ...UNSUBSCRIBE_ERRORS,
  ...RATING_ACTION_ERRORS,
  ...BRANDING_ERRORS,
  ...EMAIL_TEMPLATE_ERRORS,
  ...DELIVERABILITY_ERRORS,
  ...NOTIFICATION_RECIPIENT_ERRORS,
  ...STOREFRONT_ERRORS,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}
