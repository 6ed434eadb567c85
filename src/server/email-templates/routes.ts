/**
 * /api/email-templates (src/core/api/email-templates.ts): the active review-request template, its
 * save, the template logo's upload (under the account's folder; the save keeps it) and the test
 * e-mail to the signed-in merchant.
 */
import { readEmailTemplate as readEndpoint, saveEmailTemplate as saveEndpoint, sendTestEmail as testEndpoint, uploadTemplateLogo } from '#core/api/email-templates';
import type { AppContext } from '../context';
import { route, type Route } from '../http/route';
import { saveUploadedLogo } from '../media/logos';
import { readEmailTemplate, saveEmailTemplate, sendTestEmail } from './service';

export function emailTemplateRoutes(ctx: AppContext): Route[] {
  return [
    route(readEndpoint, async ({ store, session }) => readEmailTemplate(ctx, store, session)),
    route(saveEndpoint, async ({ store, session, body }) => saveEmailTemplate(ctx, store, session, body)),
    route(uploadTemplateLogo, async ({ session, upload }) => saveUploadedLogo(ctx, upload, { kind: 'template', userId: session.user.id })),
    route(testEndpoint, async ({ store, session, body }) => sendTestEmail(ctx, store, session, body)),
  ];
}
