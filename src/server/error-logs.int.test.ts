/**
 * Logs never carry customer data (decision 007): a database failure under a request whose statement
 * holds a customer's e-mail (a reviews search) logs the database's message and the statement's start,
 * never its parameters, neither in the message nor in a stack.
 */
import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { createApp } from './app';
import type { Logger } from './logger';
import { world } from '#tests/support/world';
import { integrationTest } from '#tests/support/integration';

const it = integrationTest();

const lines: string[] = [];

/** A logger that keeps every line as it would be written. */
function keepingLogger(scope = 'app'): Logger {
  const keep = (level: string) => (message: string, fields?: Record<string, unknown>) => void lines.push(`${level} [${scope}] ${message} ${JSON.stringify(fields ?? {})}`);
  return { debug: keep('DEBUG'), info: keep('INFO'), warn: keep('WARN'), error: keep('ERROR'), child: (child) => keepingLogger(`${scope}:${child}`) };
}

describe('the 500 log line', () => {
  it("names the failure without the query's parameters (the customer's e-mail)", async ({ ctx }) => {
    const app = createApp({ ...ctx, log: keepingLogger() });
    const { browser } = await world(ctx).signedIn(app).store();
    // The database fails under the request (a table gone), as in a failover mid-query.
    await ctx.db.execute(sql`ALTER TABLE shopify_reviews RENAME TO shopify_reviews_away`);
    try {
      const email = 'secret.client@exemple.test';
      const res = await browser.json(`/api/reviews?q=${encodeURIComponent(email)}`);
      expect(res.status).toBe(500);
      const logged = lines.filter((l) => l.startsWith('ERROR'));
      expect(logged.length).toBeGreaterThan(0);
      expect(logged.join('\n')).toContain('shopify_reviews');
      expect(logged.join('\n')).not.toContain('secret.client');
    } finally {
      await ctx.db.execute(sql`ALTER TABLE shopify_reviews_away RENAME TO shopify_reviews`);
    }
  });
});
