/**
 * The French catalogue: one named export per screen file. Re-exported, never gathered into one object, so
 * that the bundler resolves `messages.<screen>` to that screen's file and each screen's JavaScript
 * carries only the catalogues it reads (decision 027).
 */
export { absence } from './absence';
export { accountSettings } from './account-settings';
export { appScreens } from './app-screens';
export { auth } from './auth';
export { branding } from './branding';
export { common } from './common';
export { conditional } from './conditional';
export { confirmations } from './confirmations';
export { dashboard } from './dashboard';
export { deliverability } from './deliverability';
export { emailTemplates } from './email-templates';
export { feedback } from './feedback';
export { flow } from './flow';
export { integrations } from './integrations';
export { landing } from './landing';
export { layout } from './layout';
export { legal } from './legal';
export { legalNotice } from './legal-notice';
export { login } from './login';
export { notFound } from './not-found';
export { outbox } from './outbox';
export { plans } from './plans';
export { privacyPolicy } from './privacy-policy';
export { resetPassword } from './reset-password';
export { reviewPhotos } from './review-photos';
export { reviewStatus } from './review-status';
export { schedule } from './schedule';
export { settings } from './settings';
export { shopifyDiagnostic } from './shopify-diagnostic';
export { shopifyDiagnosticFailures } from './shopify-diagnostic-failures';
export { shopifyEntry } from './shopify-entry';
export { shopifyFlow } from './shopify-flow';
export { shopifyInstall } from './shopify-install';
export { shopifyOnboarding } from './shopify-onboarding';
export { shopifyPlanSelection } from './shopify-plan-selection';
export { shopifyTestOnboarding } from './shopify-test-onboarding';
export { signup } from './signup';
export { storefront } from './storefront';
export { subscription } from './subscription';
export { termsOfService } from './terms-of-service';
export { textLanguages } from './text-languages';
export { unsubscribe } from './unsubscribe';
