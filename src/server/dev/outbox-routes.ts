/**
 * The local outbox, readable outside production: /api/dev/outbox lists e-mails, /api/dev/outbox/:id
 * shows one. Mounted only when developer tools are enabled (never in production).
 */
import { desc, eq } from 'drizzle-orm';
import { getOutboxEmail, listOutbox } from '#core/api/dev-outbox';
import { emailOutbox } from '#db/schema';
import type { AppContext } from '../context';
import { DomainError } from '../domain-error';
import { route } from '../http/route';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function outboxRoutes(ctx: AppContext) {
  if (!ctx.config.devTools) return [];
  return [
    route(listOutbox, async ({ query }) => {
      const emails = await ctx.db
        .select({
          id: emailOutbox.id,
          to: emailOutbox.toAddress,
          from: emailOutbox.fromAddress,
          subject: emailOutbox.subject,
          created_at: emailOutbox.createdAt,
        })
        .from(emailOutbox)
        .where(query.to ? eq(emailOutbox.toAddress, query.to) : undefined)
        .orderBy(desc(emailOutbox.createdAt))
        .limit(200);
      return { emails };
    }),
    route(getOutboxEmail, async ({ params }) => {
      if (!UUID.test(params.id)) throw new DomainError('outbox_email_not_found');
      const [row] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, params.id));
      if (!row) throw new DomainError('outbox_email_not_found');
      return {
        email: {
          id: row.id,
          message_id: row.messageId,
          to: row.toAddress,
          from: row.fromAddress,
          subject: row.subject,
          created_at: row.createdAt,
          html: row.html,
          text: row.text,
          headers: row.headers,
        },
      };
    }),
  ];
}
