/**
 * The server's French message catalogue: one message per error code (and, per area, the other
 * sentences the server writes: e-mails, pages). Ready for a second language: another folder with
 * the same keys.
 */
import type { ErrorCode } from '#core/api/codes';
import { commonMessages } from './common';
import { authErrorMessages } from './auth';
import { storeErrorMessages } from './stores';
import { shopifyErrorMessages } from './shopify';
import { planErrorMessages } from './plans';
import { flowErrorMessages } from './flows';
import { requestErrorMessages } from './review-requests';
import { reviewErrorMessages } from './reviews';
import { unsubscribeErrorMessages } from './unsubscribe';
import { ratingActionErrorMessages } from './rating-actions';
import { brandingErrorMessages, emailTemplateErrorMessages } from './branding';
import { deliverabilityErrorMessages } from './deliverability';
import { notificationRecipientErrorMessages } from './notification-recipients';
import { storefrontErrorMessages } from './storefront';
import type { Message } from './types';

const catalogue: Record<ErrorCode, Message> = {
  ...commonMessages,
  ...authErrorMessages,
  ...storeErrorMessages,
  ...shopifyErrorMessages,
  ...planErrorMessages,
  ...flowErrorMessages,
  ...requestErrorMessages,
  ...reviewErrorMessages,
  ...unsubscribeErrorMessages,
  ...ratingActionErrorMessages,
  ...brandingErrorMessages,
  ...emailTemplateErrorMessages,
  ...deliverabilityErrorMessages,
  ...notificationRecipientErrorMessages,
  ...storefrontErrorMessages,
};

/** The French sentence for `code`, built from `values` when the message needs them. */
export function messageFor(code: ErrorCode, values: Record<string, string | number> = {}): string {
  const message = catalogue[code];
  return typeof message === 'function' ? message(values) : message;
}
