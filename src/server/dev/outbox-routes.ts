/**
 * The local outbox, readable outside production: /api/dev/outbox lists e-mails, /api/dev/outbox/:id
 * shows one. Mounted only when developer tools are enabled (never in production).
 */
import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { emailOutbox } from '../../db/schema';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';

const idSchema = z.string().uuid();

export function outboxRoutes(ctx: AppContext) {
  const app = new Hono();
  app.get('/', async (c) => {
    const to = c.req.query('to');
    const rows = await ctx.db
      .select({
        id: emailOutbox.id,
        to: emailOutbox.toAddress,
        from: emailOutbox.fromAddress,
        subject: emailOutbox.subject,
        created_at: emailOutbox.createdAt,
      })
      .from(emailOutbox)
      .where(to ? eq(emailOutbox.toAddress, to) : undefined)
      .orderBy(desc(emailOutbox.createdAt))
      .limit(200);
    return c.json({ emails: rows });
  });
  app.get('/:id', async (c) => {
    const id = c.req.param('id');
    if (!idSchema.safeParse(id).success) throw new ApiError(404, 'E-mail introuvable');
    const [row] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    if (!row) throw new ApiError(404, 'E-mail introuvable');
    return c.json({
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
    });
  });
  return app;
}
