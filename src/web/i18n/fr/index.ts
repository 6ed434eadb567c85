import { accountSettings } from './account-settings';
import { appScreens } from './app-screens';
import { auth } from './auth';
import { branding } from './branding';
import { emailTemplates } from './email-templates';
import { settings } from './settings';
import { deliverability } from './deliverability';
import { common } from './common';
import { conditional } from './conditional';
import { dashboard } from './dashboard';
import { feedback } from './feedback';
import { flow } from './flow';
import { landing } from './landing';
import { layout } from './layout';
import { legal } from './legal';
import { legalNotice } from './legal-notice';
import { login } from './login';
import { notFound } from './not-found';
import { outbox } from './outbox';
import { plans } from './plans';
import { privacyPolicy } from './privacy-policy';
import { resetPassword } from './reset-password';
import { schedule } from './schedule';
import { integrations } from './integrations';
import { shopifyDiagnostic } from './shopify-diagnostic';
import { shopifyDiagnosticFailures } from './shopify-diagnostic-failures';
import { shopifyEntry } from './shopify-entry';
import { shopifyFlow } from './shopify-flow';
import { shopifyInstall } from './shopify-install';
import { shopifyOnboarding } from './shopify-onboarding';
import { shopifyPlanSelection } from './shopify-plan-selection';
import { shopifyTestOnboarding } from './shopify-test-onboarding';
import { signup } from './signup';
import { subscription } from './subscription';
import { termsOfService } from './terms-of-service';
import { unsubscribe } from './unsubscribe';
import { confirmations } from './confirmations';

/** The French catalogue: one entry per screen file. */
export const fr = {
  common,
  layout,
  appScreens,
  auth,
  login,
  signup,
  resetPassword,
  accountSettings,
  landing,
  legal,
  privacyPolicy,
  termsOfService,
  legalNotice,
  notFound,
  outbox,
  shopifyFlow,
  shopifyEntry,
  shopifyInstall,
  shopifyPlanSelection,
  shopifyOnboarding,
  shopifyTestOnboarding,
  integrations,
  shopifyDiagnostic,
  shopifyDiagnosticFailures,
  flow,
  schedule,
  conditional,
  branding,
  emailTemplates,
  settings,
  deliverability,
  unsubscribe,
  confirmations,
  subscription,
  dashboard,
  feedback,
  plans,
};
