/**
 * Every contract of the API, by area. The server's contract test checks that each mounted /api
 * and /functions/v1 route is one of these (and nothing else is mounted there).
 */
import type { Endpoint } from './endpoint';
import * as audit from './audit';
import * as auth from './auth';
import * as branding from './branding';
import * as compliance from './compliance';
import * as dashboard from './dashboard';
import * as deliverability from './deliverability';
import * as devOutbox from './dev-outbox';
import * as emailTemplates from './email-templates';
import * as flows from './flows';
import * as legal from './legal';
import * as notificationRecipients from './notification-recipients';
import * as plans from './plans';
import * as ratingActions from './rating-actions';
import * as reviewRequests from './review-requests';
import * as reviews from './reviews';
import * as settings from './settings';
import * as shopify from './shopify';
import * as storefront from './storefront';
import * as stores from './stores';
import * as unsubscribe from './unsubscribe';

function isEndpoint(value: unknown): value is Endpoint {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'access' in value && 'errors' in value;
}

const areas = {
  audit,
  auth,
  branding,
  compliance,
  dashboard,
  devOutbox,
  emailTemplates,
  deliverability,
  flows,
  legal,
  notificationRecipients,
  plans,
  ratingActions,
  reviewRequests,
  reviews,
  settings,
  shopify,
  storefront,
  stores,
  unsubscribe,
};

export const ENDPOINTS: readonly Endpoint[] = Object.values(areas).flatMap((area) => Object.values(area as Record<string, unknown>).filter(isEndpoint));

export { endpoint, pathWith } from './endpoint';
export type { Access, Endpoint, HttpMethod } from './endpoint';
export { ERROR_STATUS, isErrorCode, type ErrorCode } from './codes';
export { errorBody, type ErrorBody } from './errors';
