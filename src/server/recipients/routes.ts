/** The notification addresses' endpoints (src/core/api/notification-recipients.ts). */
import { confirmRecipient, readNotificationRecipients, readRecipientLink, resendRecipientLink } from '#core/api/notification-recipients';
import type { AppContext } from '../context';
import { route, type Route } from '../http/route';
import { confirmRecipientLink, readRecipientLink as readLink, readRecipients, resendLink } from './service';

export function notificationRecipientRoutes(ctx: AppContext): Route[] {
  return [
    route(readNotificationRecipients, async ({ store }) => readRecipients(ctx.db, store.id)),
    route(resendRecipientLink, async ({ store, body }) => resendLink(ctx, store.id, body.email)),
    route(readRecipientLink, async ({ params }) => readLink(ctx.db, params.token)),
    route(confirmRecipient, async ({ params }) => confirmRecipientLink(ctx.db, params.token)),
  ];
}
